import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@nexa/domain';
import { ApiError, api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getMe = () => api.get<Profile>('/api/me', { retry: true });

/** The signed-in profile: the route guard loads it, so every other reader takes it from the cache. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    // No session is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 1,
  });

export const useMe = () => useQuery(meQueryOptions());
