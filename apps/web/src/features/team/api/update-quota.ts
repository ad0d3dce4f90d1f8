import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepresentativeDetail } from '@nexa/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const updateQuota = (id: string, quarterlyQuota: number) =>
  apiRequest<RepresentativeDetail>(`/api/team/representatives/${encodeURIComponent(id)}/quota`, {
    method: 'PUT',
    body: { quarterlyQuota },
  });

export function useUpdateQuota(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quarterlyQuota: number) => updateQuota(id, quarterlyQuota),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.team.representative(id), detail),
  });
}
