import * as Collapsible from '@radix-ui/react-collapsible';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Building2, ChevronDown, Database, RefreshCw, Target, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { meetingDotTone, type PipelineStatus, type PipelineSummary } from '@nexa/domain';
import { listErrorMessage } from '../../../components/opportunities/list-error.ts';
import { OpportunityFilterBar } from '../../../components/opportunities/opportunity-filters.tsx';
import { OpportunityTable } from '../../../components/opportunities/opportunity-table.tsx';
import { DOT_CLASSES } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/table.tsx';
import { invalidateRepData, useCreateSampleOpportunities } from '../../../lib/api/create-sample-opportunities.ts';
import { useOpportunities, type OpportunityFilters } from '../../../lib/api/get-opportunities.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { usePipeline } from '../api/get-pipeline.ts';

const PipelineChart = lazy(() => import('../components/pipeline-chart.tsx'));
const MeetingsCalendar = lazy(() => import('../components/meetings-calendar.tsx'));
const CsvImportDialog = lazy(() => import('../components/csv-import-dialog.tsx'));

const PAGE_SIZE = 10;
const STATUS_STYLE: Record<PipelineStatus, string> = {
  'On-going': 'border-blue-200 bg-blue-50 text-blue-900',
  'Closed-Win': 'border-green-200 bg-green-50 text-green-900',
  'Closed-Lost': 'border-red-200 bg-red-50 text-red-900',
};

const monthKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

export function RepDashboardPage() {
  const { t } = useTranslation(['pipeline', 'opportunities']);
  usePageMeta(`${t('title')} — Nexa`);
  const me = useMe();
  const [calendarMonth, setCalendarMonth] = useState(() => new Date());
  const isCurrentMonth = monthKey(calendarMonth) === monthKey(new Date());
  const pipeline = usePipeline(isCurrentMonth ? undefined : monthKey(calendarMonth));
  const [filters, setFilters] = useUrlFilters<OpportunityFilters & Record<string, string | number | undefined>>(['page']);
  const query = { ...filters, pageSize: PAGE_SIZE, sort: filters.sort ?? 'next_meeting_date', page: filters.page ?? 1 };
  const list = useOpportunities(query);
  const [importOpen, setImportOpen] = useState(false);

  const data = pipeline.data;
  const totalDeals = data ? data.totals.reduce((sum, s) => sum + s.count, 0) : undefined;
  useDashboardToasts(pipeline.isError, totalDeals);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {me.data ? t('greeting', { name: me.data.full_name.split(/\s+/)[0] }) : t('loadingProfile')}
        </h1>
        <p className="text-slate-600">{t('greetingSub')}</p>
      </header>

      <DataPanel onImport={() => setImportOpen(true)} />
      {importOpen && (
        <Suspense fallback={null}>
          <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} />
        </Suspense>
      )}

      {totalDeals === 0 && <EmptyAlerts />}

      <QuickPipeline
        data={data}
        loading={pipeline.isPending}
        active={filters.status}
        onSelect={(status) => setFilters({ status, page: undefined })}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SummaryCard
          icon={Target}
          title={t('cards.open')}
          value={data?.openCount}
          subtitle={data ? t('cards.followUp', { count: data.followUpCount }) : ''}
          testId="card-open"
        />
        <SummaryCard
          icon={Building2}
          title={t('cards.companies')}
          value={data?.companyCount}
          subtitle={data ? t('cards.newThisMonth', { count: data.companiesThisMonth }) : ''}
          testId="card-companies"
        />
      </div>

      {/* The table takes the full width: beside the meetings it had two thirds of it, too little for
          its seven columns, and its sort column (Next Meeting) was cut off up to 1920 px. */}
      <Card>
        <CardHeader>
          <CardTitle>{t('table.title')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <OpportunityFilterBar value={filters} onChange={setFilters} />
          {list.isPending ? (
            <p className="py-8 text-center text-slate-600" role="status">
              {t('opportunities:list.loading')}
            </p>
          ) : list.isError ? (
            <p className="py-8 text-center text-red-700" role="alert">
              {listErrorMessage(t, list.error)}
            </p>
          ) : list.data.items.length === 0 ? (
            <div className="py-8 text-center" role="status">
              <p className="font-semibold text-slate-900">{t('opportunities:list.empty')}</p>
              <p className="mt-1 text-sm text-slate-600">{t('opportunities:list.emptyHint')}</p>
            </div>
          ) : (
            <>
              <OpportunityTable
                items={list.data.items}
                sort={query.sort}
                onSort={(sort) => setFilters({ sort, page: undefined })}
                rowOpens
              />
              <Pager
                page={query.page}
                pages={pages}
                onPage={(page) => setFilters({ page: page > 1 ? page : undefined })}
                labels={{
                  previous: t('opportunities:list.previous'),
                  next: t('opportunities:list.next'),
                  page: t('opportunities:list.page', { page: query.page, pages }),
                }}
              />
            </>
          )}
        </CardContent>
      </Card>
      <Meetings data={data} month={calendarMonth} onMonthChange={setCalendarMonth} />
    </div>
  );
}

function useDashboardToasts(isError: boolean, totalDeals: number | undefined) {
  const { t } = useTranslation('pipeline');
  const warnedEmpty = useRef(false);
  useEffect(() => {
    if (isError) toast.error(t('toasts.loadError'), { description: t('toasts.loadErrorBody') });
  }, [isError, t]);
  useEffect(() => {
    if (totalDeals === 0 && !warnedEmpty.current) {
      warnedEmpty.current = true;
      toast.warning(t('toasts.emptyDb'), { description: t('toasts.emptyDbBody') });
    }
  }, [totalDeals, t]);
}

function useDataActions() {
  const { t } = useTranslation('pipeline');
  const queryClient = useQueryClient();
  const sample = useCreateSampleOpportunities();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await invalidateRepData(queryClient);
      toast.success(t('toasts.refreshed'));
    } finally {
      setRefreshing(false);
    }
  };
  const createSample = () =>
    sample.mutate(undefined, {
      onSuccess: () => toast.success(t('toasts.sampleCreated'), { description: t('toasts.sampleCreatedBody') }),
      onError: (error) => toast.error(t('toasts.sampleError'), { description: error.message }),
    });
  return { refresh, refreshing, createSample, creating: sample.isPending };
}

function DataPanel({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation('pipeline');
  const { refresh, refreshing, createSample, creating } = useDataActions();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between sm:pt-5">
        <div className="flex items-start gap-3">
          <Database className="mt-0.5 h-5 w-5 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900">{t('data.title')}</h2>
            <p className="text-sm text-slate-600">{t('data.hint')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden />
            {t('data.refresh')}
          </Button>
          <Button variant="secondary" size="sm" onClick={createSample} disabled={creating}>
            <Database className="h-4 w-4" aria-hidden />
            {t('data.sample')}
          </Button>
          <Button size="sm" onClick={onImport}>
            <Upload className="h-4 w-4" aria-hidden />
            {t('data.importCsv')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function EmptyAlerts() {
  const { t } = useTranslation('pipeline');
  const { refresh, refreshing, createSample, creating } = useDataActions();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['opportunities', 'products'] as const).map((what) => (
        <div key={what} role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <div className="flex items-start gap-2">
            <AlertCircle className="mt-0.5 h-5 w-5 text-amber-600" aria-hidden />
            <div>
              <p className="font-semibold text-amber-900">{t(`empty.${what}`)}</p>
              <p className="text-sm text-amber-800">{t('empty.hint')}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
              {t('data.refresh')}
            </Button>
            <Button size="sm" onClick={createSample} disabled={creating}>
              {t('data.sample')}
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}

function QuickPipeline({
  data,
  loading,
  active,
  onSelect,
}: {
  data: PipelineSummary | undefined;
  loading: boolean;
  active: string | undefined;
  onSelect: (status: string | undefined) => void;
}) {
  const { t } = useTranslation(['pipeline', 'opportunities']);
  const [open, setOpen] = useState(true);
  const labels = Object.fromEntries((data?.totals ?? []).map((s) => [s.status, t(`opportunities:status.${s.status}`)]));
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('quick.title')}</CardTitle>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('quick.toggle')}>
              <ChevronDown className={cn('h-5 w-5 transition-transform', !open && '-rotate-90')} aria-hidden />
            </Button>
          </Collapsible.Trigger>
        </CardHeader>
        <Collapsible.Content>
          <CardContent className="space-y-4">
            {loading || !data ? (
              <p className="text-slate-600" role="status">
                {t('opportunities:detail.loading')}
              </p>
            ) : (
              <>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  {data.totals.map((s) => (
                    <button
                      key={s.status}
                      type="button"
                      aria-pressed={active === s.status}
                      aria-label={t('quick.filterBy', { status: labels[s.status] })}
                      data-testid={`pipeline-${s.status}`}
                      onClick={() => onSelect(active === s.status ? undefined : s.status)}
                      className={cn(
                        'rounded-lg border p-4 text-left transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600',
                        STATUS_STYLE[s.status],
                        active === s.status && 'ring-2 ring-brand-600',
                      )}
                    >
                      <span className="block text-sm font-medium">{labels[s.status]}</span>
                      <span className="mt-1 block text-2xl font-bold tabular-nums">{formatMoney(s.amount)}</span>
                      <span className="block text-sm">{t('quick.deals', { count: s.count })}</span>
                    </button>
                  ))}
                </div>
                <figure aria-label={t('quick.chart')}>
                  <Suspense fallback={<div className="h-[200px]" />}>
                    <PipelineChart totals={data.totals} labels={labels} />
                  </Suspense>
                </figure>
              </>
            )}
          </CardContent>
        </Collapsible.Content>
      </Card>
    </Collapsible.Root>
  );
}

function SummaryCard({
  icon: Icon,
  title,
  value,
  subtitle,
  testId,
}: {
  icon: typeof Target;
  title: string;
  value: number | undefined;
  subtitle: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start justify-between pt-4 sm:pt-5">
        <div>
          <h2 className="text-sm font-medium text-slate-600">{title}</h2>
          <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value ?? '—'}</p>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
        <Icon className="h-6 w-6 text-brand-600" aria-hidden />
      </CardContent>
    </Card>
  );
}

function Meetings({
  data,
  month,
  onMonthChange,
}: {
  data: PipelineSummary | undefined;
  month: Date;
  onMonthChange: (d: Date) => void;
}) {
  const { t } = useTranslation('pipeline');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('meetings.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2 lg:items-start lg:gap-6">
        <div className="min-w-0 space-y-2">
          {data && data.upcomingMeetings.length === 0 && <p className="text-sm text-slate-600">{t('meetings.none')}</p>}
          <ul className="space-y-2" data-testid="upcoming-meetings">
            {data?.upcomingMeetings.map((m) => (
              <li key={m.id} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
                <span
                  className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', DOT_CLASSES[meetingDotTone(m.lead_status)])}
                  aria-hidden
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.rep.opportunity.getHref(m.id)}
                    className="block truncate font-medium text-slate-900 hover:underline"
                  >
                    {m.client_company_name ?? '—'}
                  </Link>
                  <p className="truncate text-xs text-slate-600">
                    {formatDateTime(m.next_meeting_date)} · {m.product ?? ''}
                  </p>
                </div>
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input type="checkbox" checked disabled readOnly className="h-4 w-4 accent-brand-600" />
                  {t('meetings.confirmed')}
                </label>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-3">
          <div className="flex justify-center border-t border-slate-100 pt-3 lg:border-t-0 lg:pt-0">
            <Suspense fallback={<div className="h-72" />}>
              <MeetingsCalendar
                month={month}
                days={data?.calendar.days ?? []}
                onMonthChange={onMonthChange}
                label={t('meetings.calendar')}
              />
            </Suspense>
          </div>
          <p className="text-xs text-slate-500">{t('meetings.legend')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
