import { eq } from 'drizzle-orm';
import { callDateInTranscript, instantOfWallTime, isTimeZone } from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import { opportunities, users } from '../../db/schema.ts';

/**
 * The call's own date, the reference "next Tuesday" is read from (issue 34): the date the
 * transcript's header states, else the one given on upload (the form sends today by default, the
 * ingest API's `callDate`), else none — the job's creation time then stands in, as before.
 * A day given alone is the start of that day in the representative's zone; a date-time without an
 * offset is a wall time in that zone.
 */
export function callReferenceDate(transcript: string, given: string | null | undefined, timeZone: string | null): string | null {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  const stated = callDateInTranscript(transcript, zone);
  if (stated) return stated.toISOString();
  if (!given) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(given.trim());
  if (!m) return null;
  if (m[7]) return new Date(given.trim()).toISOString();
  const minute = m[4] ? Number(m[4]) * 60 + Number(m[5]) : 0;
  return new Date(instantOfWallTime(Number(m[1]), Number(m[2]), Number(m[3]), minute, zone)).toISOString();
}

/** A person's chosen zone (settings), or null. */
export async function userTimeZone(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ zone: users.time_zone }).from(users).where(eq(users.id, userId));
  return row?.zone && isTimeZone(row.zone) ? row.zone : null;
}

/** The zone of the representative who owns an opportunity, or null. */
export async function ownerTimeZone(db: DbOrTx, opportunityId: number): Promise<string | null> {
  const [row] = await db
    .select({ zone: users.time_zone })
    .from(opportunities)
    .innerJoin(users, eq(users.id, opportunities.owner_id))
    .where(eq(opportunities.id, opportunityId));
  return row?.zone && isTimeZone(row.zone) ? row.zone : null;
}
