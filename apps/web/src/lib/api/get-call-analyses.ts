import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallAnalysisHistory } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getCallAnalyses = (id: number, signal?: AbortSignal) =>
  api.get<CallAnalysisHistory>(`/api/opportunities/${id}/call-analyses`, { signal });

/**
 * Under the opportunity's key, for the rep and the manager alike: a finished analysis invalidates
 * the opportunities prefix and so refreshes this too, whoever is looking.
 */
export const callAnalysesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.opportunities.callAnalyses(id),
    queryFn: ({ signal }) => getCallAnalyses(id, signal),
  });

export const useCallAnalyses = (id: number) => useQuery(callAnalysesQueryOptions(id));
