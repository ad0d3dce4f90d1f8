import { z } from 'zod';
import { MAX_MENTIONS, NOTE_MAX_LENGTH } from '../deal-notes.ts';
import { opportunityIdSchema } from './opportunity.ts';

/** Request and answer shapes of /api/opportunities/:id/notes (issue 37), shared by the server and the deal page. */

/** A NUL cannot be stored in a PostgreSQL text: refused as bad input, not met as a database error. */
const noNul = (value: string) => !value.includes('\u0000');

export const dealNoteCreateSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'A note needs some text')
    .max(NOTE_MAX_LENGTH, `A note holds at most ${NOTE_MAX_LENGTH} characters`)
    .refine(noNul, 'invalid_characters'),
  /** The ids of the people picked in the note box; the server keeps those who may see the deal and are still named. */
  mentions: z.array(z.string().min(1).max(100)).max(MAX_MENTIONS).default([]),
});
export type DealNoteCreate = z.input<typeof dealNoteCreateSchema>;

export const dealNoteSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  text: z.string(),
  author_id: z.string().nullable(),
  /** The author's name; null once the account is gone. */
  author_name: z.string().nullable(),
  mentions: z.array(z.object({ id: z.string(), full_name: z.string() })),
  created_at: z.string(),
});
export type DealNote = z.infer<typeof dealNoteSchema>;

export const dealNoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const dealNoteListSchema = z.object({ items: z.array(dealNoteSchema), total: z.number().int() });
export type DealNoteList = z.infer<typeof dealNoteListSchema>;

/** A note's id as a path segment: decimal digits only, as a deal's id (one spelling per id). */
const noteIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'Expected a note id: a positive whole number in decimal digits')
  .transform(Number)
  .meta({ type: 'integer', exclusiveMinimum: 0, pattern: undefined });

export const dealNoteIdParamsSchema = z.object({ id: opportunityIdSchema, noteId: noteIdSchema });

/** The people a note on the deal may mention: those who may see it (its owner, the managers), active. */
export const mentionablePeopleSchema = z.object({
  items: z.array(z.object({ id: z.string(), full_name: z.string(), role: z.string().nullable() })),
});
export type MentionablePeople = z.infer<typeof mentionablePeopleSchema>;
