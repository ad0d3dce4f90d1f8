import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';

/**
 * The better-auth endpoints the product uses, all POST, with what the OpenAPI document says of each.
 * One route (/api/auth/*) passes them to better-auth, which validates the bodies and shapes the answers
 * itself; these schemas describe them, and the document lists each endpoint on its own.
 */
export interface AuthEndpoint {
  operationId: string;
  summary: string;
  body: z.ZodType;
  result: z.ZodType;
  /** better-auth reads the session cookie itself on these. */
  session?: true;
  /** Error statuses better-auth answers with beyond those every call can get. */
  errors?: number[];
}

const email = z.email().describe('Compared without regard to case');
const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** The signed-in user (the session token itself is only in the HttpOnly cookie). */
const user = z.looseObject({ id: z.string(), email: z.string(), full_name: z.string(), role: z.string().nullable().optional() });
/** The same answer whether the e-mail has an account or not. */
const status = z.looseObject({ status: z.boolean() });

export const AUTH_ENDPOINTS: Record<string, AuthEndpoint> = {
  '/sign-in/email': {
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password (sets the session cookie)',
    body: z.object({
      email,
      password: z.string(),
      rememberMe: z.boolean().optional().describe('False: the cookie ends with the browser session'),
    }),
    result: z.object({ redirect: z.boolean(), url: z.string().optional(), user }),
    errors: [401],
  },
  '/sign-out': {
    operationId: 'signOut',
    summary: 'Sign out (ends the session and clears the cookie)',
    body: z.object({}),
    result: z.object({ success: z.boolean() }),
    session: true,
  },
  '/request-password-reset': {
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password-reset link, when the address has an account (the answer is the same either way)',
    body: z.object({ email }),
    result: status,
  },
  '/reset-password': {
    operationId: 'resetPassword',
    summary: 'Set a new password with the token of a reset link (ends every session)',
    body: z.object({ token: z.string().describe('From the link the reset e-mail carries'), newPassword }),
    result: status,
  },
  '/change-password': {
    operationId: 'changePassword',
    summary: 'Change the signed-in password (ends every other session)',
    body: z.object({ currentPassword: z.string(), newPassword }),
    result: z.object({ user }),
    session: true,
    errors: [401],
  },
};
