import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsightSettings } from '@nexa/domain';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getInsightSettings = () => api.get<InsightSettings>('/api/insights/settings');

export const useInsightSettings = () => useQuery({ queryKey: queryKeys.insights.settings(), queryFn: getInsightSettings });

export const updateInsightSettings = (settings: InsightSettings) =>
  apiRequest<InsightSettings>('/api/insights/settings', { method: 'PUT', body: settings });

export function useUpdateInsightSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInsightSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.insights.settings(), saved);
      // Weighted figures and warnings read the settings.
      void queryClient.invalidateQueries({ queryKey: queryKeys.insights.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.opportunities.all });
    },
  });
}
