import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForecastCallReminder, OwnForecastCall } from '@nexa/domain/schemas/forecast-call';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The representative's forecast call this week (GET /api/forecast-call). */
export const useOwnForecastCall = () =>
  useQuery({
    queryKey: queryKeys.forecastCall.own(),
    queryFn: ({ signal }) => api.get<OwnForecastCall>('/api/forecast-call', { signal }),
  });

/**
 * Whether the representative is reminded of this week's call (GET /api/forecast-call/reminder): the
 * server decides, from the team's due day and the person's zone. Read by the dashboard (and its
 * server render) and by the workspace menu.
 */
export const forecastCallReminderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.forecastCall.reminder(),
    queryFn: ({ signal }) => api.get<ForecastCallReminder>('/api/forecast-call/reminder', { signal }),
  });

export const useForecastCallReminder = () => useQuery(forecastCallReminderQueryOptions());

export function useSubmitForecastCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { commit: number; bestCase: number; note: string }) =>
      apiRequest<OwnForecastCall>('/api/forecast-call', { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.forecastCall.own(), data);
      // The reminder is the server's to end: asked again, it answers that this week's call is made.
      void client.invalidateQueries({ queryKey: queryKeys.forecastCall.reminder() });
    },
  });
}
