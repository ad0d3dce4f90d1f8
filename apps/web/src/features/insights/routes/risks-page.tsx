import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RiskReason } from '../../../components/opportunities/risk-reason.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatDay } from '../format-day.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useRisks } from '../api/risks.ts';
import { DealLink } from '../components/deal-link.tsx';
import { InsightLinks } from '../components/insight-links.tsx';
import { RepresentativeFilter } from '../components/representative-filter.tsx';

/** The team's open deals with warnings, biggest first, each warning with its reason and evidence. */
export function RisksPage() {
  const { t } = useTranslation('insights');
  usePageMeta(t('risks.metaTitle'));
  const [representative, setRepresentative] = useState<string | undefined>();
  const risks = useRisks(representative);
  const items = risks.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('risks.title')}</h1>
        <p className="mt-1 text-slate-600">{t('risks.subtitle')}</p>
      </header>
      <InsightLinks />
      <RepresentativeFilter
        value={representative}
        onChange={setRepresentative}
        label={t('risks.filter')}
        allLabel={t('risks.all')}
      />
      {risks.isPending && <LoadingState>{t('risks.loading')}</LoadingState>}
      {risks.isError && <ErrorState>{t('risks.error', { message: t(errorKey(risks.error)) })}</ErrorState>}
      {risks.data && items.length === 0 && !risks.hasNextPage && <EmptyState title={t('risks.empty')} />}
      <ul className="space-y-4" data-testid="risk-list">
        {items.map(({ deal, warnings }) => (
          <li key={deal.id}>
            <Card padded className="space-y-3" data-testid="risk-item">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold">
                  <DealLink deal={deal} fallback={t('deals.noCompany')} testId="risk-deal-link" />
                </h2>
                <p className="text-sm text-slate-600">
                  {[
                    deal.owner_name ?? t('forecast.unassigned'),
                    t(`stages.${deal.stage}`),
                    formatMoney(deal.amount),
                    deal.closing_date ? formatDay(deal.closing_date) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <ul className="space-y-2">
                {warnings.map((w) => (
                  <RiskReason key={w.code} warning={w} />
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
      {risks.hasNextPage && (
        <div className="text-center">
          <Button variant="secondary" onClick={() => void risks.fetchNextPage()} disabled={risks.isFetchingNextPage}>
            {t('risks.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
