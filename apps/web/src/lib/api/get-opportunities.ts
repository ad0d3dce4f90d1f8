import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityListItem } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The list filters, as they appear in the URL and in the API's query string. */
export interface OpportunityFilters {
  q?: string;
  product?: string;
  status?: string;
  lead_status?: string;
  from?: string;
  to?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

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

export const getOpportunities = (filters: OpportunityFilters, signal?: AbortSignal) =>
  api.get<OpportunityPage>(`/api/opportunities?${filtersToSearch(filters)}`, { signal });

export const opportunitiesQueryOptions = (filters: OpportunityFilters) =>
  queryOptions({
    queryKey: queryKeys.opportunities.list(filters),
    queryFn: ({ signal }) => getOpportunities(filters, signal),
    placeholderData: keepPreviousData,
    // The rep's opportunities are fresh for 1 second.
    staleTime: 1000,
  });

export const useOpportunities = (filters: OpportunityFilters) => useQuery(opportunitiesQueryOptions(filters));
