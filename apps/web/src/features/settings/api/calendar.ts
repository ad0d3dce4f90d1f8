import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarConnectBody, CalendarFeedCreated, CalendarSettings } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The person's calendar: connection status (never the app password) and feed (decision 042). */
export const calendarQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.calendar,
    queryFn: () => api.get<CalendarSettings>('/api/calendar'),
    staleTime: 0,
  });

export const useCalendar = () => useQuery(calendarQueryOptions());

function useCalendarMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendar }),
  });
}

export const useConnectCalendar = () =>
  useCalendarMutation((body: CalendarConnectBody) => api.put<CalendarSettings>('/api/calendar/connection', body));
export const useDisconnectCalendar = () => useCalendarMutation(() => api.delete<void>('/api/calendar/connection'));
export const useSyncCalendar = () => useCalendarMutation(() => api.post<void>('/api/calendar/sync'));
export const useCreateFeed = () => useCalendarMutation(() => api.post<CalendarFeedCreated>('/api/calendar/feed'));
export const useRevokeFeed = () => useCalendarMutation(() => api.delete<void>('/api/calendar/feed'));
