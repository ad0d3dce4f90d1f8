import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityDetail } from '@nexa/domain';
import { ApiError, api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getOpportunity = (id: number, signal?: AbortSignal) =>
  api.get<OpportunityDetail>(`/api/opportunities/${id}`, { signal });

export const opportunityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.opportunities.detail(id),
    queryFn: ({ signal }) => getOpportunity(id, signal),
    // Not found is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

/** Null (or a malformed id) asks nothing: the page shows "not found" without a request. */
export const useOpportunity = (id: number | null) =>
  useQuery({ ...opportunityQueryOptions(id ?? 0), enabled: id !== null && Number.isInteger(id) && id > 0 });
