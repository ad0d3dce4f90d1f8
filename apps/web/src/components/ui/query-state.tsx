import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** For a state inside a section (a line of small text where the content goes) rather than in place of a page. */
export const INLINE_STATE = 'py-0 text-left text-sm';

/** What a list or a page shows while its data loads, announced politely. */
export function LoadingState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('py-10 text-center text-slate-600', className)} role="status">
      {children}
    </p>
  );
}

/** A failed load, announced at once. */
export function ErrorState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('py-10 text-center text-red-700', className)} role="alert">
      {children}
    </p>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, hint, className }: { title: string; hint?: string; className?: string }) {
  return (
    <div className={cn('py-10 text-center', className)} role="status">
      <p className="font-semibold text-slate-900">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}
