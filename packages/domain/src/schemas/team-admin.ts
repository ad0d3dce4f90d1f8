import { z } from 'zod';
import { LANGUAGES } from '../language.ts';
import { ROLE_VALUES } from '../roles.ts';
import { INVALID_CHARACTERS, isSingleLine, singleLineName } from './text.ts';

/** The manager's team page (/api/team-admin/*) and the invitation link (/api/invitations/*). */

export const INVITATION_TTL_DAYS = 7;
/** The account password's length, as the auth server enforces it. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const invitationCreateSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  role: z.enum(ROLE_VALUES),
  /** The language of the e-mail and of the invitee's workspace. */
  language: z.enum(LANGUAGES),
  /**
   * The name incoming CRM deals are matched on for this person, chosen by the manager (never by the
   * invitee, who could otherwise take a colleague's deals); empty: none until a manager sets it.
   */
  account_manager_name: z.string().trim().max(200).refine(isSingleLine, INVALID_CHARACTERS).optional(),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  language: z.enum(LANGUAGES),
  /** The name deals will be matched on once the person joins ('' for none). */
  account_manager_name: z.string(),
  invited_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsSchema = z.object({ items: z.array(invitationSchema) });

export const teamPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLE_VALUES).nullable(),
  disabled: z.boolean(),
  /** Deals the person owns (what a reassignment moves). */
  deals: z.number().int(),
  /**
   * Deals that arrived (through the ingest API) for one of the names a manager set for this person
   * and have no owner yet — typically sent before the person had an account. Offered, never moved
   * without a manager's confirmation.
   */
  waiting_deals: z.number().int(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;
export const teamPeopleSchema = z.object({ items: z.array(teamPersonSchema) });

/** A change to one person: a new role, or deactivation (true) / reactivation (false). */
export const personUpdateSchema = z
  .object({ role: z.enum(ROLE_VALUES), disabled: z.boolean() })
  .partial()
  .refine((patch) => patch.role !== undefined || patch.disabled !== undefined, { message: 'Nothing to change' });
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

export const reassignDealsSchema = z.object({ to_user_id: z.string().min(1).max(64) });
export const reassignedDealsSchema = z.object({ moved: z.number().int() });

export const AUDIT_ACTIONS = [
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'person.role_changed',
  'person.deactivated',
  'person.reactivated',
  'person.deals_reassigned',
  'person.waiting_deals_assigned',
  /** A key the person created, revoked when they were deactivated or stopped being a manager. */
  'api_key.revoked',
  /** Accounts (issue 36): merged (by a person, or by the migration that created them), split or edited, and undone. */
  'account.merged',
  'account.merge_undone',
  'account.split',
  'account.split_undone',
  'account.edited',
  /** A contact's personal data erased on request (target: the contact's number, never the name). */
  'contact.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntriesSchema = z.object({ items: z.array(auditEntrySchema) });

/** What the invitation page shows before the person chooses a password. */
export const invitationTokenSchema = z.object({ token: z.string().min(10).max(200) });
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  language: z.enum(LANGUAGES),
});
export const invitationAcceptSchema = invitationTokenSchema.extend({
  full_name: singleLineName(120),
  password: z
    .string()
    .min(PASSWORD_LENGTH.min, 'validation.passwordLength')
    .max(PASSWORD_LENGTH.max, 'validation.passwordLength'),
});
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
export const invitationAcceptedSchema = z.object({ role: z.enum(ROLE_VALUES), home: z.string() });
