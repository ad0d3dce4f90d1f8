import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallPeople, ContactSide } from '@nexa/domain';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A call's speakers as people and the buying roles it suggests (issue 36). Under the opportunities
 * prefix, so a finished analysis or any deal write refreshes it.
 */
export const callPeopleKey = (analysisId: string) => [...queryKeys.opportunities.all, 'call-people', analysisId] as const;

export const getCallPeople = (analysisId: string, signal?: AbortSignal) =>
  api.get<CallPeople>(`/api/call-analyses/${analysisId}/people`, { signal });

export const useCallPeople = (analysisId: string) =>
  useQuery({ queryKey: callPeopleKey(analysisId), queryFn: ({ signal }) => getCallPeople(analysisId, signal) });

export type CallPeopleAction =
  | { kind: 'add-contact'; speaker?: string; name?: string; full_name: string }
  | { kind: 'side'; speaker: string; side: ContactSide }
  | { kind: 'accept' | 'dismiss'; suggestionId: number };

export function callPeopleAction(analysisId: string, action: CallPeopleAction): Promise<CallPeople> {
  const base = `/api/call-analyses/${analysisId}`;
  switch (action.kind) {
    case 'add-contact': {
      const { kind: _, ...body } = action;
      return api.post<CallPeople>(`${base}/people/contacts`, body);
    }
    case 'side':
      return api.post<CallPeople>(`${base}/people/side`, { speaker: action.speaker, side: action.side });
    default:
      return api.post<CallPeople>(`${base}/role-suggestions/${action.suggestionId}/${action.kind}`);
  }
}

/** One decision on the call's people; the deal (its committee, history, risks) and the manager's risks refresh after it. */
export function useCallPeopleAction(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CallPeopleAction) => callPeopleAction(analysisId, action),
    onSuccess: async (people) => {
      queryClient.setQueryData(callPeopleKey(analysisId), people);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.detail(people.opportunityId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.insights.all }),
      ]);
    },
  });
}
