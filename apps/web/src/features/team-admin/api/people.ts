import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonUpdate, TeamPerson } from '@nexa/domain';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { auditQueryOptions } from './audit.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teamAdmin.people(),
    queryFn: () => api.get<{ items: TeamPerson[] }>('/api/team-admin/people'),
    staleTime: 0,
  });

export const usePeople = () => useQuery(peopleQueryOptions());

/** After any change to a person: their row, the audit list, and the team figures may all differ. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: auditQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.team.all }),
    ]);
}

export function useUpdatePerson() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PersonUpdate }) =>
      apiRequest<TeamPerson>(`/api/team-admin/people/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSettled: refresh,
  });
}

export function useReassignDeals() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ fromId, toId }: { fromId: string; toId: string }) =>
      api.post<{ moved: number }>(`/api/team-admin/people/${encodeURIComponent(fromId)}/reassign-deals`, { to_user_id: toId }),
    onSettled: refresh,
  });
}

/** Gives a representative the unassigned deals that arrived for their names (the manager confirmed). */
export function useAssignWaitingDeals() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ moved: number }>(`/api/team-admin/people/${encodeURIComponent(id)}/assign-waiting-deals`),
    onSettled: refresh,
  });
}
