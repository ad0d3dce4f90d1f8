import type { PipelineSummary } from '@nexa/domain';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { formatCompactMoney, formatMoney } from '../../../lib/format.ts';

const COLOURS: Record<string, string> = { 'On-going': '#2563eb', 'Closed-Win': '#16a34a', 'Closed-Lost': '#dc2626' };

/** The amount of each pipeline status as a bar (the figures are the buttons above it). */
export function PipelineChart({ totals, labels }: { totals: PipelineSummary['totals']; labels: Record<string, string> }) {
  const rows = totals.map((total) => {
    const label = labels[total.status] ?? total.status;
    return { label, segments: [{ value: total.amount, color: COLOURS[total.status] ?? '#64748b' }] };
  });
  return (
    <BarChart
      rows={rows}
      height={200}
      axisWidth={72}
      formatAxis={formatCompactMoney}
      formatValue={formatMoney}
      testId="pipeline-chart"
    />
  );
}
