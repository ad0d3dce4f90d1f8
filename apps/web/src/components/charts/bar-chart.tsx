import { niceTicks, scaleY } from './chart-scale.ts';
import { useWidth } from './use-width.ts';

export interface BarSegment {
  /** The series' name, shown in the bar's tooltip; none for a chart of one series. */
  name?: string;
  value: number;
  color: string;
}

export interface BarRow {
  label: string;
  /** Stacked from the bottom up. */
  segments: BarSegment[];
}

const TOP = 8;
const X_LABELS = 24;
const FONT = 12;
/** About the width of a character of the axis font: long names are cut to the width of their bar. */
const CHAR = 6.5;

function fit(label: string, width: number): string {
  const chars = Math.max(3, Math.floor(width / CHAR));
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

/**
 * A bar's label in the width of its bar: on one line when it fits, else on two — the first word,
 * then the rest — each cut only if it still does not fit. On a phone "Alex Martin" read "Alex M…"
 * (issue 38); on two lines it reads whole.
 */
export function labelLines(label: string, width: number): string[] {
  const chars = Math.max(3, Math.floor(width / CHAR));
  if (label.length <= chars) return [label];
  const space = label.indexOf(' ');
  if (space < 0) return [fit(label, width)];
  return [fit(label.slice(0, space), width), fit(label.slice(space + 1), width)];
}

/** A rectangle with its top corners rounded: the top of a bar. */
function topRounded(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height);
  return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`;
}

/**
 * Bars, stacked when a row has several segments, in plain SVG (decision 021): a dashed grid, an axis
 * of amounts on the left and each row's label below its bar; hovering a bar names its value. The
 * figures it draws are on the page as text or in a table too, so the drawing itself is hidden from
 * screen readers.
 */
export function BarChart({
  rows,
  height,
  formatAxis,
  formatValue,
  axisWidth = 64,
  testId,
}: {
  rows: BarRow[];
  height: number;
  formatAxis: (value: number) => string;
  formatValue: (value: number) => string;
  axisWidth?: number;
  testId?: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const ticks = niceTicks(Math.max(0, ...rows.map((row) => row.segments.reduce((sum, s) => sum + s.value, 0))));
  const band = rows.length ? (width - axisWidth - 8) / rows.length : 0;
  const labels = rows.map((row) => labelLines(row.label, band));
  // A second line of labels takes room from the bars, not from the page.
  const bottom = height - X_LABELS - (labels.some((lines) => lines.length > 1) ? FONT + 2 : 0);
  const barWidth = Math.min(band * 0.6, 96);
  return (
    <div ref={ref} style={{ height }} className="w-full" data-testid={testId} data-chart="bar">
      {width > 0 && (
        <svg width={width} height={height} aria-hidden className="overflow-visible text-slate-600">
          {ticks.map((tick) => {
            const y = scaleY(tick, ticks, TOP, bottom);
            return (
              <g key={tick}>
                <line x1={axisWidth} x2={width - 8} y1={y} y2={y} stroke="#e2e8f0" strokeDasharray="3 3" />
                <text
                  x={axisWidth - 6}
                  y={y}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={FONT - 1}
                  fill="currentColor"
                  data-chart="y-tick"
                >
                  {formatAxis(tick)}
                </text>
              </g>
            );
          })}
          {rows.map((row, index) => {
            const x = axisWidth + band * index + (band - barWidth) / 2;
            let base = 0;
            const drawn = row.segments.filter((segment) => segment.value > 0);
            return (
              <g key={`${row.label}-${index}`}>
                {drawn.map((segment, segmentIndex) => {
                  const y0 = scaleY(base, ticks, TOP, bottom);
                  base += segment.value;
                  const y1 = scaleY(base, ticks, TOP, bottom);
                  const name = segment.name ? `${row.label} · ${segment.name}` : row.label;
                  return (
                    <path
                      key={segmentIndex}
                      d={topRounded(x, y1, barWidth, y0 - y1, segmentIndex === drawn.length - 1 ? 4 : 0)}
                      fill={segment.color}
                    >
                      <title>{`${name}: ${formatValue(segment.value)}`}</title>
                    </path>
                  );
                })}
                <text x={x + barWidth / 2} y={bottom + 16} textAnchor="middle" fontSize={FONT} fill="currentColor">
                  <title>{row.label}</title>
                  {labels[index]!.map((line, lineIndex) => (
                    <tspan key={lineIndex} x={x + barWidth / 2} dy={lineIndex === 0 ? 0 : FONT + 2}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
          <line x1={axisWidth} x2={width - 8} y1={bottom} y2={bottom} stroke="#94a3b8" />
        </svg>
      )}
    </div>
  );
}
