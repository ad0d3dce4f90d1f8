import {
  committeeChange,
  DELETED_DEAL_DAYS,
  ROLES,
  wordsOfSpeaker,
  type Committee,
  type CommitteeMember,
  type Contact,
  type ContactActivity,
  type ContactCreate,
  type ContactPatch,
} from '@nexa/domain';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import {
  lockDeal,
  lockVisibleDeal,
  recordCommitteeChange,
  type ChangeOrigin,
  type OpportunityRow,
} from '../opportunities/changes.ts';
import {
  accountExists,
  archiveContact,
  committeeMembers,
  committeesOf,
  contactActivityRows,
  deleteMember,
  insertContact,
  listContacts,
  lockArchivedContact,
  memberRoles,
  purgeDeletedContacts,
  recentlyDeletedContacts,
  unarchiveContact,
  updateContact,
  upsertMember,
  visibleCommittee,
  visibleContactById,
  type MemberRow,
} from './queries.ts';

/**
 * Contacts and a deal's buying committee (issue 36). A contact is shared by everyone who sees its
 * account; what hangs off it (deals, calls, their words) is shown only through deals the viewer may
 * see. A committee change is a change of the deal: through the change recorder, as field
 * `committee`, with the version the person saw.
 */

/** As long as a deleted deal: a contact's delete can be undone for the same 30 days (decision 017). */
export const DELETED_CONTACT_DAYS = DELETED_DEAL_DAYS;

const personOf = (actor: Actor): ChangeOrigin => ({ source: 'person', actorId: actor.userId });

export const listContactsFor = listContacts;

export async function getContact(db: DbOrTx, actor: Actor, id: number): Promise<Contact> {
  const found = await visibleContactById(db, actor, id);
  if (!found) throw notFound('Contact');
  return found;
}

async function checkAccount(db: DbOrTx, accountId: number | null | undefined): Promise<void> {
  if (accountId !== null && accountId !== undefined && !(await accountExists(db, accountId))) {
    throw new AppError('bad_request', 'No such account', 'account_id');
  }
}

export async function createContact(db: Db, actor: Actor, body: ContactCreate): Promise<Contact> {
  return db.transaction(async (tx) => {
    await checkAccount(tx, body.account_id);
    const id = await insertContact(tx, { ...body, account_id: body.account_id ?? null }, actor.userId);
    return getContact(tx, actor, id);
  });
}

export async function patchContact(db: Db, actor: Actor, id: number, patch: ContactPatch): Promise<Contact> {
  return db.transaction(async (tx) => {
    if (!(await visibleContactById(tx, actor, id, true))) throw notFound('Contact');
    await checkAccount(tx, patch.account_id);
    await updateContact(tx, id, patch);
    // Moved to an account the representative has no deal in, the contact may leave their sight: answer what they may see.
    const after = await visibleContactById(tx, actor, id);
    if (!after) throw notFound('Contact');
    return after;
  });
}

/**
 * Delete with undo (decision 017's archive): the contact leaves every list and committee, each deal
 * it was on records the member's departure, and a restore within 30 days brings all of it back. A
 * representative may not take a person off another representative's deal: 409.
 */
export async function deleteContact(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const contact = await visibleContactById(tx, actor, id, true);
    if (!contact) throw notFound('Contact');
    const places = await committeesOf(tx, id);
    if (actor.role !== ROLES.manager && places.some((p) => p.owner_id !== actor.userId)) {
      throw new AppError('conflict', 'This person is on other representatives’ deals: a manager can delete them');
    }
    await purgeDeletedContacts(tx, DELETED_CONTACT_DAYS);
    for (const place of places) {
      const deal = await lockDeal(tx, place.opportunity_id);
      const change = committeeChange(contact, place.roles, null);
      if (deal && change) await recordCommitteeChange(tx, deal, change, personOf(actor));
    }
    await archiveContact(tx, id, actor.userId);
  });
}

export async function restoreContact(db: Db, actor: Actor, id: number): Promise<Contact> {
  return db.transaction(async (tx) => {
    const archived = await lockArchivedContact(tx, actor, id, DELETED_CONTACT_DAYS);
    if (!archived) throw notFound('Deleted contact');
    const back = await unarchiveContact(tx, archived);
    const name = String(archived.row.full_name ?? '');
    for (const opportunityId of back) {
      const deal = await lockDeal(tx, opportunityId);
      const roles = archived.committee.find((m) => m.opportunity_id === opportunityId)?.roles ?? [];
      const change = committeeChange({ id, full_name: name }, null, roles);
      if (deal && change) await recordCommitteeChange(tx, deal, change, personOf(actor));
    }
    // A manager restores any; a representative the ones they deleted, which they may no longer see (their deal gone).
    const restored = await visibleContactById(tx, { ...actor, role: ROLES.manager }, id);
    if (!restored) throw notFound('Deleted contact');
    return restored;
  });
}

export async function listDeletedContacts(db: Db, actor: Actor) {
  return recentlyDeletedContacts(db, actor, DELETED_CONTACT_DAYS);
}

/** A contact's page: their deals with roles, their calls with talk time, and what they asked and required — all within the viewer's deals. */
export async function contactActivity(db: Db, actor: Actor, id: number): Promise<ContactActivity> {
  const activity = await contactActivityRows(db, actor, id);
  if (!activity) throw notFound('Contact');
  const { deals, calls } = activity;
  return {
    deals: deals.map((d) => ({ ...d, amount: d.amount === null ? null : Number(d.amount) })) as ContactActivity['deals'],
    calls: calls.map((c) => ({
      analysisId: c.analysisId,
      opportunityId: c.opportunityId,
      createdAt: c.createdAt,
      transcript_name: c.transcript_name,
      speaker: c.speaker,
      talk_seconds: c.talk_seconds === null ? null : Number(c.talk_seconds),
      lines: c.lines === null ? null : Number(c.lines),
    })),
    asked: calls.flatMap((c) =>
      wordsOfSpeaker(parsed(c.result), parsed(c.transcript_lines), c.speaker).map((w) => ({
        analysisId: c.analysisId,
        opportunityId: c.opportunityId,
        ...w,
      })),
    ),
  };
}

const parsed = (value: unknown): unknown => (typeof value === 'string' ? safeJson(value) : value);
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// --- the deal's committee ---

const toMember = (row: MemberRow): CommitteeMember => {
  const { roles, source, ...contact } = row;
  return { contact, roles: roles as CommitteeMember['roles'], source: source as CommitteeMember['source'] };
};

async function committeeOf(db: DbOrTx, deal: Pick<OpportunityRow, 'id' | 'version'>): Promise<Committee> {
  return { version: deal.version, members: (await committeeMembers(db, deal.id)).map(toMember) };
}

/** GET: the deal's committee, 404 for a deal the actor may not see. */
export async function getCommittee(db: Db, actor: Actor, opportunityId: number): Promise<Committee> {
  const deal = await visibleCommittee(db, actor, opportunityId);
  if (!deal) throw notFound('Opportunity');
  return { version: deal.version, members: deal.members.map(toMember) };
}

/** A committee write's outcome: the committee after it, or the committee as it is when the version was stale. */
export type CommitteeOutcome = { ok: true; committee: Committee } | { ok: false; current: Committee };

/**
 * Sets one member's roles (null: takes them off the committee) in a transaction on the locked deal;
 * `contact` resolves who, inside it. Same roles: nothing recorded, the version stays.
 */
async function writeMember(
  db: Db,
  actor: Actor,
  opportunityId: number,
  version: number | undefined,
  contact: (tx: DbOrTx, deal: OpportunityRow) => Promise<{ id: number; full_name: string }>,
  roles: (before: string[] | null) => string[] | null,
): Promise<CommitteeOutcome> {
  return db.transaction(async (tx) => {
    const deal = await lockVisibleDeal(tx, actor, opportunityId);
    if (!deal) throw notFound('Opportunity');
    if (version !== undefined && version !== deal.version) return { ok: false as const, current: await committeeOf(tx, deal) };
    const person = await contact(tx, deal);
    const before = await memberRoles(tx, deal.id, person.id);
    const after = roles(before);
    const change = committeeChange(person, before, after);
    if (!change) return { ok: true as const, committee: await committeeOf(tx, deal) };
    if (after === null) await deleteMember(tx, deal.id, person.id);
    else await upsertMember(tx, deal.id, person.id, change.after!.roles, 'person');
    const written = (await recordCommitteeChange(tx, deal, change, personOf(actor)))!;
    return { ok: true as const, committee: await committeeOf(tx, written) };
  });
}

/** POST: puts a contact (existing and visible, or new, in the deal's account by default) on the committee with their roles. */
export async function addMember(
  db: Db,
  actor: Actor,
  opportunityId: number,
  body: { contact_id?: number; contact?: ContactCreate; roles: string[]; version?: number },
): Promise<CommitteeOutcome> {
  return writeMember(
    db,
    actor,
    opportunityId,
    body.version,
    async (tx, deal) => {
      if (body.contact_id !== undefined) {
        const found = await visibleContactById(tx, actor, body.contact_id);
        if (!found) throw notFound('Contact');
        return found;
      }
      const fresh = body.contact!;
      await checkAccount(tx, fresh.account_id);
      const accountId = fresh.account_id ?? deal.account_id ?? null;
      const id = await insertContact(tx, { ...fresh, account_id: accountId }, actor.userId);
      return { id, full_name: fresh.full_name };
    },
    () => body.roles,
  );
}

/** PUT: a member's roles, all of them; 404 when the contact is not on the committee. */
export async function setMemberRoles(
  db: Db,
  actor: Actor,
  opportunityId: number,
  contactId: number,
  body: { roles: string[]; version?: number },
): Promise<CommitteeOutcome> {
  return writeMember(
    db,
    actor,
    opportunityId,
    body.version,
    (tx, deal) => memberOf(tx, deal.id, contactId),
    (before) => {
      if (before === null) throw notFound('Committee member');
      return body.roles;
    },
  );
}

/** DELETE: takes a contact off the committee (the contact stays). */
export async function removeMember(
  db: Db,
  actor: Actor,
  opportunityId: number,
  contactId: number,
  version: number | undefined,
): Promise<CommitteeOutcome> {
  return writeMember(
    db,
    actor,
    opportunityId,
    version,
    (tx, deal) => memberOf(tx, deal.id, contactId),
    (before) => {
      if (before === null) throw notFound('Committee member');
      return null;
    },
  );
}

/** A member of a deal the actor may see: visible through the deal, whatever their account. */
async function memberOf(tx: DbOrTx, opportunityId: number, contactId: number) {
  const [row] = await selectRows<{ id: number; full_name: string }>(
    tx,
    sql`SELECT c.id, c.full_name FROM deal_contacts dc JOIN contacts c ON c.id = dc.contact_id
      WHERE dc.opportunity_id = ${opportunityId} AND dc.contact_id = ${contactId}`,
  );
  if (!row) throw notFound('Committee member');
  return row;
}
