import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const signOut = () => api.post<unknown>('/api/auth/sign-out', {});

/** Ends the server session, forgets every cached answer and goes to /signin. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } finally {
      queryClient.clear();
      await navigate(paths.signIn.getHref(), { replace: true });
    }
  };
}
