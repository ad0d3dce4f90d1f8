import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { calendarFile } from '@nexa/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { calendarConnections, calendarEvents } from '../../db/schema.ts';
import type { SecretBox } from '../../secrets/box.ts';
import { JobFailure, type JobHandler } from '../jobs/index.ts';
import { lockDeal, recordChanges } from '../opportunities/changes.ts';
import { CalDavError, collectionUrl, type CalDavAccount, type CalDavClient } from './caldav.ts';
import { requestCalendarSync } from './enqueue.ts';
import { eventFile, fingerprint, wantedEvents, type WantedEvent } from './events.ts';

/**
 * One sync of a person's calendar (decision 042), run by the job queue so it survives restarts and
 * is retried with backoff: the meetings Nexa wrote are read back first (a meeting moved in the
 * calendar moves the deal's next meeting, as the calendar's change in the deal's history, unless the
 * person changed the date in Nexa since the last sync — then theirs is kept and written back); then
 * every wanted event that changed is written, and every event no longer wanted is deleted.
 */

type MappedRow = typeof calendarEvents.$inferSelect;

export interface CalendarSyncDeps {
  db: Db;
  box: SecretBox;
  client: CalDavClient;
  log: FastifyBaseLogger;
  /** How long a demo booking lasts in a manager's calendar (the slot's length). */
  demoMinutes: number;
  /** How long one sync may hold a connection before another may take it. */
  leaseMs?: number;
}

/** The sync's hold on the calendar lapsed and another sync took it: this one writes nothing more. */
class LeaseLost extends Error {}

/** How long after finding another sync of the same calendar running a sync asks to run again. */
const BUSY_RETRY_MS = 3_000;

/**
 * The first event's start in an iCalendar object, in any zone it names: ical.js reads the zone from
 * the object's own VTIMEZONE (Component.getTimeZoneByID), so nothing is registered process-wide.
 */
export function eventStart(ics: string): Date | null {
  try {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const event = calendar.getFirstSubcomponent('vevent');
    const start = event?.getFirstPropertyValue('dtstart');
    return start instanceof ICAL.Time ? start.toJSDate() : null;
  } catch {
    return null;
  }
}

const same = (a: Date, b: Date) => a.getTime() === b.getTime();
const keyOf = (kind: string, refId: string) => `${kind}:${refId}`;

export async function syncCalendar(deps: CalendarSyncDeps, userId: string, signal?: AbortSignal): Promise<void> {
  const { db, box } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;
  // This sync's own mark on the lease: renewing, releasing and every write check it is still theirs.
  const token = randomUUID();
  const [connection] = await db
    .update(calendarConnections)
    .set({ locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval`, locked_by: token })
    .where(
      and(
        eq(calendarConnections.user_id, userId),
        sql`(${calendarConnections.locked_until} IS NULL OR ${calendarConnections.locked_until} < now())`,
      ),
    )
    .returning();
  if (!connection) {
    const [exists] = await db
      .select({ id: calendarConnections.user_id })
      .from(calendarConnections)
      .where(eq(calendarConnections.user_id, userId));
    // Another sync of this calendar is running: it may have read before this job's change, so ask
    // for one more after it (none when one is already waiting).
    if (exists) await requestCalendarSync(db, userId, BUSY_RETRY_MS);
    return; // or disconnected since the job was asked for
  }
  const ours = and(eq(calendarConnections.user_id, userId), eq(calendarConnections.locked_by, token));
  const release = (fields: Partial<typeof calendarConnections.$inferInsert>) =>
    db
      .update(calendarConnections)
      .set({ ...fields, locked_until: null, locked_by: null, updated_at: sql`now()` })
      .where(and(ours, eq(calendarConnections.url, connection.url)));
  // A long sync (a first one with many events) keeps its hold on the calendar while it works, as
  // long as the hold is still its own (a stalled process may have let it lapse and another taken it).
  let lost = false;
  const heartbeat = setInterval(
    () => {
      db.update(calendarConnections)
        .set({ locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(ours)
        .returning({ user_id: calendarConnections.user_id })
        .then((rows) => (lost ||= !rows.length))
        .catch(() => {});
    },
    Math.max(250, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  /**
   * Before each write: the lease is still this sync's, else it stops (another sync took the calendar
   * after this one's lease lapsed, or it was connected again). In a transaction the row is locked, so
   * no other sync takes it before that transaction ends.
   */
  const stillHolds = async (tx?: DbOrTx) => {
    if (!lost) {
      const query = (tx ?? db).select({ user_id: calendarConnections.user_id }).from(calendarConnections).where(ours);
      lost = !(await (tx ? query.for('update') : query)).length;
    }
    if (lost) throw new LeaseLost();
  };
  try {
    const account: CalDavAccount = {
      url: collectionUrl(connection.url),
      username: connection.username,
      password: box.open(connection.password_encrypted),
    };
    await reconcile(deps, userId, account, stillHolds, signal);
    await release({ last_synced_at: sql`now()` as unknown as Date, last_error: null, last_error_at: null });
  } catch (error) {
    // The lease lapsed and another sync took the calendar: it reads everything again; nothing to release.
    if (error instanceof LeaseLost) {
      deps.log.warn({ event: 'calendar.lease_lost' }, 'calendar sync lost its lease; stopped');
      return;
    }
    // Shutting down: let go of the calendar at once; the job is handed back and runs again.
    if (signal?.aborted) {
      await release({}).catch(() => {});
      throw error;
    }
    const reason = error instanceof CalDavError ? error.reason : 'server_error';
    await release({ last_error: reason, last_error_at: sql`now()` as unknown as Date }).catch(() => {});
    // Wrong credentials do not get better by asking again: the person fixes them in Settings.
    if (reason === 'unauthorized' || reason === 'refused_address') throw new JobFailure('calendar_' + reason, reason);
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { detail: `calendar ${reason}` });
  } finally {
    clearInterval(heartbeat);
  }
}

/** Throws LeaseLost when the sync no longer holds the calendar; checked in `target` (a transaction) when given. */
type LeaseCheck = (target?: DbOrTx) => Promise<void>;

async function reconcile(
  deps: CalendarSyncDeps,
  userId: string,
  account: CalDavAccount,
  holds: LeaseCheck,
  signal?: AbortSignal,
): Promise<void> {
  const { db, client } = deps;
  const stopIfAsked = async () => {
    signal?.throwIfAborted();
    await holds();
  };
  const remote = await client.list(account);
  const wanted = new Map(
    (await wantedEvents(db, userId, { demoMinutes: deps.demoMinutes })).map((event) => [keyOf(event.kind, event.refId), event]),
  );
  const written = await db.select().from(calendarEvents).where(eq(calendarEvents.user_id, userId));
  const mapped = new Map(written.map((row) => [keyOf(row.kind, row.ref_id), row]));
  const hrefOf = (event: WantedEvent) => new URL(eventFile(event.kind, event.refId), account.url).pathname;

  const save = (event: WantedEvent, href: string, etag: string | null) =>
    db
      .insert(calendarEvents)
      .values({
        user_id: userId,
        kind: event.kind,
        ref_id: event.refId,
        uid: event.uid,
        href,
        etag,
        start: event.start,
        fingerprint: fingerprint(event),
      })
      .onConflictDoUpdate({
        target: [calendarEvents.user_id, calendarEvents.kind, calendarEvents.ref_id],
        set: { href, etag, start: event.start, fingerprint: fingerprint(event), synced_at: sql`now()` },
      });

  const settled = new Set<string>();
  for (const [key, row] of mapped) {
    const event = wanted.get(key);
    if (!event) continue;
    if (row.kind === 'meeting' && remote.has(row.href) && (row.etag === null || remote.get(row.href) !== row.etag)) {
      await stopIfAsked();
      if (await readBack(deps, userId, account, row, event, holds)) settled.add(key);
    }
  }

  for (const [key, event] of wanted) {
    if (settled.has(key)) continue;
    const row = mapped.get(key);
    const href = row?.href ?? hrefOf(event);
    if (row && row.fingerprint === fingerprint(event) && remote.has(href)) continue;
    await stopIfAsked();
    const ics = calendarFile([{ ...event, stamp: new Date() }], { method: null, productId: '-//Nexa//Calendar sync//EN' });
    const etag = await client.put(account, href, ics);
    await save(event, href, etag);
  }

  for (const [key, row] of mapped) {
    if (wanted.has(key)) continue;
    await stopIfAsked();
    await client.remove(account, row.href);
    await db.delete(calendarEvents).where(eq(calendarEvents.id, row.id));
  }
}

/**
 * A meeting event that changed in the calendar. Returns true when the calendar's version stands
 * (the deal now follows it, or it says what Nexa says); false when Nexa's must be written back.
 */
async function readBack(
  deps: CalendarSyncDeps,
  userId: string,
  account: CalDavAccount,
  row: MappedRow,
  event: WantedEvent,
  holds: LeaseCheck,
): Promise<boolean> {
  const got = await deps.client.get(account, row.href);
  if (!got) return false;
  const moved = eventStart(got.ics);
  const lastWritten = new Date(row.start);
  // What is now in the calendar, remembered (in the deal's transaction when the deal follows it).
  const touch = (start: Date, target: DbOrTx = deps.db) =>
    target
      .update(calendarEvents)
      .set({ etag: got.etag, start, fingerprint: fingerprint({ ...event, start }), synced_at: sql`now()` })
      .where(eq(calendarEvents.id, row.id));
  if (!moved || same(moved, lastWritten)) {
    await touch(lastWritten);
    return same(event.start, lastWritten);
  }
  // The person changed the deal's meeting in Nexa since the last sync: their date wins.
  if (!same(event.start, lastWritten)) return false;
  return deps.db.transaction(async (tx) => {
    // Checked in the deal's transaction: a sync that lost its lease never moves a deal.
    await holds(tx);
    const deal = await lockDeal(tx, Number(row.ref_id));
    if (!deal || deal.owner_id !== userId || !deal.next_meeting_date || !same(new Date(deal.next_meeting_date), lastWritten))
      return false;
    await recordChanges(tx, deal, { next_meeting_date: moved.toISOString() }, { source: 'calendar', actorId: userId });
    await touch(moved, tx);
    deps.log.info({ event: 'calendar.meeting_moved', opportunityId: Number(row.ref_id) }, 'deal meeting follows the calendar');
    return true;
  });
}

/** The job handler: one sync of the calendar of the person the job belongs to. */
export function calendarSyncHandler(deps: CalendarSyncDeps): JobHandler {
  return async (job, context) => {
    const userId = (job.payload as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'string' || userId !== job.owner_id) throw new JobFailure('not a calendar sync');
    await syncCalendar(deps, userId, context.signal);
  };
}
