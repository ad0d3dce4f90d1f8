import type { ReactNode } from 'react';
import { statusIconTone, type Stage, type Tone } from '@nexa/domain';
import { cn } from '../../../lib/cn.ts';

/** Small presentational parts shared by the team pages. */

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>{children}</section>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded bg-slate-200', className)} />;
}

const TONES: Record<Tone, string> = {
  red: 'bg-red-50 text-red-700 ring-red-200',
  orange: 'bg-orange-50 text-orange-700 ring-orange-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function Badge({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

const ICON_TONE = { amber: 'amber', green: 'green', red: 'red', info: 'blue' } as const;
/** The status badge's colour by the spec's status-icon rule (negotiation/qualified amber, won green, lost red). */
export const statusTone = (stage: Stage): Tone => ICON_TONE[statusIconTone(stage)];

export function ScoreBar({ score, label }: { score: number | null; label: string }) {
  const value = score ?? 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={10}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, value * 10))}%` }} />
    </div>
  );
}
