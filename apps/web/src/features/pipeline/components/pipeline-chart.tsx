import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PipelineSummary } from '@nexa/domain';
import { formatCompactMoney, formatMoney } from '../../../lib/format.ts';

const COLOURS: Record<string, string> = { 'On-going': '#2563eb', 'Closed-Win': '#16a34a', 'Closed-Lost': '#dc2626' };

/** Loaded on its own: recharts is the heaviest part of the dashboard. */
export default function PipelineChart({ totals, labels }: { totals: PipelineSummary['totals']; labels: Record<string, string> }) {
  const data = totals.map((t) => ({ ...t, label: labels[t.status] ?? t.status }));
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={formatCompactMoney} tick={{ fontSize: 11 }} width={72} />
        <Tooltip formatter={(v) => formatMoney(Number(v))} />
        <Bar dataKey="amount" radius={[4, 4, 0, 0]}>
          {data.map((d) => (
            <Cell key={d.status} fill={COLOURS[d.status]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
