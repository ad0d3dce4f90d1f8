import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@nexa/domain';
import { ApiError, api } from '../../../lib/api-client.ts';

export const getOpportunity = (id: number, signal?: AbortSignal) =>
  api.get<OpportunityDetail>(`/api/opportunities/${id}`, { signal });

export const opportunityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['opportunities', 'detail', id],
    queryFn: ({ signal }) => getOpportunity(id, signal),
    // Not found is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const useOpportunity = (id: number) =>
  useQuery({ ...opportunityQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
