import { useTranslation } from 'react-i18next';
import type { TeamPipelineEntry } from '@nexa/domain';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { formatCompactMoney, formatMoney } from '../../../lib/format.ts';

const SERIES = [
  { key: 'onGoing', status: 'On-going', color: '#6366f1' },
  { key: 'closedWin', status: 'Closed-Win', color: '#16a34a' },
  { key: 'closedLost', status: 'Closed-Lost', color: '#dc2626' },
] as const;

/** Pipeline amounts by representative, stacked by status, with its legend (the table below has the figures). */
export function TeamChart({ data }: { data: TeamPipelineEntry[] }) {
  const { t } = useTranslation('team');
  const rows = data.map((entry) => ({
    label: entry.id === null ? t('representatives.unassigned') : entry.full_name,
    segments: SERIES.map((s) => ({ name: t(`status.${s.status}`), value: entry[s.key], color: s.color })),
  }));
  return (
    <div data-testid="team-chart">
      <BarChart rows={rows} height={256} formatAxis={formatCompactMoney} formatValue={formatMoney} />
      <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden>
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: s.color }} />
            {t(`status.${s.status}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
