import { authPost } from './auth-request.ts';

/** Always answers the same, whether the e-mail has an account or not. */
export const requestPasswordReset = (email: string) => authPost<{ status: boolean }>('/request-password-reset', { email });

export const resetPassword = (token: string, newPassword: string) =>
  authPost<{ status: boolean }>('/reset-password', { token, newPassword });
