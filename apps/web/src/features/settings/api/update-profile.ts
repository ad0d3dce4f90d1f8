import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/use-profile.ts';

export const updateProfile = (patch: ProfileUpdate) => api.patch<Profile>('/api/me', patch);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
