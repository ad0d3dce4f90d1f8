import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@nexa/domain/schemas/notifications';
import { api } from '../../../lib/api-client.ts';

/** The bell's queries (issue 37): the count is its own tiny request, the list is read only once the panel opens. */
export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
};

/** Read again every minute while the workspace is open: a few bytes, one index probe on the server. */
const COUNT_EVERY_MS = 60_000;

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.count(),
    queryFn: ({ signal }) => api.get<{ unread: number }>('/api/notifications/unread-count', { signal }),
    refetchInterval: COUNT_EVERY_MS,
    staleTime: 0,
  });

export const PANEL_PAGE_SIZE = 10;

export const useNotifications = (page: number) =>
  useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => api.get<NotificationList>(`/api/notifications?page=${page}&pageSize=${PANEL_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Marks one read (id) or all (null), then reads the count and the list again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | null): Promise<void> => {
      await (id === null ? api.post('/api/notifications/read-all') : api.post(`/api/notifications/${id}/read`));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
