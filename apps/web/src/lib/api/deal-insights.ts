import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealRisks, ForecastCategory } from '@nexa/domain';
import { api, apiRequest } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/** One deal's warnings and forecast call: the rep's deal page and the manager's read-only view. */
export const getDealRisks = (id: number, signal?: AbortSignal) =>
  api.get<DealRisks>(`/api/opportunities/${id}/risks`, { signal });

export const useDealRisks = (id: number) =>
  useQuery({ queryKey: queryKeys.opportunities.risks(id), queryFn: ({ signal }) => getDealRisks(id, signal) });

export const setForecastCategory = (id: number, category: ForecastCategory | null) =>
  apiRequest<Pick<DealRisks, 'forecast_category' | 'forecast_group'>>(`/api/opportunities/${id}/forecast-category`, {
    method: 'PUT',
    body: { category },
  });

export function useSetForecastCategory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: ForecastCategory | null) => setForecastCategory(id, category),
    onSuccess: (written) => {
      queryClient.setQueryData<DealRisks>(queryKeys.opportunities.risks(id), (old) => (old ? { ...old, ...written } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.insights.all });
    },
  });
}
