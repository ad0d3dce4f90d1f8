import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKey } from '@nexa/domain';

export type { ApiKey, CreatedApiKey };
import { api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.apiKeys.all,
    queryFn: () => api.get<{ items: ApiKey[] }>('/api/api-keys'),
    staleTime: 0,
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<CreatedApiKey>('/api/api-keys', { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ApiKey>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}
