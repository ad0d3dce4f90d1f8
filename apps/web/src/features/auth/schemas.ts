import { z } from 'zod';
import { PASSWORD_LENGTH } from '@nexa/domain';

// The server's limits, from the one definition both sides share: the server decides, the form only helps.
export const PASSWORD_MIN = PASSWORD_LENGTH.min;
export const PASSWORD_MAX = PASSWORD_LENGTH.max;

/** Messages are translation keys of the 'auth' namespace. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  password: z.string().min(1, 'validation.required'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const resetRequestSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
});
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN, 'validation.passwordLength').max(PASSWORD_MAX, 'validation.passwordLength'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMismatch' });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const acceptInvitationSchema = z
  .object({
    full_name: z.string().trim().min(1, 'validation.required').max(120),
    password: z.string().min(PASSWORD_MIN, 'validation.passwordLength').max(PASSWORD_MAX, 'validation.passwordLength'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.passwordMismatch' });
export type AcceptInvitationValues = z.infer<typeof acceptInvitationSchema>;
