import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isRole, ROLES, type PersonUpdate, type TeamPerson } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { opportunities, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requestCalendarSync, requestCalendarSyncs } from '../calendar/enqueue.ts';
import { revokeKeysCreatedBy } from '../integrations/index.ts';
import { setDisabledById } from '../users/service.ts';
import { recordAudit } from './audit.ts';
import { revokeInvitationsSentBy } from './invitations.ts';

/**
 * An unassigned deal waits for a person when its account-manager name is one a manager set for them
 * (their matching name or an alias), compared as the ingest API compares names: trimmed, any case.
 */
const waitsFor = (person: SQL | typeof users.id): SQL =>
  and(
    isNull(opportunities.owner_id),
    sql`lower(btrim(${opportunities.account_manager})) in (
      select lower(btrim(n)) from ${users} as p, unnest(array_append(p.account_manager_aliases, p.account_manager_name)) as n
      where p.id = ${person} and btrim(n) <> '')`,
  )!;

export async function listPeople(db: Db): Promise<TeamPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      disabled: users.disabled,
      deals: count(opportunities.id),
      waiting_deals: sql<number>`(select count(*)::int from ${opportunities} where ${waitsFor(users.id)})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(opportunities, eq(opportunities.owner_id, users.id))
    .groupBy(users.id)
    .orderBy(asc(users.disabled), asc(users.full_name), asc(users.email));
  return rows.map((row) => ({ ...row, role: isRole(row.role) ? row.role : null }));
}

const isActiveManager = (person: { role: string | null; disabled: boolean }) => person.role === ROLES.manager && !person.disabled;

/**
 * What a manager handed out stops with their rights (DESIGN.md §4.22): when a person is deactivated
 * or stops being a manager, the API keys they created are revoked and the invitations they sent are
 * withdrawn, each recorded in the audit log, in the transaction of the change.
 */
async function revokeManagerAccess(tx: Db, actor: Actor, person: { id: string; email: string }): Promise<void> {
  for (const key of await revokeKeysCreatedBy(tx, person.id)) {
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'api_key.revoked',
      target: person.email,
      after: { key: key.name, prefix: key.prefix },
    });
  }
  await revokeInvitationsSentBy(tx, actor, person);
}

/**
 * Changes a person's role or deactivates / reactivates them. The role is read from the database on
 * every request, so it applies to their next one; deactivation ends every session at once. The team
 * always keeps one active manager: the managers' rows are locked while that is checked, so two
 * managers demoting each other at the same moment cannot both succeed.
 */
export async function updatePerson(db: Db, actor: Actor, id: string, patch: PersonUpdate): Promise<TeamPerson> {
  await db.transaction(async (tx) => {
    // The active managers first, always in id order, then the person: every change takes its locks
    // in the same order, so two of them wait for each other instead of deadlocking.
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ROLES.manager), eq(users.disabled, false)))
      .orderBy(asc(users.id))
      .for('update');
    const [person] = await tx
      .select({ id: users.id, email: users.email, role: users.role, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!person) throw notFound('Person');
    const after = { role: patch.role ?? person.role, disabled: patch.disabled ?? person.disabled };
    if (isActiveManager(person) && !isActiveManager(after) && managers.every((m) => m.id === id)) {
      throw new AppError(
        'conflict',
        id === actor.userId
          ? 'You are the last active manager: make someone else a manager before you step down or deactivate your account'
          : 'This is the last active manager: make someone else a manager first',
      );
    }
    if (after.role !== person.role) {
      await tx.update(users).set({ role: after.role, updatedAt: new Date() }).where(eq(users.id, id));
      // A manager's calendar holds the demo bookings (decision 042): they come or go with the role.
      await requestCalendarSync(tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'person.role_changed',
        target: person.email,
        before: { role: person.role },
        after: { role: after.role },
      });
    }
    if (after.disabled !== person.disabled) {
      await setDisabledById(tx, id, after.disabled);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: after.disabled ? 'person.deactivated' : 'person.reactivated',
        target: person.email,
        before: { disabled: person.disabled },
        after: { disabled: after.disabled },
      });
    }
    // Whoever is not an active manager after the change holds no key and no invitation (a no-op for most).
    if (!isActiveManager(after)) await revokeManagerAccess(tx, actor, person);
  });
  const person = (await listPeople(db)).find((p) => p.id === id);
  if (!person) throw notFound('Person');
  return person;
}

/** Moves every deal a person owns to an active representative (typically after deactivating them). */
export async function reassignDeals(db: Db, actor: Actor, fromId: string, toId: string): Promise<number> {
  if (fromId === toId) throw new AppError('bad_request', 'Choose another representative to receive the deals', 'to_user_id');
  return db.transaction(async (tx) => {
    const [from] = await tx.select({ email: users.email }).from(users).where(eq(users.id, fromId));
    if (!from) throw notFound('Person');
    const [to] = await tx
      .select({ email: users.email, role: users.role, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, toId))
      .for('update');
    if (!to || to.role !== ROLES.representative || to.disabled) {
      throw new AppError('bad_request', 'Deals can only go to an active representative', 'to_user_id');
    }
    const moved = await tx
      .update(opportunities)
      .set({ owner_id: toId })
      .where(eq(opportunities.owner_id, fromId))
      .returning({ id: opportunities.id });
    // Their next meetings leave one calendar for the other (decision 042).
    if (moved.length) await requestCalendarSyncs(tx, [fromId, toId]);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'person.deals_reassigned',
      target: from.email,
      before: { owner: from.email },
      after: { owner: to.email, deals: moved.length },
    });
    return moved.length;
  });
}

/** Gives a representative the unassigned deals that arrived for their names, once a manager confirms. */
export async function assignWaitingDeals(db: Db, actor: Actor, personId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: users.email, role: users.role, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, personId))
      .for('update');
    if (!person) throw notFound('Person');
    if (person.role !== ROLES.representative || person.disabled) {
      throw new AppError('bad_request', 'Deals can only go to an active representative');
    }
    const moved = await tx
      .update(opportunities)
      .set({ owner_id: personId, owner_match: 'manual' })
      .where(waitsFor(sql`${personId}`))
      .returning({ id: opportunities.id });
    if (moved.length) await requestCalendarSync(tx, personId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'person.waiting_deals_assigned',
      target: person.email,
      before: { owner: null },
      after: { owner: person.email, deals: moved.length },
    });
    return moved.length;
  });
}
