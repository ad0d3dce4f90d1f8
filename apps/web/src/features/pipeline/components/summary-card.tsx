import type { Target } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';
import type { MetricId } from '../../../components/metrics/metric-ids.ts';

export function SummaryCard({
  icon: Icon,
  title,
  value,
  subtitle,
  testId,
  metric,
}: {
  icon: typeof Target;
  title: string;
  value: number | undefined;
  subtitle: string;
  testId: string;
  /** The figure's definition, behind an "i" beside the title. */
  metric: MetricId;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start justify-between pt-4 sm:pt-5">
        <div>
          <div className="flex items-center gap-1">
            <h2 className="text-sm font-medium text-slate-600">{title}</h2>
            <MetricHelp metric={metric} />
          </div>
          <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value ?? '—'}</p>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
        <Icon className="h-6 w-6 text-brand-600" aria-hidden />
      </CardContent>
    </Card>
  );
}
