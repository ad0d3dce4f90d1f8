import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@nexa/domain';
import { ApiError, api } from '../../../lib/api-client.ts';

export const getMe = () => api.get<Profile>('/api/me', { retry: true });

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: getMe,
    // No session is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 1,
  });

export const useMe = () => useQuery(meQueryOptions());
