import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@nexa/domain/schemas/notifications';
import { apiRequest } from '../../../lib/api-client.ts';

const KEY = ['notification-preferences'] as const;

/** Which notifications reach the person and how (GET /api/notifications/preferences). */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/api/notifications/preferences', { signal }),
  });

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
