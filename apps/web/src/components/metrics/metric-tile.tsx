import type { ReactNode } from 'react';
import { Card } from '../ui/card.tsx';
import { MetricHelp } from './metric-help.tsx';
import type { MetricId } from './metric-ids.ts';

/** One figure with its label, its "i" (the definition) and a line saying what it counts. */
export function MetricTile({
  label,
  value,
  hint,
  icon,
  testId,
  metric,
}: {
  label: string;
  value: string;
  hint: string;
  icon: ReactNode;
  testId: string;
  metric: MetricId;
}) {
  return (
    <Card padded className="min-w-0 space-y-1">
      <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
        <span className="flex min-w-0 items-center gap-1">
          {label}
          <MetricHelp metric={metric} />
        </span>
        <span className="text-brand-700" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs text-slate-600">{hint}</p>
    </Card>
  );
}
