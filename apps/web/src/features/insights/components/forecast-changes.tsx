import { useTranslation } from 'react-i18next';
import { FORECAST_CHANGE_KINDS } from '@nexa/domain';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useForecastChanges } from '../api/forecast.ts';
import { formatDay } from '../format-day.ts';
import { DealLink } from './deal-link.tsx';

const TONE = {
  added: 'blue',
  won: 'green',
  lost: 'red',
  slipped: 'orange',
  pulled_in: 'blue',
  moved: 'amber',
  amount: 'grey',
  removed: 'grey',
} as const;

/** Deals added, moved, slipped, won or lost since last week's snapshot. */
export function ForecastChangesPanel() {
  const { t } = useTranslation('insights');
  const changes = useForecastChanges(true);
  const side = (s: { forecast_group: string; amount: number | null; quarter: string | null } | null) =>
    s
      ? `${t(`groups.${s.forecast_group}`)}, ${formatMoney(s.amount)}${s.quarter ? `, ${formatDay(s.quarter)}` : ''}`
      : t('changes.none');
  return (
    <Card padded role="region" aria-labelledby="changes-title" data-testid="forecast-changes">
      {changes.isPending && <LoadingState>{t('changes.loading')}</LoadingState>}
      {changes.isError && <ErrorState>{t('forecast.error', { message: t(errorKey(changes.error)) })}</ErrorState>}
      {changes.data && (
        <>
          <h2 id="changes-title" className="text-lg font-semibold">
            {t('changes.title', { date: formatDate(changes.data.since) })}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('changes.title', { date: formatDate(changes.data.since) })}>
            {FORECAST_CHANGE_KINDS.filter((k) => changes.data.counts[k] > 0).map((kind) => (
              <li key={kind}>
                <Badge tone={TONE[kind]}>
                  {t(`changes.kinds.${kind}`)}: {changes.data.counts[kind]}
                </Badge>
              </li>
            ))}
          </ul>
          {changes.data.items.length === 0 ? (
            <EmptyState title={t('changes.empty')} />
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {changes.data.items.map((item) => (
                <li key={item.deal.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                  <span className="flex flex-wrap items-baseline gap-2">
                    <Badge tone={TONE[item.kind]}>{t(`changes.kinds.${item.kind}`)}</Badge>
                    <DealLink deal={item.deal} fallback={t('deals.noCompany')} />
                    <span className="text-slate-600">{item.deal.owner_name ?? t('forecast.unassigned')}</span>
                  </span>
                  <span className="text-slate-700">
                    {t('changes.fromTo', { before: side(item.before), after: side(item.after) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
