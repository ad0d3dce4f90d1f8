import { LineChart, type LinePoint } from '../../../components/charts/line-chart.tsx';

export type TrendChartPoint = LinePoint;

/** One weekly series as a small line (the page gives the same points as a table for screen readers). */
export function TrendChart({ points, format }: { points: TrendChartPoint[]; format: (value: number) => string }) {
  return (
    <div className="mt-2">
      <LineChart points={points} height={112} format={format} />
    </div>
  );
}
