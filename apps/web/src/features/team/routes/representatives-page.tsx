import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REPRESENTATIVE_SORT_FIELDS, type RepresentativeSortField } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useRepresentatives } from '../../../lib/api/get-representatives.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';
import type { MetricId } from '../../../components/metrics/metric-ids.ts';

const PAGE_SIZE = 25;
const COLUMNS: Array<{
  field: RepresentativeSortField | null;
  key: string;
  numeric?: boolean;
  metric?: MetricId;
  /** What the figure is a share of, shown under its name (win rate and conversion differ by it). */
  of?: string;
}> = [
  { field: 'full_name', key: 'representative' },
  { field: null, key: 'location' },
  { field: 'totalSales', key: 'totalSales', numeric: true, metric: 'pipeline-all-deals' },
  { field: null, key: 'wonAmount', numeric: true, metric: 'won-revenue' },
  { field: 'totalDeals', key: 'deals', numeric: true, metric: 'team-totals' },
  { field: 'conversionRate', key: 'conversionRate', numeric: true, metric: 'conversion-rate', of: 'conversionOf' },
];

const isSort = (value: string | null): value is string =>
  !!value && (REPRESENTATIVE_SORT_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));

export function RepresentativesPage() {
  const { t } = useTranslation('team');
  usePageMeta(t('representatives.metaTitle'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'full_name';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);

  // The search runs 250 ms after the last keystroke; the URL keeps it across navigation.
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (text.trim()) next.set('q', text);
            else next.delete('q');
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const location = (value: string) => (value === 'Remote' ? t('representatives.remote') : value || '—');
  const query = useRepresentatives({ q, sort, page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));

  const update = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const toggleSort = (field: RepresentativeSortField) => {
    const current = sort.replace(/^-/, '');
    const descending = sort.startsWith('-');
    const defaultDescending = field !== 'full_name';
    const next = current === field ? (descending ? field : `-${field}`) : defaultDescending ? `-${field}` : field;
    update({ sort: next, page: null });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('representatives.title')}</h1>
        <p className="mt-1 text-slate-600">{t('representatives.subtitle')}</p>
      </header>

      <Card padded>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <div className="relative w-full max-w-md">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('representatives.search')}
              aria-label={t('representatives.searchLabel')}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm focus:border-brand-600"
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:hidden">
            <span>{t('representatives.sortLabel')}</span>
            <select
              value={sort}
              onChange={(event) => update({ sort: event.target.value, page: null })}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {COLUMNS.filter((c) => c.field !== null).flatMap(({ field, key }) => [
                <option key={field} value={field!}>
                  {t(`representatives.columns.${key}`)} ↑
                </option>,
                <option key={`-${field}`} value={`-${field}`}>
                  {t(`representatives.columns.${key}`)} ↓
                </option>,
              ])}
            </select>
          </label>
        </div>

        {query.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
            {t('representatives.error', { message: t(errorKey(query.error)) })}
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 sm:hidden" aria-busy={query.isPending}>
              {query.isPending &&
                [0, 1, 2, 3].map((i) => (
                  <li key={i} className="py-3" data-testid="representative-skeleton">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="mt-2 h-3 w-56" />
                  </li>
                ))}
              {query.data?.items.length === 0 && (
                <li className="py-10 text-center text-slate-600">{t('representatives.empty')}</li>
              )}
              {query.data?.items.map((m) => (
                <li key={m.id ?? 'unassigned'} className="space-y-2 py-3" data-testid="representative-row">
                  <div className="font-medium">
                    {m.id === null ? (
                      <span title={t('representatives.unassignedHint')}>{t('representatives.unassigned')}</span>
                    ) : (
                      <Link to={paths.manager.representative.getHref(m.id)} className="group block">
                        <span className="block text-brand-700 group-hover:underline">{m.full_name}</span>
                        <span className="block truncate text-xs font-normal text-slate-600">{m.email}</span>
                      </Link>
                    )}
                  </div>
                  <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">{t('representatives.columns.location')}</dt>
                    <dd className="text-right">{location(m.location)}</dd>
                    <dt className="text-slate-600">{t('representatives.columns.totalSales')}</dt>
                    <dd className="text-right tabular-nums">{formatMoney(m.totalSales)}</dd>
                    <dt className="text-slate-600">{t('representatives.columns.wonAmount')}</dt>
                    <dd className="text-right tabular-nums">{formatMoney(m.wonAmount)}</dd>
                    <dt className="text-slate-600">{t('representatives.columns.deals')}</dt>
                    <dd className="text-right tabular-nums">{formatNumber(m.totalDeals)}</dd>
                    {/* Inline, so the button follows the label's last word when the label wraps. */}
                    <dt className="text-slate-600">
                      {t('representatives.columns.conversionRate')}{' '}
                      <MetricHelp metric="conversion-rate" className="h-5 w-5 align-middle" />
                      <span className="block text-xs">{t('representatives.columns.conversionOf')}</span>
                    </dt>
                    <dd className="text-right tabular-nums">{formatPercent(m.conversionRate)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <Table aria-busy={query.isPending}>
                <thead>
                  <tr>
                    {COLUMNS.map(({ field, key, numeric, metric, of }) => {
                      const label = t(`representatives.columns.${key}`);
                      const active = field !== null && sort.replace(/^-/, '') === field;
                      const Icon = !active ? ArrowUpDown : sort.startsWith('-') ? ArrowDown : ArrowUp;
                      return (
                        <Th
                          key={key}
                          className={numeric ? 'text-right' : undefined}
                          aria-sort={active ? (sort.startsWith('-') ? 'descending' : 'ascending') : undefined}
                        >
                          {field === null ? (
                            <span className="font-semibold">{label}</span>
                          ) : (
                            <button
                              type="button"
                              onClick={() => toggleSort(field)}
                              className="inline-flex items-center gap-1 font-semibold uppercase hover:text-slate-900"
                              title={t('representatives.sortBy', { column: label })}
                            >
                              {label}
                              <Icon className="h-3.5 w-3.5" aria-hidden />
                            </button>
                          )}
                          {metric && <MetricHelp metric={metric} className="ml-0.5 align-middle" />}
                          {of && (
                            <span className="block text-[11px] font-normal tracking-normal normal-case">
                              {t(`representatives.columns.${of}`)}
                            </span>
                          )}
                        </Th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {query.isPending &&
                    [0, 1, 2, 3].map((i) => (
                      <tr key={i} data-testid="representative-skeleton">
                        <Td>
                          <Skeleton className="h-4 w-40" />
                          <Skeleton className="mt-1.5 h-3 w-28" />
                        </Td>
                        {[0, 1, 2, 3, 4].map((j) => (
                          <Td key={j}>
                            <Skeleton className="ml-auto h-4 w-16" />
                          </Td>
                        ))}
                      </tr>
                    ))}
                  {query.data?.items.length === 0 && (
                    <tr>
                      <Td colSpan={6} className="py-10 text-center text-slate-600">
                        {t('representatives.empty')}
                      </Td>
                    </tr>
                  )}
                  {query.data?.items.map((m) => (
                    <tr key={m.id ?? 'unassigned'} data-testid="representative-row">
                      <Th scope="row" className="font-medium tracking-normal whitespace-normal text-slate-900 normal-case">
                        {m.id === null ? (
                          <span title={t('representatives.unassignedHint')}>{t('representatives.unassigned')}</span>
                        ) : (
                          <Link to={paths.manager.representative.getHref(m.id)} className="group block">
                            <span className="block text-brand-700 group-hover:underline">{m.full_name}</span>
                            <span className="block text-xs font-normal text-slate-600">{m.email}</span>
                          </Link>
                        )}
                      </Th>
                      <Td className="text-slate-700">{location(m.location)}</Td>
                      <Td className="text-right tabular-nums">{formatMoney(m.totalSales)}</Td>
                      <Td className="text-right tabular-nums">{formatMoney(m.wonAmount)}</Td>
                      <Td className="text-right tabular-nums">{formatNumber(m.totalDeals)}</Td>
                      <Td className="text-right tabular-nums">{formatPercent(m.conversionRate)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </>
        )}

        {query.data && query.data.total > 0 && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
            {/* The representatives, as the dashboard counts them: the Unassigned group is a row, not a person. */}
            <span data-testid="representatives-count">{t('representatives.count', { count: query.data.representatives })}</span>
            {pages > 1 && (
              <div className="flex items-center gap-2">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                  {t('representatives.previous')}
                </Button>
                <span>{t('representatives.page', { page, pages })}</span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                  {t('representatives.next')}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
