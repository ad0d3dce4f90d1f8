import { niceTicks, scaleY } from './chart-scale.ts';
import { useWidth } from './use-width.ts';

export interface LinePoint {
  label: string;
  value: number | null;
}

const TOP = 6;
const X_LABELS = 18;
const FONT = 10;

/**
 * One series as a line in plain SVG (decision 021), gaps bridged; the first and last labels under it
 * and an axis on the left. Hidden from screen readers: the page gives the same points as a table.
 */
export function LineChart({
  points,
  height,
  format,
  axisWidth = 76,
  color = '#4f46e5',
}: {
  points: LinePoint[];
  height: number;
  format: (value: number) => string;
  axisWidth?: number;
  color?: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const values = points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const low = Math.min(0, ...values);
  const ticks = niceTicks(Math.max(0, ...values) - low, 3).map((tick) => tick + low);
  const bottom = height - X_LABELS;
  const step = points.length > 1 ? (width - axisWidth - 8) / (points.length - 1) : 0;
  const xOf = (index: number) => axisWidth + step * index;
  const drawn = points.flatMap((point, index) =>
    point.value === null ? [] : [{ ...point, x: xOf(index), y: scaleY(point.value, ticks, TOP, bottom) }],
  );
  const first = points[0];
  const last = points.at(-1);
  return (
    <div ref={ref} style={{ height }} className="w-full" data-chart="line">
      {width > 0 && (
        <svg width={width} height={height} aria-hidden className="overflow-visible text-slate-600">
          {ticks.map((tick) => {
            const y = scaleY(tick, ticks, TOP, bottom);
            return (
              <text key={tick} x={axisWidth - 6} y={y} dy="0.32em" textAnchor="end" fontSize={FONT} fill="currentColor">
                {format(tick)}
              </text>
            );
          })}
          <line x1={axisWidth} x2={width - 8} y1={bottom} y2={bottom} stroke="#94a3b8" />
          {drawn.length > 1 && (
            <polyline
              points={drawn.map((point) => `${point.x},${point.y}`).join(' ')}
              fill="none"
              stroke={color}
              strokeWidth={2}
            />
          )}
          {drawn.map((point) => (
            <circle key={point.x} cx={point.x} cy={point.y} r={2.5} fill={color}>
              <title>{`${point.label}: ${format(point.value!)}`}</title>
            </circle>
          ))}
          {first && (
            <text x={xOf(0)} y={bottom + 13} fontSize={FONT} fill="currentColor">
              {first.label}
            </text>
          )}
          {last && points.length > 1 && (
            <text x={xOf(points.length - 1)} y={bottom + 13} textAnchor="end" fontSize={FONT} fill="currentColor">
              {last.label}
            </text>
          )}
        </svg>
      )}
    </div>
  );
}
