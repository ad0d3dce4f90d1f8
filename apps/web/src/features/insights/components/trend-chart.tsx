import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface TrendChartPoint {
  label: string;
  value: number | null;
}

/** One weekly series as a small line; loaded on its own so recharts stays off the first paint. */
export default function TrendChart({ points, format }: { points: TrendChartPoint[]; format: (value: number) => string }) {
  return (
    <div className="h-28 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 6, right: 6, bottom: 0, left: 0 }}>
          <XAxis dataKey="label" tick={{ fontSize: 10 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={(v: number) => format(v)} tick={{ fontSize: 10 }} width={76} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Line
            type="linear"
            dataKey="value"
            stroke="#4f46e5"
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
