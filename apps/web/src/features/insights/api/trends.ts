import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Trends } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getTrends = (representative: string | undefined) =>
  api.get<Trends>(`/api/insights/trends${representative ? `?representative=${encodeURIComponent(representative)}` : ''}`);

export const useTrends = (representative: string | undefined) =>
  useQuery({
    queryKey: queryKeys.insights.trends(representative),
    queryFn: () => getTrends(representative),
    placeholderData: keepPreviousData,
  });
