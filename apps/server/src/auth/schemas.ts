import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';

/**
 * The bodies of the better-auth calls the product passes through, as the OpenAPI document shows them.
 * better-auth validates them itself (its answers are what clients see); these describe them.
 */
const email = z.email().describe('Compared without regard to case');
const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const signInBodySchema = z.object({
  email,
  password: z.string(),
  rememberMe: z.boolean().optional().describe('False: the cookie ends with the browser session'),
});

/** The signed-in user (the session token itself is only in the HttpOnly cookie). */
const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.string().nullable().optional(),
});

export const signInResultSchema = z.object({ redirect: z.boolean(), url: z.string().optional(), user: authUserSchema });
export const signOutResultSchema = z.object({ success: z.boolean() });

export const passwordResetRequestBodySchema = z.object({ email });
export const passwordResetBodySchema = z.object({
  token: z.string().describe('From the link the reset e-mail carries'),
  newPassword,
});
export const passwordChangeBodySchema = z.object({ currentPassword: z.string(), newPassword });
export const passwordChangeResultSchema = z.object({ user: authUserSchema });
/** The same answer whether the e-mail has an account or not. */
export const authStatusSchema = z.looseObject({ status: z.boolean() });
