import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TeamMember } from '@nexa/domain';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';

/** The dashboard's representatives table: every member, a 'View Details' link for each representative. */
export function TeamTable({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation('team');
  const na = t('representative.na');
  const details = (m: TeamMember) =>
    m.id !== null && (
      <Link
        to={paths.manager.representative.getHref(m.id)}
        className="font-semibold text-brand-700 hover:underline"
        aria-label={`${t('representatives.viewDetails')} — ${m.full_name}`}
      >
        {t('representatives.viewDetails')}
      </Link>
    );
  const name = (m: TeamMember) =>
    m.id === null ? (
      <span title={t('representatives.unassignedHint')}>{t('representatives.unassigned')}</span>
    ) : (
      <>
        <span className="block">{m.full_name}</span>
        <span className="block text-xs font-normal text-slate-600">{m.email}</span>
      </>
    );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {members.map((m) => (
          <li key={m.id ?? 'unassigned'} className="space-y-2 py-3" data-testid="team-row">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0 font-medium">{name(m)}</div>
              {details(m)}
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm min-[420px]:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-600">{t('representatives.columns.deals')}</dt>
                <dd className="tabular-nums">{formatNumber(m.totalDeals)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{t('representatives.columns.totalSales')}</dt>
                <dd className="tabular-nums">{formatMoney(m.totalSales)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{t('representatives.columns.wonAmount')}</dt>
                <dd className="tabular-nums">{formatMoney(m.wonAmount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">
                  {t('dashboard.table.winRate')} <MetricHelp metric="win-rate" className="h-5 w-5 align-middle" />
                  <span className="block text-[11px]">{t('dashboard.table.winRateOf')}</span>
                </dt>
                <dd className="tabular-nums">{m.winRate === null ? na : formatPercent(m.winRate)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table>
          <thead>
            <tr>
              <Th>{t('representatives.columns.representative')}</Th>
              <Th className="text-right">{t('representatives.columns.deals')}</Th>
              <Th className="text-right">
                <span className="inline-flex items-center gap-1">
                  {t('representatives.columns.totalSales')}
                  <MetricHelp metric="pipeline-all-deals" />
                </span>
              </Th>
              <Th className="text-right">
                <span className="inline-flex items-center gap-1">
                  {t('representatives.columns.wonAmount')}
                  <MetricHelp metric="won-revenue" />
                </span>
              </Th>
              <Th className="text-right">
                <span className="inline-flex items-center gap-1">
                  {t('dashboard.table.winRate')}
                  <MetricHelp metric="win-rate" />
                </span>
                {/* The denominator on screen: win rate and conversion differ by it. */}
                <span className="block text-[11px] font-normal tracking-normal normal-case">
                  {t('dashboard.table.winRateOf')}
                </span>
              </Th>
              <Th className="text-right">
                <span className="sr-only">{t('representatives.columns.actions')}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id ?? 'unassigned'} data-testid="team-row">
                <Th scope="row" className="font-medium tracking-normal whitespace-normal text-slate-900 normal-case">
                  {name(m)}
                </Th>
                <Td className="text-right tabular-nums">{formatNumber(m.totalDeals)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(m.totalSales)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(m.wonAmount)}</Td>
                <Td className="text-right tabular-nums">{m.winRate === null ? na : formatPercent(m.winRate)}</Td>
                <Td className="text-right">{details(m)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
