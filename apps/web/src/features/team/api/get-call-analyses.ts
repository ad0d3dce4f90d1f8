import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallAnalysisHistory } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

export const getCallAnalyses = (oppId: number) => api.get<CallAnalysisHistory>(`/api/opportunities/${oppId}/call-analyses`);

export const callAnalysesQueryOptions = (repId: string, oppId: number) =>
  queryOptions({
    queryKey: ['team', 'representative', repId, 'opportunity', oppId, 'call-analyses'],
    queryFn: () => getCallAnalyses(oppId),
  });

export const useCallAnalyses = (repId: string, oppId: number) => useQuery(callAnalysesQueryOptions(repId, oppId));
