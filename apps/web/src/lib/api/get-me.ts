import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, SessionState } from '@nexa/domain';
import { ApiError, api } from '../api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The signed-in profile, read from GET /api/session: a visitor is an answer (200, no profile), so a
 * signed-out visit to a workspace leaves no 401 in the console on its way to the sign-in page. It
 * still fails here as "no session" (401), which the guard and the sign-in page already read.
 */
export const getMe = async (): Promise<Profile> => {
  const { profile } = await api.get<SessionState>('/api/session', { retry: true });
  if (!profile) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
  return profile;
};

/** The signed-in profile: the route guard loads it, so every other reader takes it from the cache. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    // No session is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 1,
  });

export const useMe = () => useQuery(meQueryOptions());
