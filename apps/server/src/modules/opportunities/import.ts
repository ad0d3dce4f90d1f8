import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { withStage, type ImportResult, type ImportRow } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { integerArray } from '../../db/id-array.ts';
import { opportunityImports, type opportunities as o } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ReadImport } from '../../workers/import-body.ts';
import { insertRecorded } from './changes.ts';

/**
 * A CSV import lands whole or not at all, and a retry never lands it twice.
 *
 * Its rows are written a batch (IMPORT_BATCH rows) per transaction: one transaction for the whole
 * file held PGlite's only connection, and on PostgreSQL the summaries' row locks, until the last
 * row, so a 20,000-row file stalled every other user for seconds. Instead each batch's transaction
 * also adds the new ids to the import's record (opportunity_imports, migration 0028):
 * - a failure part-way removes the rows written so far, and the client is answered with the error;
 * - when the failure also stopped that removal (a crash, the database gone), the record keeps the
 *   ids: the same owner's next import, or a retry with the same Idempotency-Key, removes them first;
 * - a retry with the same Idempotency-Key and the same file answers the first import's result once
 *   it is done, is refused (409) while it still runs, and lands the file again, once, after a failure.
 * While it runs, the rows written so far are visible (other requests are answered between batches).
 */

/** A running import whose last batch is older than this was abandoned (its process stopped). */
export const IMPORT_STALE_MS = 60_000;
/** This process, as the `runner` of the imports it writes. */
const RUNNER = randomUUID();
/**
 * The imports this process is writing now. One it ran and is no longer writing (its request failed
 * and the database was gone for the undo) is known abandoned at once: a retry need not wait
 * IMPORT_STALE_MS. Added before the record is written, so no other request sees it unlisted.
 */
const writing = new Set<string>();
/** Rows removed per transaction when an import is undone. */
const REMOVE_BATCH = 1_000;

export type ImportAnswer = ImportResult & { errorCount: number };

type Claim = { id: string; attempt: number };

function toInsert(row: ImportRow, actor: Actor, now: Date): typeof o.$inferInsert {
  return withStage({
    ...row,
    next_meeting_date: row.next_meeting_date ? new Date(row.next_meeting_date) : null,
    account_manager: row.account_manager ?? (actor.fullName || actor.email),
    owner_id: actor.userId,
    owner_match: 'manual',
    record_date: now,
  });
}

/** Removes the rows an import wrote (and their history), a batch per transaction; its record keeps no ids after. */
async function removeImportedRows(db: Db, importId: string, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += REMOVE_BATCH) {
    if (start) await yieldToEventLoop();
    const chunk = ids.slice(start, start + REMOVE_BATCH);
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM opportunity_changes WHERE opportunity_id = ANY(${integerArray(chunk)})`);
      await tx.execute(sql`DELETE FROM deal_notes WHERE opportunity_id = ANY(${integerArray(chunk)})`);
      await tx.execute(sql`DELETE FROM opportunities WHERE id = ANY(${integerArray(chunk)})`);
    });
  }
  await db.update(opportunityImports).set({ row_ids: [] }).where(eq(opportunityImports.id, importId));
}

/** Running but written by nobody: silent for too long, or this process's and no longer written. */
const abandonedSql = () =>
  sql`(${opportunityImports.heartbeat_at} < now() - make_interval(secs => ${IMPORT_STALE_MS / 1000})
    OR (${opportunityImports.runner} = ${RUNNER} AND NOT ${opportunityImports.id} = ANY(${`{${[...writing].join(',')}}`}::uuid[])))`;

/**
 * The owner's abandoned imports (running with an old heartbeat, or this process's and no longer
 * written) and failed ones that still hold rows: marked failed, under a new attempt so a late batch
 * of the old one is refused, and their rows removed. Read first and judged after: a request adds its
 * import to `writing` before the record exists, so a running record read here whose id is not in
 * `writing` when it is judged is written by nobody. (One statement judged `writing` as it was before
 * its read: an import claimed meanwhile by a concurrent request of the same owner was taken for
 * abandoned and failed under it.)
 */
async function undoAbandoned(db: Db, ownerId: string): Promise<void> {
  const candidates = await db
    .select({
      id: opportunityImports.id,
      attempt: opportunityImports.attempt,
      state: opportunityImports.state,
      runner: opportunityImports.runner,
      stale: sql<boolean>`${opportunityImports.heartbeat_at} < now() - make_interval(secs => ${IMPORT_STALE_MS / 1000})`,
    })
    .from(opportunityImports)
    .where(
      and(
        eq(opportunityImports.owner_id, ownerId),
        sql`(${opportunityImports.state} = 'running' OR (${opportunityImports.state} = 'failed' AND cardinality(${opportunityImports.row_ids}) > 0))`,
      ),
    );
  const abandoned = candidates.filter((c) => c.state === 'failed' || c.stale || (c.runner === RUNNER && !writing.has(c.id)));
  for (const found of abandoned) {
    // Only as read: one that finished or was taken over since is left alone.
    const [failed] = await db
      .update(opportunityImports)
      .set({ state: 'failed', attempt: sql`${opportunityImports.attempt} + 1` })
      .where(
        and(
          eq(opportunityImports.id, found.id),
          eq(opportunityImports.attempt, found.attempt),
          eq(opportunityImports.state, found.state),
        ),
      )
      .returning({ row_ids: opportunityImports.row_ids });
    if (failed) await removeImportedRows(db, found.id, failed.row_ids);
  }
}

/**
 * This request's right to write the import (its id is in `writing` from here on; the caller removes
 * it), or the finished import's answer to replay.
 */
async function claim(db: Db, ownerId: string, key: string, hash: string): Promise<Claim | { replay: ImportAnswer }> {
  const id = randomUUID();
  writing.add(id);
  let created: Claim | undefined;
  try {
    [created] = await db
      .insert(opportunityImports)
      .values({ id, owner_id: ownerId, idempotency_key: key, body_hash: hash, runner: RUNNER })
      .onConflictDoNothing()
      .returning({ id: opportunityImports.id, attempt: opportunityImports.attempt });
  } finally {
    if (!created) writing.delete(id);
  }
  if (created) return created;
  const [existing] = await db
    .select()
    .from(opportunityImports)
    .where(and(eq(opportunityImports.owner_id, ownerId), eq(opportunityImports.idempotency_key, key)));
  if (!existing) throw new AppError('conflict', 'This import was removed meanwhile; send it again');
  if (existing.body_hash !== hash) {
    throw new AppError('conflict', 'This Idempotency-Key was already used for another file', 'Idempotency-Key');
  }
  if (existing.state === 'done') return { replay: existing.result as ImportAnswer };
  if (writing.has(existing.id)) {
    throw new AppError('conflict', 'An import with this Idempotency-Key is still running', 'Idempotency-Key');
  }
  // Failed, or abandoned by the process that ran it: this request takes it over and starts afresh.
  const condition = sql`(${opportunityImports.state} = 'failed' OR ${abandonedSql()})`;
  writing.add(existing.id);
  try {
    const [taken] = await db
      .update(opportunityImports)
      .set({ state: 'running', attempt: sql`${opportunityImports.attempt} + 1`, runner: RUNNER, heartbeat_at: sql`now()` })
      .where(and(eq(opportunityImports.id, existing.id), eq(opportunityImports.attempt, existing.attempt), condition))
      .returning({ attempt: opportunityImports.attempt, row_ids: opportunityImports.row_ids });
    if (!taken) throw new AppError('conflict', 'An import with this Idempotency-Key is still running', 'Idempotency-Key');
    await removeImportedRows(db, existing.id, taken.row_ids);
    return { id: existing.id, attempt: taken.attempt };
  } catch (error) {
    // Not taken over after all: this request writes nothing of it.
    writing.delete(existing.id);
    throw error;
  }
}

/** The attempt is done: its answer is kept for a retry, its ids are no longer needed. */
async function markDone(db: DbOrTx, { id, attempt }: Claim, result: object) {
  return db
    .update(opportunityImports)
    .set({ state: 'done', result, row_ids: [], heartbeat_at: sql`now()` })
    .where(and(eq(opportunityImports.id, id), eq(opportunityImports.attempt, attempt)))
    .returning({ id: opportunityImports.id });
}

/**
 * Writes a file read by workers/import-body.ts. `key` is the client's Idempotency-Key (a fresh one
 * when it sent none, so the undo on failure works the same). `replayed`: the answer of an earlier
 * request with the same key and file.
 */
export async function importFile(
  db: Db,
  actor: Actor,
  file: ReadImport,
  key: string | null,
): Promise<{ answer: ImportAnswer; replayed: boolean }> {
  await undoAbandoned(db, actor.userId);
  const claimed = await claim(db, actor.userId, key ?? randomUUID(), file.hash);
  if ('replay' in claimed) return { answer: claimed.replay, replayed: true };

  const now = new Date();
  let inserted = 0;
  try {
    for (const [index, batch] of file.batches.entries()) {
      if (index) await yieldToEventLoop();
      const valid = (JSON.parse(batch) as ImportRow[]).map((row) => toInsert(row, actor, now));
      await db.transaction(async (tx) => {
        const ids = await insertRecorded(tx, valid, { source: 'import', actorId: actor.userId });
        const [kept] = await tx
          .update(opportunityImports)
          .set({ row_ids: sql`${opportunityImports.row_ids} || ${integerArray(ids)}`, heartbeat_at: sql`now()` })
          .where(
            and(
              eq(opportunityImports.id, claimed.id),
              eq(opportunityImports.attempt, claimed.attempt),
              eq(opportunityImports.state, 'running'),
            ),
          )
          .returning({ id: opportunityImports.id });
        // Taken over by a retry that found this attempt silent for too long: this batch is not written.
        if (!kept) throw new AppError('conflict', 'This import was taken over by a retry with the same Idempotency-Key');
      });
      inserted += valid.length;
    }
    const answer: ImportAnswer = { inserted, errors: file.errors, errorCount: file.errorCount };
    if (!(await markDone(db, claimed, answer)).length) {
      throw new AppError('conflict', 'This import was taken over by a retry with the same Idempotency-Key');
    }
    return { answer, replayed: false };
  } catch (error) {
    await undo(db, claimed).catch(() => {
      // The database is gone too: the record keeps the ids, removed by the next import or retry.
    });
    throw error;
  } finally {
    writing.delete(claimed.id);
  }
}

/** Marks this attempt failed and removes the rows it wrote (none when a retry took it over). */
async function undo(db: Db, claimed: Claim): Promise<void> {
  const [failed] = await db
    .update(opportunityImports)
    .set({ state: 'failed' })
    .where(and(eq(opportunityImports.id, claimed.id), eq(opportunityImports.attempt, claimed.attempt)))
    .returning({ row_ids: opportunityImports.row_ids });
  if (failed) await removeImportedRows(db, claimed.id, failed.row_ids);
}

/**
 * The Idempotency-Key's bookkeeping, for an import that lands its rows in one transaction (accounts,
 * contacts: modules/contacts-io): claim the key (or get the first result to answer again), mark it
 * done in the rows' transaction, mark it failed if that transaction fails, release it at the end.
 * Such an import records no row ids, so a takeover or an undo removes nothing.
 */
export type ImportClaim = Claim & { release: () => void };

export async function claimImport(db: Db, ownerId: string, key: string, hash: string): Promise<ImportClaim | { replay: object }> {
  await undoAbandoned(db, ownerId);
  const claimed = await claim(db, ownerId, key, hash);
  if ('replay' in claimed) return claimed;
  return { ...claimed, release: () => writing.delete(claimed.id) };
}

export async function finishImport(tx: DbOrTx, claimed: Claim, result: object): Promise<void> {
  if (!(await markDone(tx, claimed, result)).length) {
    throw new AppError('conflict', 'This import was taken over by a retry with the same Idempotency-Key');
  }
}

export const failImport = (db: Db, claimed: Claim) => undo(db, claimed);
