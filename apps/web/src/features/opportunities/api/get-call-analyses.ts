import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallAnalysisHistory } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

export const getCallAnalyses = (id: number, signal?: AbortSignal) =>
  api.get<CallAnalysisHistory>(`/api/opportunities/${id}/call-analyses`, { signal });

/** Under the opportunity's key: a finished analysis invalidates ['opportunities'] and so this too. */
export const callAnalysesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['opportunities', 'detail', id, 'call-analyses'],
    queryFn: ({ signal }) => getCallAnalyses(id, signal),
  });

export const useCallAnalyses = (id: number) => useQuery(callAnalysesQueryOptions(id));
