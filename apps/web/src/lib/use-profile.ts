import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@nexa/domain';
import { api } from './api-client.ts';

/**
 * The signed-in profile for workspace features, which may not import the auth feature.
 * Same key as the auth feature's query: the route guard has loaded it, so this reads the cache.
 */
export const useProfile = () =>
  useQuery({ queryKey: ['me'], queryFn: () => api.get<Profile>('/api/me'), staleTime: 5 * 60 * 1000 });

/** The cache key of the signed-in profile, shared by every feature that reads or updates it. */
export const PROFILE_QUERY_KEY = ['me'] as const;
