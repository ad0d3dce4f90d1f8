import { ArrowLeft, Clock, DollarSign, History, Trophy } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useRepresentative } from '../api/get-representative.ts';
import { LeadMark, StatusBadge } from '../components/lead-mark.tsx';
import { CoachingSection } from '../components/coaching-section.tsx';
import { QuotaEditor } from '../components/quota-editor.tsx';
import { ChangeText } from '../../../components/opportunities/deal-history.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { MetricTile } from '../../../components/metrics/metric-tile.tsx';
import { QuotaTiles } from '../../../components/metrics/quota-tiles.tsx';

// The deal's dialog shows the whole opportunity view (17 KB gzip with its editing and validation): it
// loads when a deal is opened, not with the representative's page.
const OpportunityDialog = lazyNamed(() => import('../components/opportunity-dialog.tsx'), 'OpportunityDialog');

function BackLink() {
  const { t } = useTranslation('team');
  return (
    <Link
      to={paths.manager.representatives.getHref()}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('representative.back')}
    </Link>
  );
}

export function RepresentativePage() {
  const { t } = useTranslation('team');
  const { repId = '' } = useParams();
  const query = useRepresentative(repId);
  const [openOpp, setOpenOpp] = useState<number | null>(null);
  usePageMeta(t('representative.metaTitle', { name: query.data?.representative.full_name ?? t('representatives.title') }));

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-6" aria-busy="true">
        <span className="sr-only">{t('representative.loading')}</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-48" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Card padded key={i}>
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-3 h-7 w-20" />
            </Card>
          ))}
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-6xl space-y-6">
        <BackLink />
        <Card padded>
          <p role="alert" className="py-8 text-center text-slate-700">
            {notFound ? t('representative.notFound') : t('representatives.error', { message: t(errorKey(query.error)) })}
          </p>
        </Card>
      </div>
    );
  }

  const { representative: rep, metrics, recentOpportunities, recentActivities } = query.data;
  const na = t('representative.na');
  const winRateHint =
    metrics.winRateSource === 'closed-deals'
      ? t('representative.tiles.winRateClosed')
      : metrics.winRateSource === 'scores'
        ? t('representative.tiles.winRateScores')
        : t('representative.tiles.winRateNone');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <BackLink />
      <header className="flex flex-wrap items-center gap-4">
        <span
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-semibold text-white"
          aria-hidden
        >
          {rep.full_name
            .split(/\s+/)
            .slice(0, 2)
            .map((w) => w.charAt(0).toUpperCase())
            .join('')}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{rep.full_name}</h1>
          <p className="truncate text-slate-600">
            <a href={`mailto:${rep.email}`} className="hover:underline">
              {rep.email}
            </a>
          </p>
        </div>
      </header>

      {/* The representative's number, as their own dashboard shows it (QuotaTiles, one rule). */}
      <QuotaTiles standing={metrics} />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <MetricTile
          label={t('representative.tiles.winRate')}
          value={metrics.winRate === null ? na : formatPercent(metrics.winRate)}
          hint={winRateHint}
          icon={<Trophy className="h-4 w-4" />}
          testId="tile-win-rate"
          metric="win-rate"
        />
        <MetricTile
          label={t('representative.tiles.avgDealSize')}
          value={formatMoney(metrics.avgDealSize)}
          hint={t('representative.tiles.avgDealSizeHint', { count: rep.totalDeals })}
          icon={<DollarSign className="h-4 w-4" />}
          testId="tile-avg-deal-size"
          metric="average-deal-size"
        />
        <MetricTile
          label={t('representative.tiles.salesCycle')}
          value={t('representative.tiles.days', { count: metrics.salesCycle })}
          hint={
            metrics.salesCycleIsDefault ? t('representative.tiles.salesCycleDefault') : t('representative.tiles.salesCycleHint')
          }
          icon={<Clock className="h-4 w-4" />}
          testId="tile-sales-cycle"
          metric="sales-cycle"
        />
      </div>

      <Card padded>
        <h2 className="mb-3 text-lg font-semibold">{t('representative.quota.title')}</h2>
        <QuotaEditor
          key={metrics.quarterlyQuota}
          repId={rep.id!}
          quota={metrics.quarterlyQuota}
          isDefault={metrics.quotaIsDefault}
        />
      </Card>

      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card padded>
          <h2 className="mb-3 text-lg font-semibold">{t('representative.recentOpportunities')}</h2>
          {recentOpportunities.length === 0 ? (
            <p className="text-sm text-slate-600">{t('representative.noOpportunities')}</p>
          ) : (
            <ul className="space-y-2">
              {recentOpportunities.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    onClick={() => setOpenOpp(o.id)}
                    className="flex w-full flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-500 hover:bg-brand-50"
                    aria-label={t('representative.openOpportunity', { name: o.name })}
                    data-testid="recent-opportunity"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{o.name}</span>
                      <span className="block truncate text-sm text-slate-600">
                        {o.product ?? na} · {formatDate(o.record_date)}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="font-semibold tabular-nums">{o.amount === null ? na : formatMoney(o.amount)}</span>
                      <StatusBadge stage={o.stage} />
                      <LeadMark leadStatus={o.lead_status} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card padded>
          <h2 className="mb-3 text-lg font-semibold">{t('representative.recentActivities')}</h2>
          {recentActivities.length === 0 ? (
            <p className="text-sm text-slate-600">{t('representative.noActivities')}</p>
          ) : (
            <ul className="space-y-3">
              {recentActivities.map((a) => (
                <li key={a.id} className="flex items-start gap-3" data-testid="recent-activity">
                  <History className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">{a.client_company_name || t('representative.unknownCompany')}</p>
                    <ChangeText change={a} />
                    <p className="text-xs text-slate-600">
                      {formatDateTime(a.date)}
                      {' · '}
                      {a.source === 'person'
                        ? a.actor_name || t('representative.someone')
                        : t(`representative.sources.${a.source}`)}
                    </p>
                  </div>
                  <LeadMark leadStatus={a.lead_status} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <CoachingSection repId={rep.id!} />

      <p className="text-sm text-slate-600" data-testid="representative-totals">
        {t('representatives.columns.totalSales')}: <strong>{formatMoney(rep.totalSales)}</strong> ·{' '}
        {t('representatives.columns.wonAmount')}: <strong>{formatMoney(rep.wonAmount)}</strong> ·{' '}
        {t('representatives.columns.deals')}: <strong>{formatNumber(rep.totalDeals)}</strong> ·{' '}
        {t('representatives.columns.conversionRate')} ({t('representatives.columns.conversionOf')}):{' '}
        <strong>{formatPercent(rep.conversionRate)}</strong>
      </p>

      {openOpp !== null && (
        <Suspense fallback={null}>
          <OpportunityDialog repId={rep.id!} oppId={openOpp} onClose={() => setOpenOpp(null)} />
        </Suspense>
      )}
    </div>
  );
}
