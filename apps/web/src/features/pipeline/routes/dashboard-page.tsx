import { Building2, Target } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateOpportunityButton } from '../../../components/opportunities/opportunity-buttons.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import type { UrlOpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { usePipeline } from '../api/get-pipeline.ts';
import { useOwnQuota } from '../api/get-quota.ts';
import { QuotaTiles } from '../../../components/metrics/quota-tiles.tsx';
import { ForecastCallCard } from '../components/forecast-call-card.tsx';
import { ForecastCallReminder } from '../components/forecast-call-reminder.tsx';
import { DataPanel } from '../components/data-panel.tsx';
import { EmptyAlerts } from '../components/empty-alerts.tsx';
import { Meetings } from '../components/meetings.tsx';
import { QuickPipeline } from '../components/quick-pipeline.tsx';
import { SummaryCard } from '../components/summary-card.tsx';
import { useDashboardToasts } from '../hooks/use-dashboard-toasts.ts';

const CsvImportDialog = lazy(() => import('../components/csv-import-dialog.tsx'));

const monthKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
/**
 * The month the figures count as current (UTC, like every date of the metrics), as a local date on
 * its first day: the calendar shows the month its data is for, and the server's render of the page
 * and the browser's agree whatever the visitor's zone.
 */
const currentMonth = () => {
  const now = new Date();
  return new Date(now.getUTCFullYear(), now.getUTCMonth(), 1);
};

/** The opportunities list, supplied by the app: it belongs to the opportunities feature. */
export type DashboardOpportunities = ComponentType<{
  filters: UrlOpportunityFilters;
  onFiltersChange: (next: Partial<UrlOpportunityFilters>) => void;
}>;

/**
 * The representative's dashboard. Its opportunities card is the opportunities feature's list,
 * handed in by the app shell (features do not import each other); the quick pipeline and the card
 * share the URL's filters.
 */
export function RepDashboardPage({
  opportunities: Opportunities,
  tasks: Tasks,
}: {
  opportunities: DashboardOpportunities;
  /** The tasks feature's card (what is overdue and due today), handed in by the app shell like the list. */
  tasks?: ComponentType;
}) {
  const { t } = useTranslation(['pipeline', 'opportunities', 'metrics']);
  usePageMeta(`${t('title')} — Nexa`);
  const me = useMe();
  const [calendarMonth, setCalendarMonth] = useState(currentMonth);
  const isCurrentMonth = monthKey(calendarMonth) === monthKey(currentMonth());
  const pipeline = usePipeline(isCurrentMonth ? undefined : monthKey(calendarMonth));
  const [filters, setFilters] = useUrlFilters<UrlOpportunityFilters>(['page']);
  const [importOpen, setImportOpen] = useState(false);
  const quota = useOwnQuota();

  const data = pipeline.data;
  const totalDeals = data ? data.totals.reduce((sum, s) => sum + s.count, 0) : undefined;
  useDashboardToasts(pipeline.isError, totalDeals);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {me.data
              ? // A first sign-in is greeted, a return greeted back (the server keeps the sign-in before this one).
                t(me.data.previous_sign_in_at ? 'greeting' : 'greetingFirst', { name: me.data.full_name.split(/\s+/)[0] })
              : t('loadingProfile')}
          </h1>
          <p className="text-slate-600">{t('greetingSub')}</p>
        </div>
        <CreateOpportunityButton detailHref={paths.rep.opportunity.getHref} />
      </header>

      <ForecastCallReminder />

      {Tasks && <Tasks />}

      {/* An empty workspace shows one alert with its actions instead of the panel (issue 38). */}
      {totalDeals === 0 ? (
        <EmptyAlerts onImport={() => setImportOpen(true)} />
      ) : (
        <DataPanel onImport={() => setImportOpen(true)} />
      )}
      {importOpen && (
        <Suspense fallback={null}>
          <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} />
        </Suspense>
      )}

      <QuickPipeline
        data={data}
        loading={pipeline.isPending}
        active={filters.status}
        onSelect={(status) => setFilters({ status, page: undefined })}
      />

      {/* The figure the representative is paid on, as the manager's page about them shows it. */}
      <section aria-labelledby="own-quota-title" className="space-y-2">
        <h2 id="own-quota-title" className="text-lg font-semibold text-slate-900">
          {t('metrics:quota.title')}
        </h2>
        {quota.data ? (
          <QuotaTiles standing={quota.data} />
        ) : quota.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('metrics:quota.error')}
          </p>
        ) : (
          <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-hidden />
        )}
      </section>

      <ForecastCallCard />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SummaryCard
          icon={Target}
          title={t('cards.open')}
          value={data?.openCount}
          subtitle={data ? t('cards.followUp', { count: data.followUpCount }) : ''}
          testId="card-open"
          metric="open-opportunities"
        />
        <SummaryCard
          icon={Building2}
          title={t('cards.companies')}
          value={data?.companyCount}
          subtitle={data ? t('cards.newThisMonth', { count: data.companiesThisMonth }) : ''}
          testId="card-companies"
          metric="companies"
        />
      </div>

      <Opportunities filters={filters} onFiltersChange={setFilters} />
      <Meetings data={data} month={calendarMonth} onMonthChange={setCalendarMonth} />
    </div>
  );
}
