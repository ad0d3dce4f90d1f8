import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountChangeResult, AccountDetail, AccountPage } from '@nexa/domain';
import { ACCOUNT_SORTS, type AccountSort } from '@nexa/domain/account-list';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The account list, an account's page and the changes made from it (issue 36): merge, split, undo. */

const accountKeys = {
  all: ['accounts'] as const,
  list: (filters: AccountFilters) => ['accounts', 'list', filters] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  search: (q: string) => ['accounts', 'search', q] as const,
};

/** The list's filters as the URL holds them (the manager's Accounts page). */
export interface AccountFilters {
  q?: string;
  sort?: AccountSort;
  page?: number;
}

export const ACCOUNTS_PAGE_SIZE = 25;

/** A sort of the server's own list (domain's account-list.ts, zod-free: the route loader reads this file on every signed-in page). */
const isSort = (value: unknown): value is AccountSort => (ACCOUNT_SORTS as readonly unknown[]).includes(value);

/**
 * What a list asks of the URL's filters: its search, a sort the server knows (an edited URL's other
 * sort is the default's, not a 400), its page. The page and the route's loader build the same query.
 */
export const accountQuery = (filters: Record<string, string | number | undefined>): AccountFilters => ({
  q: typeof filters.q === 'string' ? filters.q : undefined,
  sort: isSort(filters.sort) ? filters.sort : undefined,
  page: typeof filters.page === 'number' && filters.page > 1 ? filters.page : undefined,
});

/** A page of the accounts the caller may see; `total` counted up to a bound, `capped` past it (decision 044). */
export const accountsQueryOptions = (filters: AccountFilters) =>
  queryOptions({
    queryKey: accountKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ pageSize: String(ACCOUNTS_PAGE_SIZE) });
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
      return api.get<AccountPage>(`/api/accounts?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const useAccounts = (filters: AccountFilters) => useQuery(accountsQueryOptions(filters));

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
    queryFn: ({ signal }) => api.get<AccountPage>(`/api/accounts?pageSize=20&q=${encodeURIComponent(q)}`, { signal }),
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
