import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationCreate } from '@nexa/domain';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { auditQueryOptions } from './audit.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teamAdmin.invitations(),
    queryFn: () => api.get<{ items: Invitation[] }>('/api/team-admin/invitations'),
    staleTime: 0,
  });

export const useInvitations = () => useQuery(invitationsQueryOptions());

function useInvitationMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryOptions().queryKey }),
      ]),
  });
}

export const useInvite = () =>
  useInvitationMutation((input: InvitationCreate) => api.post<{ ok: true }>('/api/team-admin/invitations', input));

export const useResendInvitation = () =>
  useInvitationMutation((id: string) => api.post<{ ok: true }>(`/api/team-admin/invitations/${encodeURIComponent(id)}/resend`));

export const useRevokeInvitation = () =>
  useInvitationMutation((id: string) =>
    apiRequest<{ ok: true }>(`/api/team-admin/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
