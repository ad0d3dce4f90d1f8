import { z } from 'zod';
import { CONTACT_SIDES } from '../accounts.ts';
import { SUGGESTED_ROLES } from './call-insights.ts';
import { isSingleLine, INVALID_CHARACTERS } from './text.ts';

/**
 * A call's speakers as people and the buying roles it suggests (issue 36), on the wire:
 * GET /api/call-analyses/:id/people and the writes beside it (add a speaker as a contact, set a
 * person's side, accept or dismiss a role suggestion).
 */

export const contactSideSchema = z.enum(CONTACT_SIDES);

export const callAnalysisIdParamsSchema = z.object({ id: z.uuid() });

/** A suggestion's id as a path segment: decimal digits. */
export const roleSuggestionParamsSchema = z.object({
  id: z.uuid(),
  suggestionId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Expected a suggestion id: a positive whole number in decimal digits')
    .transform(Number)
    .meta({ type: 'integer', exclusiveMinimum: 0, pattern: undefined }),
});

export const callSpeakerSchema = z.object({
  /** As the transcript names the speaker. */
  speaker: z.string(),
  /** buyer or seller: the contact's side, a member's (seller), or the analysis's decision. */
  side: contactSideSchema.nullable(),
  /** The name the call gives a speaker the transcript does not name ("this is Priya"). */
  calledInCall: z.string().nullable(),
  talkSeconds: z.number().nullable(),
  lines: z.number().int(),
  contact: z.object({ id: z.number().int(), full_name: z.string(), side: contactSideSchema }).nullable(),
  member: z.object({ id: z.string(), full_name: z.string() }).nullable(),
});
export type CallSpeaker = z.infer<typeof callSpeakerSchema>;

export const roleSuggestionSchema = z.object({
  id: z.number().int(),
  role: z.enum(SUGGESTED_ROLES),
  speaker: z.string().nullable(),
  /** The name the call gives the person. */
  name: z.string().nullable(),
  contact: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  lines: z.array(z.number().int()),
  quote: z.string(),
});
export type RoleSuggestion = z.infer<typeof roleSuggestionSchema>;

export const callPeopleSchema = z.object({
  analysisId: z.uuid(),
  opportunityId: z.number().int(),
  speakers: z.array(callSpeakerSchema),
  /** Pending suggestions only: an accepted one is on the committee, a dismissed one is gone. */
  suggestions: z.array(roleSuggestionSchema),
  /** The suggestions' cited lines, by number. */
  citedLines: z.record(z.string(), z.string()),
});
export type CallPeople = z.infer<typeof callPeopleSchema>;

const personName = z.string().trim().min(1).max(200).refine(isSingleLine, INVALID_CHARACTERS);

/**
 * POST /api/call-analyses/:id/people/contacts: a speaker (or a person the call names) becomes a
 * contact on the deal's account, linked to the speaker and to the call's suggestions about them.
 */
export const addSpeakerContactBodySchema = z
  .object({
    speaker: z.string().min(1).max(200).optional(),
    /** The name the call gives a person who is not a speaker (a role suggestion's name). */
    name: z.string().min(1).max(200).optional(),
    full_name: personName,
    email: z
      .email()
      .max(254)
      .transform((e) => e.toLowerCase())
      .optional(),
    title: z.string().trim().max(200).refine(isSingleLine, INVALID_CHARACTERS).optional(),
    side: contactSideSchema.optional(),
  })
  .refine((body) => body.speaker !== undefined || body.name !== undefined, {
    message: 'Give the speaker or the name said in the call',
    path: ['speaker'],
  });

/** POST /api/call-analyses/:id/people/side: the side of the speaker's contact, remembered on every later call of the account. */
export const setSpeakerSideBodySchema = z.object({
  speaker: z.string().min(1).max(200),
  side: contactSideSchema,
});
