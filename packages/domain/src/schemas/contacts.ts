import { z } from 'zod';
import { BUYING_ROLES, CONTACT_SIDES } from '../accounts.ts';
import { CHANGE_SOURCES } from '../deal-history.ts';
import { isTimeZone } from '../time-zone.ts';
import { LANGUAGES } from '../language.ts';
import { STAGES } from '../pipeline-model.ts';
import { isSingleLine, INVALID_CHARACTERS, singleLineName } from './text.ts';
import { cappedPageOf } from './opportunity.ts';

/**
 * Contacts (the people a deal is sold to) and a deal's buying committee on the wire (issue 36).
 * The tables are described in docs/decisions (buying committee); who sees which contact is
 * contactsVisibleTo on the server.
 */

/** The largest id a PostgreSQL integer column holds. */
const MAX_ID = 2_147_483_647;

/** A contact's id as a path segment: decimal digits, one spelling (as a deal's id). */
export const contactIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a contact id: a positive whole number in decimal digits')
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID, 'Expected a contact id: a positive whole number in decimal digits'))
  .meta({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID, pattern: undefined });

export const contactIdParamsSchema = z.object({ id: contactIdSchema });

/** A deal's id and a contact's id, for the committee's member routes. */
export const committeeMemberParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Expected a deal id: a positive whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().max(MAX_ID))
    .meta({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID, pattern: undefined }),
  contactId: contactIdSchema,
});

export const buyingRoleSchema = z.enum(BUYING_ROLES);

/** Roles as a person gives them: each once, in the order of BUYING_ROLES (so before → after compares). */
export const buyingRolesSchema = z
  .array(buyingRoleSchema)
  .max(BUYING_ROLES.length * 2)
  .transform((roles) => BUYING_ROLES.filter((role) => roles.includes(role)));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isSingleLine, INVALID_CHARACTERS)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An e-mail as stored: lower case, trimmed; empty means none. */
const emailField = z
  .string()
  .trim()
  .max(254)
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(''), z.email()]))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || isTimeZone(v), 'Expected an IANA time zone such as Europe/Paris')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** POST /api/contacts: a person; the account is optional (a contact may be known before their company). */
export const contactCreateSchema = z.object({
  full_name: singleLineName(200),
  email: emailField,
  phone: optionalText(60),
  title: optionalText(200),
  account_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  language: z.enum(LANGUAGES).nullable().optional(),
  time_zone: timeZoneField,
});
export type ContactCreate = z.infer<typeof contactCreateSchema>;

/** PATCH /api/contacts/:id: any of the same fields; the side a rep set for the person too. */
export const contactPatchSchema = contactCreateSchema
  .partial()
  .extend({ side: z.enum(CONTACT_SIDES).optional() })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  time_zone: z.string().nullable(),
  side: z.enum(CONTACT_SIDES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  /** Free text: the name, the e-mail or the title. */
  q: z.string().trim().max(200).refine(isSingleLine, INVALID_CHARACTERS).optional(),
  /** Only this account's contacts. */
  account: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Counted up to the page's offset + LIST_COUNT_AHEAD (decision 044): `capped` when there are more. */
export const contactPageSchema = cappedPageOf(contactSchema);
export type ContactPage = z.infer<typeof contactPageSchema>;

/** A line of a call, cited as the analysis cites it. */
const contactLineSchema = z.object({ line: z.number().int(), text: z.string() });

/** GET /api/contacts/:id/activity: only what the viewer may see (their deals and those deals' calls). */
export const contactActivitySchema = z.object({
  deals: z.array(
    z.object({
      id: z.number().int(),
      product: z.string().nullable(),
      client_company_name: z.string().nullable(),
      stage: z.enum(STAGES),
      amount: z.number().nullable(),
      currency: z.string().nullable(),
      /** Its representative (a manager's link goes through them). */
      owner_id: z.string().nullable(),
      roles: z.array(buyingRoleSchema),
    }),
  ),
  calls: z.array(
    z.object({
      analysisId: z.string(),
      opportunityId: z.number().int(),
      createdAt: z.string(),
      transcript_name: z.string().nullable(),
      /** As named in the transcript. */
      speaker: z.string(),
      talk_seconds: z.number().nullable(),
      lines: z.number().int().nullable(),
    }),
  ),
  /** What they asked (the analysis's questions) and required (its technical requirements), where the cited line is theirs. */
  asked: z.array(
    z.object({
      analysisId: z.string(),
      opportunityId: z.number().int(),
      kind: z.enum(['question', 'requirement']),
      text: z.string(),
      lines: z.array(contactLineSchema),
    }),
  ),
});
export type ContactActivity = z.infer<typeof contactActivitySchema>;

/** A committee member: the contact and their roles on this deal. */
export const committeeMemberSchema = z.object({
  contact: contactSchema,
  roles: z.array(buyingRoleSchema),
  source: z.enum(CHANGE_SOURCES).nullable(),
});
export type CommitteeMember = z.infer<typeof committeeMemberSchema>;

export const committeeSchema = z.object({
  /** The deal's version: a committee change bumps it, as every recorded change does. */
  version: z.number().int(),
  members: z.array(committeeMemberSchema),
});
export type Committee = z.infer<typeof committeeSchema>;

/**
 * POST /api/opportunities/:id/committee: an existing contact (contact_id) or a new one (contact),
 * with their roles. `version`, when given, is the deal's version the person saw (stale → 409).
 */
export const committeeAddSchema = z
  .object({
    contact_id: z.number().int().positive().max(MAX_ID).optional(),
    contact: contactCreateSchema.optional(),
    roles: buyingRolesSchema.default([]),
    version: z.number().int().min(0).max(MAX_ID).optional(),
  })
  .refine((body) => (body.contact_id === undefined) !== (body.contact === undefined), {
    message: 'Give either contact_id (an existing contact) or contact (a new one)',
  });
export type CommitteeAdd = z.input<typeof committeeAddSchema>;

/** PUT /api/opportunities/:id/committee/:contactId: the member's roles, all of them. */
export const committeeRolesSchema = z.object({
  roles: buyingRolesSchema,
  version: z.number().int().min(0).max(MAX_ID).optional(),
});
export type CommitteeRoles = z.input<typeof committeeRolesSchema>;

export const committeeRemoveQuerySchema = z.object({
  version: z.coerce.number().int().min(0).max(MAX_ID).optional(),
});

/** A deleted contact's undo: the same id comes back, with their roles on deals and their calls. */
export const deletedContactSchema = z.object({ id: z.number().int(), full_name: z.string(), deleted_at: z.string() });
