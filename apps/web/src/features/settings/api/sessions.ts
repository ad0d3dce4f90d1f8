import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sessions,
    queryFn: () => api.get<{ items: ActiveSession[] }>('/api/me/sessions'),
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/api/me/sessions/revoke-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
