import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateOpportunityInput,
  DeletedOpportunity,
  OpportunityChange,
  OpportunityDetail,
  OpportunityPatchInput,
  OpportunitySuggestion,
  SuggestionDecisionResult,
} from '@nexa/domain';
import { ApiError, api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Creating, editing, deleting and restoring deals, their history and the machines' suggestions:
 * the rep's pages and the manager's use the same calls. After any change every figure computed
 * from deals is refetched (lists, dashboard, companies, team).
 */
export const invalidateDeals = (queryClient: QueryClient) =>
  Promise.all(
    [queryKeys.opportunities.all, queryKeys.pipeline.all, queryKeys.companies.all, queryKeys.team.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export const createOpportunity = (body: CreateOpportunityInput) => api.post<OpportunityDetail>('/api/opportunities', body);
export const patchOpportunity = (id: number, body: OpportunityPatchInput) =>
  api.patch<OpportunityDetail>(`/api/opportunities/${id}`, body);
export const deleteOpportunity = (id: number) => api.delete<void>(`/api/opportunities/${id}`);
export const restoreOpportunity = (id: number) => api.post<OpportunityDetail>(`/api/opportunities/${id}/restore`);

/** The current row a 409 carries: someone changed the deal since this version was read. */
export function conflictCurrent(error: unknown): OpportunityDetail | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return ((error.body as { current?: OpportunityDetail } | undefined)?.current ?? null) || null;
}

export function useCreateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOpportunity, onSuccess: () => invalidateDeals(queryClient) });
}

export function usePatchOpportunity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpportunityPatchInput) => patchOpportunity(id, body),
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.opportunities.detail(id), row);
      return invalidateDeals(queryClient);
    },
    onError: (error) => {
      const current = conflictCurrent(error);
      if (current) queryClient.setQueryData(queryKeys.opportunities.detail(id), current);
    },
  });
}

export function useRestoreOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreOpportunity, onSuccess: () => invalidateDeals(queryClient) });
}

export const useDeletedOpportunities = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.opportunities.deleted(),
    queryFn: ({ signal }) => api.get<{ items: DeletedOpportunity[] }>('/api/opportunities/deleted', { signal }),
    enabled,
  });

export const HISTORY_PAGE_SIZE = 10;

export const useOpportunityHistory = (id: number, page: number) =>
  useQuery({
    queryKey: queryKeys.opportunities.history(id, page),
    queryFn: ({ signal }) =>
      api.get<{ items: OpportunityChange[]; total: number }>(
        `/api/opportunities/${id}/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useOpportunitySuggestions = (id: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeys.opportunities.suggestions(id),
    queryFn: ({ signal }) => api.get<{ items: OpportunitySuggestion[] }>(`/api/opportunities/${id}/suggestions`, { signal }),
  });

export function useDecideSuggestions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'accept' | 'dismiss'; ids?: number[]; closing_date?: string }) =>
      api.post<SuggestionDecisionResult>(`/api/opportunities/${id}/suggestions/decide`, body),
    onSuccess: ({ held: _held, ...row }) => {
      queryClient.setQueryData(queryKeys.opportunities.detail(id), row);
      return invalidateDeals(queryClient);
    },
  });
}
