import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export interface CompanyFilters {
  q?: string;
  industry?: string;
  product?: string;
  page?: number;
}

const PAGE_SIZE = 25;

export const getCompanies = (filters: CompanyFilters, signal?: AbortSignal) => {
  const params = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return api.get<{ items: Company[]; total: number }>(`/api/companies?${params}`, { signal });
};

export const companiesQueryOptions = (filters: CompanyFilters) =>
  queryOptions({
    queryKey: queryKeys.companies.list(filters),
    queryFn: ({ signal }) => getCompanies(filters, signal),
    placeholderData: keepPreviousData,
    // Company data is cached 5 minutes.
    staleTime: 5 * 60 * 1000,
  });

export const useCompanies = (filters: CompanyFilters) => useQuery(companiesQueryOptions(filters));
export const COMPANIES_PAGE_SIZE = PAGE_SIZE;
