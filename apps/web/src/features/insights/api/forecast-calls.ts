import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamForecastCalls } from '@nexa/domain/schemas/forecast-call';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Each representative's call beside the system's figures (GET /api/insights/forecast-calls). */
export const useTeamForecastCalls = () =>
  useQuery({
    queryKey: queryKeys.insights.forecastCalls(),
    queryFn: ({ signal }) => api.get<TeamForecastCalls>('/api/insights/forecast-calls', { signal }),
  });

export function useAdjustForecastCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; commit: number; bestCase: number }) =>
      apiRequest<TeamForecastCalls>(`/api/insights/forecast-calls/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(queryKeys.insights.forecastCalls(), data),
  });
}
