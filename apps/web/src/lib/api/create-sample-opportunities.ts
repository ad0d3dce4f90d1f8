import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export const createSampleOpportunities = () => api.post<{ inserted: number }>('/api/opportunities/sample');

/** Everything computed from the rep's rows: refetched after a write. */
export const invalidateRepData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
  ]);

export function useCreateSampleOpportunities() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSampleOpportunities, onSuccess: () => invalidateRepData(queryClient) });
}
