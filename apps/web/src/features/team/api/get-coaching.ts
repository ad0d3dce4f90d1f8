import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coaching } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export const getCoaching = (id: string) => api.get<Coaching>(`/api/insights/representatives/${encodeURIComponent(id)}/coaching`);

export const coachingQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.insights.coaching(id), queryFn: () => getCoaching(id) });

export const useCoaching = (id: string) => useQuery(coachingQueryOptions(id));
