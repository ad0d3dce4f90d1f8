import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnForecastCall } from '@nexa/domain/schemas/forecast-call';
import { api, apiRequest } from '../../../lib/api-client.ts';

const KEY = ['forecast-call'] as const;

/** The representative's forecast call this week (GET /api/forecast-call). */
export const useOwnForecastCall = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<OwnForecastCall>('/api/forecast-call', { signal }) });

export function useSubmitForecastCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { commit: number; bestCase: number; note: string }) =>
      apiRequest<OwnForecastCall>('/api/forecast-call', { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
