import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityListItem } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The list filters, as they appear in the URL and in the API's query string. */
export interface OpportunityFilters {
  q?: string;
  product?: string;
  status?: string;
  stage?: string;
  lead_status?: string;
  /** The representative's user id, or "unassigned" (managers). */
  owner_id?: string;
  amount_min?: string;
  amount_max?: string;
  /** Next-meeting range, inclusive days. */
  from?: string;
  to?: string;
  /** Close-date range, inclusive days. */
  closing_from?: string;
  closing_to?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** The list's filters as they sit in the page's URL: every value a string but the page. */
export type UrlOpportunityFilters = OpportunityFilters & Record<string, string | number | undefined>;

export interface OpportunityPage {
  items: OpportunityListItem[];
  total: number;
}

export function filtersToSearch(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  return params.toString();
}

/** The CSV export of the rows these filters select, in the list's order (no paging). */
export const opportunitiesExportHref = ({ page: _page, pageSize: _pageSize, ...filters }: OpportunityFilters) => {
  const search = filtersToSearch(filters);
  return `/api/opportunities/export.csv${search ? `?${search}` : ''}`;
};

export const getOpportunities = (filters: OpportunityFilters, signal?: AbortSignal) =>
  api.get<OpportunityPage>(`/api/opportunities?${filtersToSearch(filters)}`, { signal });

/** How many deals a list shows: ten on the rep's dashboard, twenty-five on the list pages. */
export const LIST_PAGE_SIZE = { dashboard: 10, page: 25 } as const;

/** The request a list makes for the URL's filters: its page size, live work first (open deals by next meeting), page 1. */
export const listQuery = (
  filters: OpportunityFilters,
  pageSize: number,
): OpportunityFilters & { pageSize: number; sort: string; page: number } => ({
  ...filters,
  pageSize,
  sort: filters.sort ?? 'live',
  page: filters.page ?? 1,
});

export const opportunitiesQueryOptions = (filters: OpportunityFilters) =>
  queryOptions({
    queryKey: queryKeys.opportunities.list(filters),
    queryFn: ({ signal }) => getOpportunities(filters, signal),
    placeholderData: keepPreviousData,
    // The rep's opportunities are fresh for 1 second.
    staleTime: 1000,
  });

export const useOpportunities = (filters: OpportunityFilters) => useQuery(opportunitiesQueryOptions(filters));
