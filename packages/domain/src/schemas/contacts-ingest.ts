import { z } from 'zod';
import { domainOf } from '../accounts.ts';
import { emailOf, languageOf } from '../contact-import.ts';
import { isTimeZone } from '../time-zone.ts';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';

/*
 * The ingest API's people (issue 36): a CRM's contacts (POST /api/v1/contacts, upserted by the CRM's
 * id or e-mail) and a call's attendees as the meeting tool knows them (POST /api/v1/transcripts).
 */

const line = (max: number) => z.string().trim().max(max).refine(isSingleLine, INVALID_CHARACTERS);
/** An e-mail address as sent; the server stores it lower case (emailOf). A refinement, not a transform: the documented examples stay on the schema. */
const email = z
  .string()
  .trim()
  .max(254)
  .refine((v) => emailOf(v) !== null, 'not an e-mail address');

/** Who was in the call, as the meeting tool lists them: the name it shows and, when it knows it, the e-mail. */
export const attendeeSchema = z.object({
  name: line(200).min(1),
  email: email.optional(),
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const attendeesSchema = z.array(attendeeSchema).max(50);

/** A contact as a CRM sends it. */
export const crmContactSchema = z
  .object({
    /** The CRM's id for the person: a later send with it updates the same contact. */
    external_id: line(200).min(1).optional(),
    full_name: line(200).min(1),
    email: email.optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+()\d\s./-]*\d[+()\d\s./-]*$/, 'not a phone number')
      .optional(),
    title: line(200).optional(),
    /** The company's name; found (or created) as an account, like a deal's company. */
    account: line(200).min(1).optional(),
    /** The company's web address or host. */
    account_domain: z
      .string()
      .trim()
      .max(253)
      .refine((v) => domainOf(v) !== null, 'not a web domain')
      .optional(),
    /** en or fr (a code like en-GB, or the language's name, is read as one of them). */
    language: z
      .string()
      .trim()
      .refine((v) => languageOf(v) !== null, 'en or fr')
      .optional(),
    time_zone: z.string().refine(isTimeZone, 'an IANA time zone (e.g. Europe/Paris)').optional(),
  })
  .refine((c) => c.external_id !== undefined || c.email !== undefined, {
    message: 'external_id or email is required: one of them finds the contact again',
    path: ['external_id'],
  });
export type CrmContact = z.infer<typeof crmContactSchema>;

export const crmContactsBodySchema = z.object({ contacts: z.array(crmContactSchema).min(1).max(500) });

export const crmContactsResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      external_id: z.string().nullable(),
      /** True for a person new to Nexa; false when the send found them (and completed their empty fields). */
      created: z.boolean(),
    }),
  ),
});
export type CrmContactsResult = z.infer<typeof crmContactsResultSchema>;
