import { z } from 'zod';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';

/**
 * The calendar API (issue 37, decision 042): a person's CalDAV connection and `.ics` feed. The app
 * password goes in with the connection and never comes back; the feed's URL (its secret token) is in
 * the answer that creates it only.
 */

/** Why the last sync (or the connection test) failed, in our own words; the web app translates each. */
export const CALENDAR_ERRORS = [
  'unauthorized',
  'not_found',
  'not_a_calendar',
  'refused_address',
  'unreachable',
  'server_error',
] as const;
export type CalendarError = (typeof CALENDAR_ERRORS)[number];

const line = (max: number) => z.string().trim().min(1).max(max).refine(isSingleLine, INVALID_CHARACTERS);

export const calendarConnectBodySchema = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2_000)
    .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'must not carry a user or password'),
  username: line(320),
  /** An app password: kept as typed (no trimming), never sent back. */
  password: z.string().min(1).max(1_000).refine(isSingleLine, INVALID_CHARACTERS),
});
export type CalendarConnectBody = z.infer<typeof calendarConnectBodySchema>;

export const calendarConnectionSchema = z.object({
  url: z.string(),
  username: z.string(),
  connectedAt: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.enum(CALENDAR_ERRORS).nullable(),
  lastErrorAt: z.string().nullable(),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const calendarSettingsSchema = z.object({
  connection: calendarConnectionSchema.nullable(),
  feed: z.object({ active: z.boolean(), createdAt: z.string().nullable() }),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

export const calendarFeedCreatedSchema = z.object({
  /** The subscription address, with its secret token: shown once. */
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const calendarFeedParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/),
});
