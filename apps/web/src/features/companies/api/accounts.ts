import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountChangeResult, AccountDetail, AccountListItem } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** An account's page and the changes made from it (issue 36): merge, split, undo. */

const accountKeys = {
  all: ['accounts'] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  search: (q: string) => ['accounts', 'search', q] as const,
};

export const useAccount = (id: number) =>
  useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => api.get<AccountDetail>(`/api/accounts/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** Other accounts to merge into this one, by name or web address. */
export const useAccountSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: accountKeys.search(q),
    queryFn: ({ signal }) =>
      api.get<{ items: AccountListItem[]; total: number }>(`/api/accounts?pageSize=20&q=${encodeURIComponent(q)}`, { signal }),
    enabled,
  });

/** After a change, every view of accounts, companies and deals may show other figures. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.all }),
    ]);
}

export function useMergeAccounts(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (from: number[]) => api.post<AccountChangeResult>(`/api/accounts/${id}/merge`, { from }),
    onSuccess: refresh,
  });
}

export function useSplitAccount(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { name: string; deal_ids: number[]; contact_ids: number[] }) =>
      api.post<AccountChangeResult>(`/api/accounts/${id}/split`, body),
    onSuccess: refresh,
  });
}

export function useUndoAccountChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (changeId: number) => api.post<AccountChangeResult>(`/api/accounts/merges/${changeId}/undo`),
    onSuccess: refresh,
  });
}
