import { sql } from 'drizzle-orm';
import { quarterFor, ROLES, weekStart } from '@nexa/domain';
import { callReminder } from '@nexa/domain/forecast-call';
import { isLanguage } from '@nexa/domain/language';
import { selectRows, type Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { enqueueJobOnce, type JobHandler } from '../jobs/index.ts';
import { personTimeZone } from './call-reminder.ts';
import { callReminderMail } from './call-reminder-mail.ts';
import { readSettings } from './queries.ts';

/**
 * The forecast call's reminder by e-mail (issue 38; docs/metrics.md, "Forecast calls"): a
 * representative whose call has fallen due by the in-product rule (callReminder) and is not made is
 * e-mailed once for the week. Every instance's job worker runs the tick below; each reminder is a job
 * whose unique key names the representative and the week, so a second tick, on this instance or
 * another, enqueues nothing, and the queue sends each once. The job row, with its result, is the
 * record that the week's e-mail went out.
 */

export const FORECAST_CALL_REMINDER = 'forecast_call_reminder';

interface ReminderPayload {
  /** Monday (UTC) of the week the call is for, as calls are kept. */
  week: string;
  /** The first day of the quarter the call is for. */
  quarter: string;
}

const reminderKey = (userId: string, week: string) => `${FORECAST_CALL_REMINDER}:${userId}:${week}`;

/** Whom the e-mail is for: active representatives who have not turned it off (deactivated people and managers get none). */
const wantsReminder = sql`u.role = ${ROLES.representative} AND NOT u.disabled AND u.forecast_call_reminder_email`;
const callMade = (payload: ReminderPayload) =>
  sql`EXISTS (SELECT 1 FROM forecast_calls c WHERE c.user_id = u.id AND c.quarter = ${payload.quarter}::date AND c.week = ${payload.week}::date)`;

/**
 * The tick: enqueues this week's reminder for every representative whose call is due at `now` and
 * not made, unless one was enqueued already. The zone is the one chosen in their settings, else UTC:
 * a background job has no browser, so the time-zone cookie the in-product reminder also reads is not
 * there. Returns how many this call enqueued.
 */
export async function enqueueCallReminderEmails(db: Db, now: Date): Promise<number> {
  const payload: ReminderPayload = { week: weekStart(now), quarter: quarterFor('current', now).start };
  const [{ forecastCallDueDay: dueDay }, people] = await Promise.all([
    readSettings(db),
    // Those already reminded this week are left out here to spare the inserts; the unique key decides.
    selectRows<{ id: string; time_zone: string | null }>(
      db,
      sql`SELECT u.id, u.time_zone FROM users u
        WHERE ${wantsReminder} AND NOT ${callMade(payload)}
          AND NOT EXISTS (SELECT 1 FROM jobs j
            WHERE j.owner_id = u.id AND j.kind = ${FORECAST_CALL_REMINDER} AND j.payload->>'week' = ${payload.week})`,
    ),
  ]);
  let enqueued = 0;
  for (const person of people) {
    if (!callReminder({ now, dueDay, timeZone: personTimeZone(person.time_zone), submitted: false }).remind) continue;
    const job = { kind: FORECAST_CALL_REMINDER, payload, ownerId: person.id };
    if (await enqueueJobOnce(db, reminderKey(person.id, payload.week), job)) enqueued += 1;
  }
  return enqueued;
}

/** Marks a job that began sending: a later attempt finding it does not send again. */
const SENDING = 50;

/**
 * Sends one reminder. What the tick saw is read again, since the job may run later: someone who has
 * made the call, turned the e-mail off, been deactivated or changed role since gets none (the job
 * records why). A worker that died while sending may or may not have sent it; its job is then closed
 * unsent rather than risk a second e-mail — a missed reminder costs less than a doubled one.
 */
export function callReminderEmailHandler(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobHandler {
  const { db, mailer, publicUrl } = deps;
  return async (job, context) => {
    const payload = job.payload as ReminderPayload;
    const [person] = await selectRows<{
      email: string;
      full_name: string;
      language: string | null;
      wanted: boolean;
      made: boolean;
    }>(
      db,
      sql`SELECT u.email, u.full_name, u.language, ${wantsReminder} AS wanted, ${callMade(payload)} AS made
        FROM users u WHERE u.id = ${job.owner_id}`,
    );
    const skipped =
      !person || !person.wanted ? 'not wanted' : person.made ? 'call made' : job.progress >= SENDING ? 'interrupted' : null;
    if (!person || skipped) {
      await context.complete(db, { result: { sent: false, reason: skipped } });
      return;
    }
    const { forecastCallDueDay: dueDay } = await readSettings(db);
    const mail = callReminderMail(person.email, isLanguage(person.language) ? person.language : null, {
      fullName: person.full_name,
      week: payload.week,
      dueDay,
      dashboardUrl: `${publicUrl}/rep`,
      settingsUrl: `${publicUrl}/settings`,
    });
    await context.progress(SENDING);
    try {
      await mailer.send(mail);
    } catch (error) {
      // Not sent: the next attempt may send it.
      await context.progress(0);
      throw error;
    }
    await context.complete(db, { result: { sent: true } });
  };
}
