import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TeamMember } from '@nexa/domain';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

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
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-600">{t('representatives.columns.deals')}</dt>
                <dd className="tabular-nums">{formatNumber(m.totalDeals)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{t('representatives.columns.totalSales')}</dt>
                <dd className="tabular-nums">{formatMoney(m.totalSales)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{t('dashboard.table.winRate')}</dt>
                <dd className="tabular-nums">{m.winRate === null ? na : formatPercent(m.winRate)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('representatives.columns.representative')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('representatives.columns.deals')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('representatives.columns.totalSales')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('dashboard.table.winRate')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                <span className="sr-only">{t('representatives.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((m) => (
              <tr key={m.id ?? 'unassigned'} data-testid="team-row">
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {name(m)}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.totalDeals)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(m.totalSales)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{m.winRate === null ? na : formatPercent(m.winRate)}</td>
                <td className="px-4 py-3 text-right">{details(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
