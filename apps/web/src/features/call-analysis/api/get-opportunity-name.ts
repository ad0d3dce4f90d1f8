import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * The opportunity the page was opened for (?opportunity=), to show its name in the picker.
 * Same endpoint and key as the detail page, so a rep coming from there reads it from the cache.
 */
export const opportunityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['opportunities', 'detail', id],
    queryFn: ({ signal }) => api.get<OpportunityDetail>(`/api/opportunities/${id}`, { signal }),
    retry: false,
  });

export const usePrefilledOpportunity = (id: number | null) =>
  useQuery({ ...opportunityQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
