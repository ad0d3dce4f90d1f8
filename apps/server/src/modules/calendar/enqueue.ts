import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client.ts';
import { wakeJobWorkers } from '../jobs/index.ts';

/** The job that brings a person's calendar in line with Nexa and reads back the meetings moved there. */
export const CALENDAR_SYNC = 'calendar_sync';

/**
 * Asks for a sync of this person's calendar, in the caller's transaction, when they connected one,
 * their account is not deactivated, and none is waiting already (a waiting sync will see this change too). The request never talks
 * to the calendar: an outage there cannot fail the change that asked (decision 042). `delayMs`: not
 * before then (a sync that found another one running asks again for after it).
 */
export async function requestCalendarSync(tx: DbOrTx, userId: string | null | undefined, delayMs = 0): Promise<void> {
  if (!userId) return;
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`INSERT INTO jobs (kind, payload, owner_id, run_after)
      SELECT ${CALENDAR_SYNC}, jsonb_build_object('userId', c.user_id), c.user_id, now() + ${`${delayMs} milliseconds`}::interval
      FROM calendar_connections c JOIN users u ON u.id = c.user_id
      WHERE c.user_id = ${userId} AND NOT u.disabled
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.owner_id = c.user_id AND j.kind = ${CALENDAR_SYNC} AND j.status = 'queued')
      RETURNING id`,
  );
  if (rows.length) wakeJobWorkers();
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
