import { randomBytes } from 'node:crypto';
import { asc, eq, like } from 'drizzle-orm';
import {
  foldAccountManagerName,
  homePathForRole,
  INVITATION_TTL_DAYS,
  isRole,
  ROLES,
  type Invitation,
  type InvitationAccept,
  type InvitationCreate,
  type Role,
} from '@nexa/domain';
import { isLanguage, type Language } from '@nexa/domain/language';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { users, verifications } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createUserAccount, matchingNameHolder, UserAdminError } from '../users/service.ts';
import type { Actor } from '../../auth/access.ts';
import { recordAudit } from './audit.ts';
import { invitationMail } from './invite-mail.ts';

/**
 * An invitation is one of better-auth's verification rows, like a reset link: identified by
 * `invite:<token>`, valued with what the manager decided. The token itself is only ever in the
 * e-mail; the team page names an invitation by its row id.
 */
const PREFIX = 'invite:';
const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

interface InvitationValue {
  email: string;
  role: Role;
  language: Language;
  invitedBy: string | null;
  /** The matching name the manager chose ('' for none). */
  accountManagerName: string;
}

export interface InvitationDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
}

function parseValue(raw: string): InvitationValue | null {
  try {
    const value = JSON.parse(raw) as Partial<InvitationValue>;
    if (typeof value.email !== 'string' || !isRole(value.role) || !isLanguage(value.language)) return null;
    return {
      email: value.email,
      role: value.role,
      language: value.language,
      invitedBy: value.invitedBy ?? null,
      accountManagerName: typeof value.accountManagerName === 'string' ? value.accountManagerName : '',
    };
  } catch {
    return null;
  }
}

const conflictExistingAccount = (email: string) =>
  new AppError('conflict', `A person with the e-mail ${email} already has an account`, 'email');

async function accountExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

async function pendingRows(db: Db) {
  const rows = await db
    .select({
      id: verifications.id,
      value: verifications.value,
      expiresAt: verifications.expiresAt,
      createdAt: verifications.createdAt,
    })
    .from(verifications)
    .where(like(verifications.identifier, `${PREFIX}%`))
    .orderBy(asc(verifications.createdAt));
  return rows.flatMap((row) => {
    const value = parseValue(row.value);
    return value ? [{ ...row, value }] : [];
  });
}

export async function listInvitations(db: Db): Promise<Invitation[]> {
  const rows = await pendingRows(db);
  const inviterIds = [...new Set(rows.map((r) => r.value.invitedBy).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  for (const id of inviterIds) {
    const [row] = await db.select({ name: users.full_name }).from(users).where(eq(users.id, id));
    if (row) names.set(id, row.name);
  }
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    email: row.value.email,
    role: row.value.role,
    language: row.value.language,
    account_manager_name: row.value.accountManagerName,
    invited_by: row.value.invitedBy ? (names.get(row.value.invitedBy) ?? null) : null,
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  }));
}

/** Stores a fresh link for the invitation and e-mails it. */
async function issue(deps: InvitationDeps, actor: Actor, value: InvitationValue): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const context = await deps.auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `${PREFIX}${token}`,
    value: JSON.stringify(value),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  // The token rides in the fragment: it never reaches a server log or a Referer header.
  const link = `${deps.publicUrl}/invite#token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    invitationMail(value.email, {
      link,
      role: value.role,
      inviter: actor.fullName || actor.email,
      days: INVITATION_TTL_DAYS,
      language: value.language,
    }),
  );
}

type PendingRow = Awaited<ReturnType<typeof pendingRows>>[number];

async function removeInvitationsFor(db: Db, email: string, pending: readonly PendingRow[]): Promise<void> {
  for (const row of pending) {
    if (row.value.email === email) await db.delete(verifications).where(eq(verifications.id, row.id));
  }
}

/**
 * Refuses (409) a matching name someone already goes by: a person (their name or an alias), or
 * another pending invitation, so the manager sees the clash before anyone's deals move.
 */
async function assertNameFree(db: Db, name: string, email: string, pending: readonly PendingRow[]): Promise<void> {
  const holder = await matchingNameHolder(db, [name]);
  if (holder) {
    throw new AppError(
      'conflict',
      `Deals named "${name}" already go to ${holder.full_name || holder.email} (${holder.email}): choose another name`,
      'account_manager_name',
    );
  }
  const folded = foldAccountManagerName(name);
  const invited = pending.find(
    (row) =>
      row.value.email !== email &&
      row.value.accountManagerName &&
      foldAccountManagerName(row.value.accountManagerName) === folded,
  );
  if (invited) {
    throw new AppError(
      'conflict',
      `The invitation to ${invited.value.email} already uses the name "${name}": choose another name`,
      'account_manager_name',
    );
  }
}

/** Invites a person; inviting the same e-mail again replaces the older link. */
export async function inviteMember(deps: InvitationDeps, actor: Actor, input: InvitationCreate): Promise<void> {
  if (await accountExists(deps.db, input.email)) throw conflictExistingAccount(input.email);
  const accountManagerName = input.account_manager_name ?? '';
  const pending = await pendingRows(deps.db);
  if (accountManagerName) await assertNameFree(deps.db, accountManagerName, input.email, pending);
  await removeInvitationsFor(deps.db, input.email, pending);
  const value: InvitationValue = {
    email: input.email,
    role: input.role,
    language: input.language,
    invitedBy: actor.userId,
    accountManagerName,
  };
  await issue(deps, actor, value);
  await recordAudit(deps.db, {
    actorId: actor.userId,
    action: 'invitation.sent',
    target: input.email,
    after: { role: input.role, account_manager_name: accountManagerName },
  });
}

async function invitationById(db: Db, id: string) {
  const row = (await pendingRows(db)).find((r) => r.id === id);
  if (!row) throw notFound('Invitation');
  return row;
}

/** A new link (the old one stops working) with a new week to use it. */
export async function resendInvitation(deps: InvitationDeps, actor: Actor, id: string): Promise<void> {
  const row = await invitationById(deps.db, id);
  if (await accountExists(deps.db, row.value.email)) throw conflictExistingAccount(row.value.email);
  await deps.db.delete(verifications).where(eq(verifications.id, id));
  await issue(deps, actor, { ...row.value, invitedBy: actor.userId });
  await recordAudit(deps.db, { actorId: actor.userId, action: 'invitation.resent', target: row.value.email });
}

/**
 * Withdraws every pending invitation a person sent, inside the caller's transaction, when they are
 * deactivated or stop being a manager: a link they sent must not let anyone in after they lost the
 * right to invite (DESIGN.md §4.22). Each is recorded, naming who had sent it.
 */
export async function revokeInvitationsSentBy(tx: Db, actor: Actor, sender: { id: string; email: string }): Promise<number> {
  let revoked = 0;
  for (const row of await pendingRows(tx)) {
    if (row.value.invitedBy !== sender.id) continue;
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'invitation.revoked',
      target: row.value.email,
      before: { invited_by: sender.email, role: row.value.role },
    });
    revoked += 1;
  }
  return revoked;
}

export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await invitationById(db, id);
  await db.delete(verifications).where(eq(verifications.id, id));
  await recordAudit(db, { actorId: actor.userId, action: 'invitation.revoked', target: row.value.email });
}

const invalidLink = () =>
  new AppError(
    'bad_request',
    'This invitation link is not valid: it was used or withdrawn. Ask your manager for a new one.',
    'token',
  );

/** Whether the person who sent an invitation may still invite: an active manager. */
async function senderMayInvite(db: Db, senderId: string): Promise<boolean> {
  const [sender] = await db.select({ role: users.role, disabled: users.disabled }).from(users).where(eq(users.id, senderId));
  return sender !== undefined && sender.role === ROLES.manager && !sender.disabled;
}

/**
 * The live invitation a token stands for; an expired one is told apart so the page can say so. A
 * link whose sender was deactivated or is no longer a manager is withdrawn with their rights (their
 * invitations are revoked then; this also stops one left from before that rule).
 */
async function liveInvitation(auth: Auth, db: Db, token: string): Promise<InvitationValue> {
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`${PREFIX}${token}`);
  const value = row ? parseValue(row.value) : null;
  if (!row || !value) throw invalidLink();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('bad_request', 'This invitation has expired. Ask your manager to send it again.', 'token');
  }
  if (value.invitedBy !== null && !(await senderMayInvite(db, value.invitedBy))) throw invalidLink();
  return value;
}

export async function previewInvitation(auth: Auth, db: Db, token: string) {
  const { email, role, language } = await liveInvitation(auth, db, token);
  return { email, role, language };
}

/**
 * Creates the invited person's account, once: the link is consumed before the account exists, so
 * two tabs submitting the same link cannot both succeed.
 */
export async function acceptInvitation(deps: InvitationDeps, input: InvitationAccept) {
  const value = await liveInvitation(deps.auth, deps.db, input.token);
  if (await accountExists(deps.db, value.email)) throw conflictExistingAccount(value.email);
  const context = await deps.auth.$context;
  const consumed = await context.internalAdapter.consumeVerificationValue(`${PREFIX}${input.token}`);
  if (!consumed) throw invalidLink();
  // The name deals are matched on is the manager's choice, never the name typed here; one taken
  // since the invitation was sent is left empty for a manager to set (it was free when checked).
  const accountManagerName =
    value.accountManagerName && !(await matchingNameHolder(deps.db, [value.accountManagerName])) ? value.accountManagerName : '';
  let userId: string;
  try {
    userId = await createUserAccount(deps.auth, deps.db, {
      email: value.email,
      password: input.password,
      fullName: input.full_name,
      role: value.role,
      accountManagerName,
    });
  } catch (error) {
    if (error instanceof UserAdminError) throw conflictExistingAccount(value.email);
    throw error;
  }
  await deps.db.update(users).set({ language: value.language }).where(eq(users.id, userId));
  await recordAudit(deps.db, {
    actorId: userId,
    action: 'invitation.accepted',
    target: value.email,
    after: { role: value.role },
  });
  return { email: value.email, role: value.role, home: homePathForRole(value.role) ?? '/' };
}
