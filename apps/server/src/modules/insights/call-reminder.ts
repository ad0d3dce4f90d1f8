import { parseCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { quarterFor, weekStart } from '@nexa/domain';
import { callReminder } from '@nexa/domain/forecast-call';
import type { ForecastCallReminder } from '@nexa/domain/schemas/forecast-call';
import { isTimeZone, TIME_ZONE_COOKIE } from '@nexa/domain/time-zone';
import { selectRows, type Db } from '../../db/client.ts';
import { readSettings } from './queries.ts';

/**
 * The forecast call's reminder (issue 38): a representative who has not made this week's call by the
 * team's due day, in their own time zone, is reminded in the product (docs/metrics.md, "Forecast
 * calls"). The rule is the domain's callReminder; this reads what it needs for one person.
 */

/**
 * The zone a person's week is read in: the one they chose in their settings, else their browser's
 * (the cookie the web app keeps), else UTC. A name the platform does not know counts as none.
 */
export function personTimeZone(chosen: string | null | undefined, cookieHeader?: string): string {
  if (isTimeZone(chosen)) return chosen;
  const browser = cookieHeader ? parseCookie(cookieHeader)[TIME_ZONE_COOKIE] : undefined;
  return isTimeZone(browser) ? browser : 'UTC';
}

export async function ownCallReminder(
  db: Db,
  userId: string,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<ForecastCallReminder> {
  const quarter = quarterFor('current', now);
  const week = weekStart(now);
  const [settings, [person]] = await Promise.all([
    readSettings(db),
    // This week's call is the current quarter's: in a week that starts a quarter, last quarter's call
    // is not this one (the call form asks again, as ownCall does).
    selectRows<{ time_zone: string | null; submitted: boolean }>(
      db,
      sql`SELECT u.time_zone, EXISTS (SELECT 1 FROM forecast_calls c
          WHERE c.user_id = u.id AND c.quarter = ${quarter.start}::date AND c.week = ${week}::date) AS submitted
        FROM users u WHERE u.id = ${userId}`,
    ),
  ]);
  const timeZone = personTimeZone(person?.time_zone, cookieHeader);
  const submitted = person?.submitted === true;
  const dueDay = settings.forecastCallDueDay;
  const reminder = callReminder({ now, dueDay, timeZone, submitted });
  return {
    week: reminder.week,
    dueDay,
    dueAt: new Date(reminder.dueAt).toISOString(),
    timeZone,
    submitted,
    remind: reminder.remind,
  };
}
