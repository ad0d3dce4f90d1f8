import { sql, type SQL } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import { selectRows, type DbOrTx } from '../../db/client.ts';
import { integerArray } from '../../db/id-array.ts';
import { wakeJobWorkers } from '../jobs/index.ts';

/** The job that brings a person's calendar in line with Nexa and reads back the meetings moved there. */
export const CALENDAR_SYNC = 'calendar_sync';

/**
 * The one place a change asks for calendar syncs (decision 042): in the caller's transaction, one job
 * for each person `people` names (user ids, or a subquery of them) who connected a calendar, is not
 * deactivated and has none waiting already (a waiting sync will see this change too). The request
 * never talks to the calendar: an outage there cannot fail the change that asked. `delayMs`: not
 * before then (a sync that found another one running asks again for after it).
 */
async function requestSyncsOf(tx: DbOrTx, people: SQL, delayMs = 0): Promise<void> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`INSERT INTO jobs (kind, payload, owner_id, run_after)
      SELECT ${CALENDAR_SYNC}, jsonb_build_object('userId', c.user_id), c.user_id, now() + ${`${delayMs} milliseconds`}::interval
      FROM calendar_connections c JOIN users u ON u.id = c.user_id
      WHERE c.user_id IN (${people}) AND NOT u.disabled
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.owner_id = c.user_id AND j.kind = ${CALENDAR_SYNC} AND j.status = 'queued')
      RETURNING id`,
  );
  if (rows.length) wakeJobWorkers();
}

/** Asks for a sync of this person's calendar (requestSyncsOf). */
export async function requestCalendarSync(tx: DbOrTx, userId: string | null | undefined, delayMs = 0): Promise<void> {
  await requestCalendarSyncs(tx, [userId], delayMs);
}

/** Asks for a sync of each of these people's calendars in one statement (a deal's old and new owner). */
export async function requestCalendarSyncs(
  tx: DbOrTx,
  userIds: ReadonlyArray<string | null | undefined>,
  delayMs = 0,
): Promise<void> {
  const people = [...new Set(userIds.filter((id): id is string => !!id))];
  if (people.length)
    await requestSyncsOf(
      tx,
      sql.join(
        people.map((id) => sql`${id}::text`),
        sql`, `,
      ),
      delayMs,
    );
}

/**
 * Deals created, deleted (archived) or restored: their owners' calendars hold their next meetings.
 * Only a deal with a meeting changes a calendar, so an import of deals without one asks for nothing.
 * A deleted deal is read from the archive (deleted_opportunities), a live one from opportunities.
 */
export async function requestCalendarSyncForDeals(tx: DbOrTx, dealIds: readonly number[]): Promise<void> {
  if (!dealIds.length) return;
  const ids = integerArray(dealIds);
  await requestSyncsOf(
    tx,
    sql`SELECT owner_id FROM opportunities WHERE id = ANY(${ids}) AND next_meeting_date IS NOT NULL
      UNION SELECT owner_id FROM deleted_opportunities WHERE id = ANY(${ids}) AND "row"->>'next_meeting_date' IS NOT NULL`,
  );
}

/** A demo booked (or gone): the calendars that hold bookings, every active manager's (events.ts). */
export async function requestBookingCalendarSyncs(tx: DbOrTx): Promise<void> {
  await requestSyncsOf(tx, sql`SELECT id FROM users WHERE role = ${ROLES.manager}`);
}

/**
 * The periodic sync (every CALENDAR_SYNC_EVERY_MS): one job per connected calendar and period, so
 * every instance may ask and only the first counts; a calendar with a sync waiting gets no second.
 */
export async function requestAllCalendarSyncs(tx: DbOrTx, now: Date, everyMs: number): Promise<number> {
  const period = Math.floor(now.getTime() / everyMs);
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`INSERT INTO jobs (kind, payload, owner_id, unique_key)
      SELECT ${CALENDAR_SYNC}, jsonb_build_object('userId', c.user_id), c.user_id, ${`${CALENDAR_SYNC}:${period}:`} || c.user_id
      FROM calendar_connections c JOIN users u ON u.id = c.user_id
      WHERE NOT u.disabled
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.owner_id = c.user_id AND j.kind = ${CALENDAR_SYNC} AND j.status = 'queued')
      ON CONFLICT (unique_key) DO NOTHING
      RETURNING id`,
  );
  if (rows.length) wakeJobWorkers();
  return rows.length;
}
