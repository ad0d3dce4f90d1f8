import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * The signed-in manager's profile for the greeting. Features do not import each other, so this
 * reads the same ['me'] cache entry the route guard has already filled (no second request).
 */
export const useProfile = () => useQuery({ queryKey: ['me'], queryFn: () => api.get<Profile>('/api/me'), staleTime: Infinity });
