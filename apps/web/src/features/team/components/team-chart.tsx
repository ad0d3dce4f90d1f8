import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TeamPipelineEntry } from '@nexa/domain';
import { formatCompactMoney, formatMoney } from '../../../lib/format.ts';

const SERIES = [
  { key: 'onGoing', status: 'On-going', color: '#6366f1' },
  { key: 'closedWin', status: 'Closed-Win', color: '#16a34a' },
  { key: 'closedLost', status: 'Closed-Lost', color: '#dc2626' },
] as const;

/** Pipeline amounts by representative and status; loaded on its own so recharts stays off the first page. */
export default function TeamChart({ data }: { data: TeamPipelineEntry[] }) {
  const { t } = useTranslation('team');
  const rows = data.map((d) => ({ ...d, name: d.id === null ? t('representatives.unassigned') : d.full_name }));
  return (
    <div className="h-72 w-full" data-testid="team-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
          <YAxis tickFormatter={formatCompactMoney} tick={{ fontSize: 12 }} width={64} />
          <Tooltip formatter={(value) => formatMoney(Number(value))} />
          <Legend />
          {SERIES.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={t(`status.${s.status}`)}
              stackId="pipeline"
              fill={s.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
