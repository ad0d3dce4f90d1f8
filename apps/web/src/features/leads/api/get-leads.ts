import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadList, LeadType } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export interface LeadsFilter {
  type?: LeadType;
  q?: string;
  page: number;
  pageSize: number;
}

export const leadsSearch = (filter: Partial<LeadsFilter>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

export const getLeads = (filter: LeadsFilter) => api.get<LeadList>(`/api/leads?${leadsSearch(filter)}`);

export const leadsQueryOptions = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: queryKeys.leads.list(filter),
    queryFn: () => getLeads(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLeads = (filter: LeadsFilter) => useQuery(leadsQueryOptions(filter));

export const exportHref = (filter: Pick<LeadsFilter, 'type' | 'q'>) => `/api/leads/export.csv?${leadsSearch(filter)}`;
export const resumeHref = (id: string) => `/api/leads/team-applications/${encodeURIComponent(id)}/resume`;
