import { z } from 'zod';
import { isSingleLine, INVALID_CHARACTERS } from './text.ts';

/**
 * The follow-up e-mail sent from a deal (issue 37): the draft the server offers and what the rep
 * sends, shared by the server (validation, OpenAPI) and the deal page's dialog.
 */

/** At most this many recipients in To and Cc together: a follow-up goes to a buying committee, not a list. */
export const FOLLOW_UP_MAX_RECIPIENTS = 20;
export const FOLLOW_UP_SUBJECT_MAX = 200;
export const FOLLOW_UP_BODY_MAX = 20_000;

/** One address as typed or taken from a contact: trimmed, lower case, one line, a valid e-mail. */
export const followUpAddressSchema = z
  .string()
  .trim()
  .max(254)
  .refine(isSingleLine, INVALID_CHARACTERS)
  .transform((value) => value.toLowerCase())
  .pipe(z.email());

const addresses = z.array(followUpAddressSchema).max(FOLLOW_UP_MAX_RECIPIENTS);

export const followUpEmailSendSchema = z
  .object({
    to: addresses.min(1),
    cc: addresses.default([]),
    subject: z.string().trim().min(1).max(FOLLOW_UP_SUBJECT_MAX).refine(isSingleLine, INVALID_CHARACTERS),
    body: z.string().trim().min(1).max(FOLLOW_UP_BODY_MAX),
    /** Attach the deal's next meeting as an invite (.ics), when it has one to come. */
    attach_invite: z.boolean().default(true),
  })
  .refine((mail) => mail.to.length + mail.cc.length <= FOLLOW_UP_MAX_RECIPIENTS, {
    path: ['to'],
    message: 'too_many_recipients',
  });
export type FollowUpEmailSend = z.input<typeof followUpEmailSendSchema>;

/** A contact of the deal's buying committee who has an e-mail address: who the e-mail may go to in one click. */
export const followUpRecipientSchema = z.object({
  contact_id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});

export const followUpEmailDraftSchema = z.object({
  /** The deal's language (that of its latest call; the sender's otherwise). */
  language: z.enum(['en', 'fr']),
  subject: z.string(),
  body: z.string(),
  /** The committee's contacts with an address; all of them are proposed as recipients. */
  recipients: z.array(followUpRecipientSchema),
  /** Replies go to the sender. */
  reply_to: z.string(),
  /** The accepted next steps (the deal's open tasks) the body lists. */
  next_steps: z.array(z.object({ title: z.string(), due_at: z.string().nullable() })),
  /** The next meeting the invite would hold; null when the deal has none to come. */
  invite: z.object({ uid: z.string(), start: z.string(), title: z.string(), duration_minutes: z.number().int() }).nullable(),
});
export type FollowUpEmailDraft = z.infer<typeof followUpEmailDraftSchema>;

export const followUpEmailSentSchema = z.object({
  sent_at: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  invite: z.boolean(),
});
export type FollowUpEmailSent = z.infer<typeof followUpEmailSentSchema>;
