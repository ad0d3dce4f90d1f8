import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Company } from '@nexa/domain';
import { LeadBadges } from '../../../components/ui/badge.tsx';
import { CardList, CardListItem } from '../../../components/ui/card-list.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { useOpportunityFacets } from '../../../lib/api/get-opportunity-facets.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { COMPANIES_PAGE_SIZE, useCompanies, type CompanyFilters } from '../api/get-companies.ts';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';

export function CompaniesPage() {
  const { t } = useTranslation('companies');
  usePageMeta(`${t('title')} — Nexa`);
  const id = useId();
  const [filters, setFilters] = useUrlFilters<CompanyFilters & Record<string, string | number | undefined>>(['page']);
  const facets = useOpportunityFacets();
  const companies = useCompanies(filters);
  const [text, setText] = useSearchText(filters.q, setFilters);

  // An empty answer has no toast: the page says so in place, once is enough.
  useEffect(() => {
    if (companies.isError) toast.error(t('toasts.error'), { description: t('toasts.errorBody') });
  }, [companies.isError, t]);

  const page = filters.page ?? 1;
  const pages = companies.data ? Math.max(1, Math.ceil(companies.data.total / COMPANIES_PAGE_SIZE)) : 1;
  const items = companies.isError ? [] : (companies.data?.items ?? []);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <div className="flex items-center gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <MetricHelp metric="companies" />
        </div>
        <p className="text-slate-600">{t('subtitle')}</p>
      </header>
      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-5">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center" role="search">
            <SearchInput
              label={t('searchLabel')}
              className="flex-1"
              placeholder={t('search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <div className="grid grid-cols-2 gap-3 sm:flex">
              <label className="sr-only" htmlFor={`${id}-industry`}>
                {t('filterIndustry')}
              </label>
              <Select
                id={`${id}-industry`}
                value={filters.industry ?? ''}
                onChange={(e) => setFilters({ industry: e.target.value || undefined, page: undefined })}
              >
                <option value="">{t('allIndustries')}</option>
                {facets.data?.industries.map((i) => (
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </Select>
              <label className="sr-only" htmlFor={`${id}-product`}>
                {t('filterProduct')}
              </label>
              <Select
                id={`${id}-product`}
                value={filters.product ?? ''}
                onChange={(e) => setFilters({ product: e.target.value || undefined, page: undefined })}
              >
                <option value="">{t('allProducts')}</option>
                {facets.data?.products.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          {companies.isPending ? (
            <LoadingState>{t('loading')}</LoadingState>
          ) : items.length === 0 ? (
            <EmptyState title={t('empty')} />
          ) : (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t('count', { count: companies.data?.total ?? 0 })}
              </p>
              <CompanyList items={items} />
              <Pager
                page={page}
                pages={pages}
                onPage={(p) => setFilters({ page: p > 1 ? p : undefined })}
                labels={{ previous: t('previous'), next: t('next'), page: t('page', { page, pages }) }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** A company's name, a link to its account page (issue 36: each company is an account). */
function CompanyName({ company }: { company: Company }) {
  if (company.account_id == null) return <>{company.name}</>;
  return (
    <Link to={paths.rep.account.getHref(company.account_id)} className="text-blue-700 hover:underline">
      {company.name}
    </Link>
  );
}

/** The companies as a table, or as cards on a phone where seven columns do not fit. */
function CompanyList({ items }: { items: Company[] }) {
  const { t } = useTranslation('companies');
  const cards = useMediaQuery(CARDS_BELOW);
  if (cards) {
    return (
      <CardList>
        {items.map((c) => (
          <CardListItem
            key={c.name}
            data-testid="company-row"
            title={<CompanyName company={c} />}
            action={<span className="font-semibold tabular-nums">{formatMoney(c.total_value)}</span>}
            fields={[
              { label: t('columns.industry'), value: c.industry },
              { label: t('columns.nextMeeting'), value: formatDate(c.next_meeting_date) ?? '—' },
              { label: t('columns.leadStatuses'), value: <LeadBadges values={c.lead_statuses} />, wide: true },
              { label: t('columns.clients'), value: c.clients.join(', '), wide: true },
              { label: t('columns.products'), value: c.recent_products.join(', '), wide: true },
            ]}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Table>
      <thead>
        <tr>
          <Th>{t('columns.name')}</Th>
          <Th>{t('columns.industry')}</Th>
          <Th>{t('columns.clients')}</Th>
          <Th>{t('columns.products')}</Th>
          <Th>{t('columns.leadStatuses')}</Th>
          <Th className="text-right">{t('columns.value')}</Th>
          <Th>{t('columns.nextMeeting')}</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((c) => (
          <tr key={c.name} data-testid="company-row" className="hover:bg-slate-50">
            <Td className="font-medium whitespace-nowrap">
              <CompanyName company={c} />
            </Td>
            <Td>{c.industry}</Td>
            <Td className="min-w-40">{c.clients.join(', ')}</Td>
            <Td className="min-w-48">{c.recent_products.join(', ')}</Td>
            <Td>
              <LeadBadges values={c.lead_statuses} />
            </Td>
            <Td className="text-right tabular-nums">{formatMoney(c.total_value)}</Td>
            <Td className="whitespace-nowrap">{formatDate(c.next_meeting_date) ?? '—'}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
