import {
  DELETED_DEAL_DAYS,
  openStageMove,
  resolveDealEdit,
  ROLES,
  withStage,
  type CreateOpportunity,
  type DeletedOpportunity,
  type HeldSuggestion,
  type OpportunityChange,
  type OpportunityDetail,
  type OpportunityPatch,
  type OpportunitySuggestion,
  type Stage,
} from '@nexa/domain';
import { and } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { relinkRestoredDeal } from '../accounts/deals.ts';
import { iso } from '../../db/iso.ts';
import { sqlState } from '../../http/error-handler.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isActiveRepresentative } from '../users/service.ts';
import { headline, recordChanges, recordEvents, recordInOneStatement, type ChangeOrigin } from './changes.ts';
import {
  archiveOpportunity,
  decideSuggestions,
  historyPage,
  insertOpportunity,
  closedDeals,
  lockVisibleOpportunity,
  openDealElsewhere,
  ownerClosedDeals,
  pendingSuggestions,
  purgeDeleted,
  recentlyDeleted,
  unarchiveOpportunity,
  visibleOpportunity,
  type OpportunityRow,
} from './queries.ts';
import { visibleTo } from './scope.ts';
import { detailOf, detailWith } from './service.ts';

/**
 * People editing deals: create, edit (optimistic concurrency on the version), soft delete and
 * restore, the history, and deciding the machines' suggestions. Every write goes through the
 * change recorder (changes.ts) in one transaction with its history.
 */

const personOf = (actor: Actor): ChangeOrigin => ({ source: 'person', actorId: actor.userId });

const badEdit = (field: string, code: string) => new AppError('bad_request', `${field}: ${code}`, field);

/** The owner a manager names must be an active representative; a representative's deals are theirs. */
async function ownerFor(tx: DbOrTx, actor: Actor, ownerId: string | undefined): Promise<string> {
  if (actor.role !== ROLES.manager) {
    if (ownerId !== undefined && ownerId !== actor.userId)
      throw new AppError('forbidden', 'Only a manager assigns a deal to someone else', 'owner_id');
    return actor.userId;
  }
  if (!ownerId) throw badEdit('owner_id', 'required');
  if (!(await isActiveRepresentative(tx, ownerId))) throw badEdit('owner_id', 'not an active representative');
  return ownerId;
}

export async function createOpportunity(db: Db, actor: Actor, input: CreateOpportunity): Promise<OpportunityDetail> {
  const { owner_id: wantedOwner, stage = 'New', ...fields } = input;
  const edit = resolveDealEdit({ stage: 'New', closing_date: null }, { stage, closing_date: fields.closing_date ?? null });
  if (!edit.ok) throw badEdit(edit.field, edit.code);
  return db.transaction(async (tx) => {
    const owner = await ownerFor(tx, actor, wantedOwner);
    const given = Object.fromEntries(Object.entries({ ...fields, stage }).filter(([, v]) => v !== undefined && v !== null));
    const row = await insertOpportunity(
      tx,
      withStage({
        ...fields,
        status: stage,
        next_meeting_date: fields.next_meeting_date ? new Date(fields.next_meeting_date) : null,
        owner_id: owner,
        owner_match: 'manual' as const,
        account_manager: owner === actor.userId ? actor.fullName || actor.email : null,
        // A person wrote every field given: no machine replaces them.
        field_sources: Object.fromEntries([...Object.keys(given), 'status'].map((field) => [field, 'person' as const])),
      }),
    );
    await recordEvents(tx, [{ id: row.id, event: 'created', after: headline(row) }], personOf(actor));
    return detailOf(tx, row);
  });
}

/**
 * The board's most frequent write, an open deal dragged to another open stage, in one round trip
 * (decision 023): the change recorder's one-statement form, on a deal the visibility rule lets the
 * actor see, answered with the owner's closed deals (unchanged by such a move). Undefined when it
 * wrote nothing (not visible, stale, closed, same stage): the general path then answers as usual.
 */
async function moveOpenDeal(db: Db, actor: Actor, id: number, version: number, stage: Stage) {
  const moved = await recordInOneStatement(db, {
    where: and(openDealElsewhere(id, stage), visibleTo(actor))!,
    changes: { stage, status: stage },
    origin: personOf(actor),
    version,
    answer: ownerClosedDeals('written.owner_id'),
  });
  return moved && { row: moved.row, rate: closedDeals(moved.answer) };
}

export type EditOutcome = { ok: true; opportunity: OpportunityDetail } | { ok: false; current: OpportunityDetail };

/**
 * A partial edit against the version the client saw. A stale version answers the current row
 * (409), so the client can show what changed and offer to apply its edit again.
 */
export async function editOpportunity(db: Db, actor: Actor, id: number, patch: OpportunityPatch): Promise<EditOutcome> {
  // A card dragged between open stages: one statement; anything it does not write goes the general way.
  const stage = openStageMove(patch);
  const moved = stage ? await moveOpenDeal(db, actor, id, patch.version, stage) : undefined;
  if (moved) return { ok: true, opportunity: detailWith(moved.row, moved.rate) };
  const written = await db.transaction(async (tx) => {
    const before = await lockVisibleOpportunity(tx, actor, id);
    if (!before) throw notFound('Opportunity');
    if (before.version !== patch.version) return { ok: false as const, row: before };
    const { version, owner_id, ...fields } = patch;
    const edit = resolveDealEdit(before as unknown as { stage: Stage; closing_date: string | null }, fields);
    if (!edit.ok) throw badEdit(edit.field, edit.code);
    const changes = edit.changes;
    if (owner_id !== undefined && owner_id !== before.owner_id) {
      if (actor.role !== ROLES.manager) throw notFound('Opportunity');
      changes.owner_id = await ownerFor(tx, actor, owner_id);
      changes.owner_match = 'manual';
    }
    const row = await recordChanges(tx, before, changes, personOf(actor), version);
    if (!row) return { ok: false as const, row: (await lockVisibleOpportunity(tx, actor, id))! };
    return { ok: true as const, row };
  });
  // The answer's figures (the owner's win rate) are read after the commit: the summary rows the
  // write locked are free for the next writer sooner.
  const detail = await detailOf(db, written.row);
  return written.ok ? { ok: true, opportunity: detail } : { ok: false, current: detail };
}

/** Soft delete: the row moves to the archive (decision 017); a restore within 30 days brings it back. */
export async function deleteOpportunity(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await purgeDeleted(tx, DELETED_DEAL_DAYS);
    const archived = await archiveOpportunity(tx, actor, id);
    if (archived === undefined) throw notFound('Opportunity');
    await recordEvents(tx, [{ id, event: 'deleted' }], personOf(actor));
  });
}

export async function restoreOpportunity(db: Db, actor: Actor, id: number): Promise<OpportunityDetail> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await unarchiveOpportunity(tx, actor, id, DELETED_DEAL_DAYS))) throw notFound('Deleted opportunity');
      await relinkRestoredDeal(tx, id);
      const row = (await lockVisibleOpportunity(tx, null, id))!;
      await recordEvents(tx, [{ id, event: 'restored' }], personOf(actor));
      return detailOf(tx, row);
    });
  } catch (error) {
    // An integration created a deal with the same external id since: the two cannot both exist.
    if (sqlState(error) === '23505') throw new AppError('conflict', 'Another opportunity now has this external id');
    throw error;
  }
}

export async function listDeleted(db: Db, actor: Actor): Promise<DeletedOpportunity[]> {
  const rows = await recentlyDeleted(db, actor, DELETED_DEAL_DAYS);
  return rows.map((row) => ({
    ...row,
    amount: row.amount === null ? null : Number(row.amount),
    stage: row.stage as Stage,
    deleted_at: iso(row.deleted_at)!,
  }));
}

async function visibleOrMissing(db: DbOrTx, actor: Actor, id: number): Promise<OpportunityRow> {
  const row = await visibleOpportunity(db as Db, actor, id);
  if (!row) throw notFound('Opportunity');
  return row;
}

export async function opportunityHistory(
  db: Db,
  actor: Actor,
  id: number,
  page: number,
  pageSize: number,
): Promise<{ items: OpportunityChange[]; total: number }> {
  await visibleOrMissing(db, actor, id);
  const { items, total } = await historyPage(db, id, page, pageSize);
  return { items: items.map((item) => ({ ...item, at: iso(item.at)! })), total };
}

const toSuggestion = (row: Awaited<ReturnType<typeof pendingSuggestions>>[number]): OpportunitySuggestion => ({
  id: row.id,
  field: row.field,
  value: row.value,
  source: row.source,
  call_analysis_id: row.call_analysis_id,
  created_at: iso(row.created_at)!,
});

export async function listSuggestions(db: Db, actor: Actor, id: number): Promise<OpportunitySuggestion[]> {
  await visibleOrMissing(db, actor, id);
  return (await pendingSuggestions(db, id)).map(toSuggestion);
}

/**
 * Accepting writes the suggested values as the person's own (recorded in the history, so the
 * machine will not replace them); dismissing only records the decision. `ids` absent: all pending.
 * A suggested status that would close the deal needs a close date: the person's `closingDate`, or
 * a suggested one. Without either, "accept all" accepts every other suggestion and answers that one
 * as held (still pending), so the person is asked for the date; naming it alone is refused (400).
 */
export async function decideOnSuggestions(
  db: Db,
  actor: Actor,
  id: number,
  decision: 'accept' | 'dismiss',
  ids?: number[],
  closingDate?: string,
): Promise<OpportunityDetail & { held: HeldSuggestion[] }> {
  return db.transaction(async (tx) => {
    const before = await lockVisibleOpportunity(tx, actor, id);
    if (!before) throw notFound('Opportunity');
    let pending = await pendingSuggestions(tx, id, ids);
    if (ids && pending.length !== new Set(ids).size) throw notFound('Suggestion');
    let row = before;
    const held: HeldSuggestion[] = [];
    if (decision === 'accept') {
      const current = before as unknown as { stage: Stage; closing_date: string | null };
      // One value per field: the newest pending one (they are ordered newest first per field).
      const values: Record<string, unknown> = {};
      for (const suggestion of pending) if (!(suggestion.field in values)) values[suggestion.field] = suggestion.value;
      let edit = resolveDealEdit(current, values);
      if (!edit.ok && edit.code === 'closing_date_required' && closingDate) {
        edit = resolveDealEdit(current, { ...values, closing_date: closingDate });
      }
      if (!edit.ok && edit.code === 'closing_date_required' && !ids) {
        // The closing status waits for its date; every other suggestion goes through.
        const closing = new Set(['status', 'stage']);
        for (const suggestion of pending) {
          if (closing.has(suggestion.field))
            held.push({ id: suggestion.id, field: suggestion.field, value: suggestion.value, code: edit.code });
        }
        pending = pending.filter((suggestion) => !closing.has(suggestion.field));
        edit = resolveDealEdit(current, Object.fromEntries(Object.entries(values).filter(([field]) => !closing.has(field))));
      }
      if (!edit.ok) throw badEdit(edit.field, edit.code);
      row = (await recordChanges(tx, before, edit.changes, personOf(actor))) ?? before;
    }
    await decideSuggestions(
      tx,
      pending.map((s) => s.id),
      decision === 'accept' ? 'accepted' : 'dismissed',
      actor.userId,
    );
    if (decision === 'dismiss') {
      await recordEvents(
        tx,
        pending.map((s) => ({ id, event: 'suggestion_dismissed' as const, after: { field: s.field, value: s.value } })),
        personOf(actor),
      );
    }
    return { ...(await detailOf(tx, row)), held };
  });
}
