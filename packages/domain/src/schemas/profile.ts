import { z } from 'zod';
import { LANGUAGES } from '../language.ts';
import { isTimeZone } from '../time-zone.ts';
import { singleLineName } from './text.ts';

export { isTimeZone };

export const timeZoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, { message: 'validation.timeZone' });

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  image: z.string().nullable(),
  /** The person's chosen language; null until they choose (the browser's then applies). */
  language: z.enum(LANGUAGES).nullable(),
  /** IANA zone for times shown in the workspace; null: the browser's zone. */
  time_zone: z.string().nullable(),
  /** The sign-in before the current one; null on a first sign-in ("Welcome", not "Welcome back"). */
  previous_sign_in_at: z.string().nullable(),
  /** A representative is e-mailed when their weekly forecast call falls due and is not made (default on). */
  forecast_call_reminder_email: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/session: the signed-in profile, or null for a visitor. */
export const sessionStateSchema = z.object({ profile: profileSchema.nullable() });
export type SessionState = z.infer<typeof sessionStateSchema>;

export const profileUpdateSchema = z
  .object({
    // One line: the name goes into mail subjects (an invitation says who sent it).
    full_name: singleLineName(120),
    language: z.enum(LANGUAGES).nullable(),
    time_zone: timeZoneSchema.nullable(),
    forecast_call_reminder_email: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** One signed-in device of the person (GET /api/me/sessions). */
export const activeSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  /** When the session was last extended or created: the closest the server keeps to "last active". */
  last_active_at: z.string(),
  created_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsSchema = z.object({ items: z.array(activeSessionSchema) });

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
