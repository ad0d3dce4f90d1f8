import { authPost } from './auth-request.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export const signIn = ({ email, password }: SignInInput) =>
  authPost<{ user: { id: string } }>('/sign-in/email', { email, password, rememberMe: true });
