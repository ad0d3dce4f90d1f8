import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUpEmailDraft, FollowUpEmailSend, FollowUpEmailSent } from '@nexa/domain/schemas/follow-up-email';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

const path = (id: number) => `/api/opportunities/${id}/follow-up-email`;

/** The deal's follow-up e-mail as the server drafts it; drafted again each time the dialog opens. */
export const useFollowUpDraft = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.opportunities.followUpEmail(id),
    queryFn: ({ signal }) => api.get<FollowUpEmailDraft>(path(id), { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** Sends it; the deal's history then shows the e-mail. */
export function useSendFollowUp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: FollowUpEmailSend) => api.post<FollowUpEmailSent>(path(id), mail),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.histories(id) }),
  });
}
