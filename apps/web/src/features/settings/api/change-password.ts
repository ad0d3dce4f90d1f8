import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './sessions.ts';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** The auth server checks the current password and ends every other session of the account. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => api.post<unknown>('/api/auth/change-password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
