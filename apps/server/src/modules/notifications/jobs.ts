import { sql } from 'drizzle-orm';
import { dealName, ROLES, weekStart } from '@nexa/domain';
import { isLanguage } from '@nexa/domain/language';
import {
  dailySummaryDue,
  deliveryFor,
  notificationKeys,
  weeklyDigestDue,
  type ChosenPreference,
  type NotificationKind,
} from '@nexa/domain/notifications';
import { isTimeZone } from '@nexa/domain/time-zone';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { getForecastChanges, listRisks } from '../insights/service.ts';
import { enqueueJobsOnce, type JobHandler } from '../jobs/index.ts';
import { teamOverdue } from '../tasks/service.ts';
import { dailySummaryMail, digestMail, notificationMail, type Digest, type MailNotification, type Recipient } from './mail.ts';
import { chosenOf, chosenPreferences, NOTIFICATION_EMAIL, notify } from './notify.ts';
import { sweepNotifications } from './sweep.ts';

/**
 * The notification jobs (issue 37, decision 043), on the project's queue (decision 032): each e-mail
 * — one notification sent at once, a person's daily summary, a manager's weekly digest — is a job
 * whose unique key names it (the notification; the person and their day; the manager and their
 * week), so a second tick or instance enqueues nothing and the queue runs each once. A worker that
 * died while sending may or may not have sent: its job is then closed unsent rather than risk a second
 * e-mail (as the forecast call's reminder does).
 */

export const NOTIFICATION_DAILY = 'notification_daily';
export const WEEKLY_DIGEST = 'weekly_digest';
export { NOTIFICATION_EMAIL };

/** Marks a job that began sending: a later attempt finding it does not send again. */
const SENDING = 50;

export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The zone of a person who chose none (WORKSPACE_TIME_ZONE). */
  defaultTimeZone: string;
}

interface PersonRow {
  email: string;
  full_name: string;
  language: string | null;
  time_zone: string | null;
  role: string | null;
  disabled: boolean;
  preferences: ChosenPreference[] | string | null;
}

/** The job's person: where to write, in which language and zone, and their chosen preferences. */
const readPerson = async (db: DbOrTx, id: string | null) =>
  id
    ? (
        await selectRows<PersonRow>(
          db,
          sql`SELECT u.email, u.full_name, u.language, u.time_zone, u.role, u.disabled, ${chosenPreferences} AS preferences
            FROM users u WHERE u.id = ${id}`,
        )
      )[0]
    : undefined;

/** The person's zone: their own, else the workspace's (a background job has no browser to ask). */
export const zoneOf = (chosen: string | null | undefined, fallback: string) => (isTimeZone(chosen) ? chosen : fallback);

const recipient = (person: PersonRow, defaultTimeZone: string): Recipient => ({
  email: person.email,
  fullName: person.full_name,
  language: isLanguage(person.language) ? person.language : null,
  timeZone: zoneOf(person.time_zone, defaultTimeZone),
});

const links = (publicUrl: string, role: string | null) => ({
  appUrl: `${publicUrl}${role === ROLES.manager ? '/manager' : '/rep'}`,
  settingsUrl: `${publicUrl}/settings`,
});

const iso = (value: string | Date) => new Date(value).toISOString();

/** Sends `send` once: progress marks the attempt, so a worker that died mid-send is not followed by a second e-mail. */
async function sendOnce(
  progress: number,
  context: Parameters<JobHandler>[1],
  send: () => Promise<unknown>,
): Promise<'sent' | 'interrupted'> {
  if (progress >= SENDING) return 'interrupted';
  await context.progress(SENDING);
  try {
    await send();
  } catch (error) {
    await context.progress(0);
    throw error;
  }
  return 'sent';
}

/** One notification e-mailed as it happens. */
export function notificationEmailHandler(deps: NotificationDeps): JobHandler {
  const { db, mailer, publicUrl, defaultTimeZone } = deps;
  return async (job, context) => {
    const { notificationId } = job.payload as { notificationId: number };
    const [row] = await selectRows<{
      kind: NotificationKind;
      data: Record<string, unknown>;
      created_at: string | Date;
      emailed_at: unknown;
    }>(
      db,
      sql`SELECT kind, data, created_at, emailed_at FROM notifications WHERE id = ${notificationId} AND user_id = ${job.owner_id}`,
    );
    const person = await readPerson(db, job.owner_id);
    if (!row || !person || person.disabled || row.emailed_at) {
      await context.complete(db, { result: { sent: false, reason: !row ? 'gone' : 'not wanted' } });
      return;
    }
    const n: MailNotification = { kind: row.kind, data: row.data, created_at: iso(row.created_at) };
    const outcome = await sendOnce(job.progress, context, () =>
      mailer.send(notificationMail(recipient(person, defaultTimeZone), n, links(publicUrl, person.role))),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE notifications SET emailed_at = now() WHERE id = ${notificationId}`);
      await context.complete(tx, { result: { sent: outcome === 'sent', ...(outcome === 'sent' ? {} : { reason: outcome }) } });
    });
  };
}

/** A summary of the day: at most this many notifications (the rest wait for the next one). */
const SUMMARY_LIMIT = 200;

/** A person's daily summary: every notification they take by daily e-mail, not yet sent, made before the job. */
export function dailySummaryHandler(deps: NotificationDeps): JobHandler {
  const { db, mailer, publicUrl, defaultTimeZone } = deps;
  return async (job, context) => {
    const { day } = job.payload as { day: string };
    const person = await readPerson(db, job.owner_id);
    const rows = await selectRows<{
      id: number | string;
      kind: NotificationKind;
      data: Record<string, unknown>;
      created_at: string | Date;
    }>(
      db,
      sql`SELECT id, kind, data, created_at FROM notifications
        WHERE user_id = ${job.owner_id} AND email = 'daily' AND emailed_at IS NULL AND created_at <= ${iso(job.created_at)}::timestamptz
        ORDER BY created_at, id LIMIT ${SUMMARY_LIMIT}`,
    );
    if (!person || person.disabled || !rows.length) {
      await context.complete(db, { result: { sent: false, reason: 'nothing to send' } });
      return;
    }
    const items = rows.map((r) => ({ kind: r.kind, data: r.data, created_at: iso(r.created_at) }));
    const outcome = await sendOnce(job.progress, context, () =>
      mailer.send(dailySummaryMail(recipient(person, defaultTimeZone), day, items, links(publicUrl, person.role))),
    );
    const ids = rows.map((r) => Number(r.id));
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE notifications SET emailed_at = now() WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`,
      );
      await context.complete(tx, { result: { sent: outcome === 'sent', count: ids.length } });
    });
  };
}

/** Risks and overdue tasks listed in a digest (the counts cover all). */
export const DIGEST_LISTED = 10;

/**
 * The team's figures, the same for every manager at one moment: read once every ten minutes while
 * digests go, not once per manager — at 2 a second, once per 1,200 digests, so a send of 5,000 reads
 * them five times (decision 053; a week's summary ten minutes old says the same).
 */
const DIGEST_REUSED_MS = 10 * 60_000;
const lastDigest = new WeakMap<Db, { at: number; value: Omit<Digest, 'week'> }>();

/** The digest's figures, from the functions behind the manager's own pages (never recomputed here). */
export async function digestFigures(db: Db, now: Date): Promise<Omit<Digest, 'week'>> {
  const last = lastDigest.get(db);
  if (last && Math.abs(now.getTime() - last.at) < DIGEST_REUSED_MS) return last.value;
  const [changes, risks, overdue] = await Promise.all([
    getForecastChanges(db, now),
    listRisks(db, { limit: DIGEST_LISTED }, now),
    teamOverdue(db, 1, DIGEST_LISTED, now.getTime()),
  ]);
  const value = {
    changes: changes.counts,
    risks: risks.items.map((item) => ({
      deal: dealName(item.deal) ?? `#${item.deal.id}`,
      owner: item.deal.owner_name,
      warnings: item.warnings.map((w) => w.code),
    })),
    risksMore: risks.next !== null,
    overdue: {
      total: overdue.total,
      capped: overdue.capped,
      items: overdue.items.map((t) => ({ title: t.title, owner: t.owner_name, due_at: t.due_at })),
    },
  };
  lastDigest.set(db, { at: now.getTime(), value });
  return value;
}

/** A manager's weekly digest: one in-app notification and one e-mail, as their preference says. */
export function weeklyDigestHandler(deps: NotificationDeps): JobHandler {
  const { db, mailer, publicUrl, defaultTimeZone } = deps;
  return async (job, context) => {
    const { week } = job.payload as { week: string };
    const person = await readPerson(db, job.owner_id);
    const delivery = person && !person.disabled ? deliveryFor('weekly_digest', person.role, chosenOf(person)) : null;
    if (!person || !delivery) {
      await context.complete(db, { result: { sent: false, reason: 'not wanted' } });
      return;
    }
    const figures = await digestFigures(db, new Date());
    const digest: Digest = { week, ...figures };
    const outcome =
      delivery.email === 'off'
        ? 'off'
        : await sendOnce(job.progress, context, () =>
            mailer.send(digestMail(recipient(person, defaultTimeZone), digest, links(publicUrl, person.role))),
          );
    // Two statements, no transaction (decision 053): the in-app row is made once by its key, so a
    // worker that dies between the two leaves a job whose next attempt finds it sending (closed unsent)
    // and writes no second row; BEGIN, COMMIT and the checkout of a connection cost more than they held.
    await notify(
      db,
      [
        {
          userId: job.owner_id!,
          kind: 'weekly_digest',
          key: notificationKeys.weeklyDigest(week),
          data: {
            week,
            changes: digest.changes,
            risks: digest.risks.length,
            risksMore: digest.risksMore,
            overdue: digest.overdue.total,
          },
        },
      ],
      // The person was read with their preferences at the job's start: not read again.
      {
        mailedByCaller: true,
        people: new Map([[job.owner_id!, { id: job.owner_id!, role: person.role, preferences: person.preferences }]]),
      },
    );
    await context.complete(db, { result: { sent: outcome === 'sent', ...(outcome === 'sent' ? {} : { reason: outcome }) } });
  };
}

/** Deals at risk read per page by the daily sweep, and at most this many pages. */
const RISK_PAGE = 100;
const RISK_PAGES = 200;

/**
 * Tells each owner of a deal at risk (the manager's rule: insights' listRisks, page after page), once a
 * week per deal while it stays at risk. Runs once a day: the instance that moves the day's cursor does it.
 */
export async function sweepRisks(db: Db, now: Date): Promise<number> {
  const today = `${now.toISOString().slice(0, 10)}T00:00:00Z`;
  const claimed = await selectRows<{ name: string }>(
    db,
    sql`INSERT INTO notification_cursors (name, at) VALUES ('deal_at_risk', ${today}::timestamptz)
      ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE notification_cursors.at < excluded.at RETURNING name`,
  );
  if (!claimed.length) return 0;
  const week = weekStart(now);
  let made = 0;
  let after: string | undefined;
  for (let page = 0; page < RISK_PAGES; page += 1) {
    const risks = await listRisks(db, { limit: RISK_PAGE, after }, now);
    made += await notify(
      db,
      risks.items
        .filter((item) => item.deal.owner_id)
        .map((item) => ({
          userId: item.deal.owner_id!,
          kind: 'deal_at_risk' as const,
          key: notificationKeys.dealAtRisk(item.deal.id, week),
          opportunityId: item.deal.id,
          data: { deal: dealName(item.deal) ?? `#${item.deal.id}`, warnings: item.warnings.map((w) => w.code) },
        })),
    );
    if (!risks.next) break;
    after = risks.next;
  }
  return made;
}

/**
 * Enqueues the jobs that are not there yet. Most ticks of a day or a week find every summary or digest
 * enqueued already: one read of their keys spares the inserts; the unique key still decides a race.
 */
async function enqueueAll(
  db: Db,
  kind: string,
  candidates: Array<{ key: string; ownerId: string; payload: unknown }>,
): Promise<number> {
  if (!candidates.length) return 0;
  const known = await selectRows<{ unique_key: string }>(
    db,
    sql`SELECT unique_key FROM jobs WHERE unique_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(candidates.map((c) => c.key))}::jsonb))`,
  );
  const have = new Set(known.map((k) => k.unique_key));
  return enqueueJobsOnce(
    db,
    candidates
      .filter((c) => !have.has(c.key))
      .map((c) => ({ uniqueKey: c.key, input: { kind, payload: c.payload, ownerId: c.ownerId } })),
  );
}

/** The daily summaries due at `now` (from 08:00 in each person's zone) for those with notifications waiting. */
export async function enqueueDailySummaries(db: Db, now: Date, defaultTimeZone: string): Promise<number> {
  const people = await selectRows<{ id: string; time_zone: string | null }>(
    db,
    sql`SELECT u.id, u.time_zone FROM users u
      WHERE u.id IN (SELECT DISTINCT n.user_id FROM notifications n WHERE n.email = 'daily' AND n.emailed_at IS NULL) AND NOT u.disabled`,
  );
  const wanted = people.flatMap((p) => {
    const day = dailySummaryDue(now.getTime(), zoneOf(p.time_zone, defaultTimeZone));
    return day ? [{ key: notificationKeys.dailySummaryJob(p.id, day), ownerId: p.id, payload: { day } }] : [];
  });
  return enqueueAll(db, NOTIFICATION_DAILY, wanted);
}

/** The weekly digests due at `now` (from Monday 08:00 in each manager's zone), for managers who take it. */
export async function enqueueWeeklyDigests(db: Db, now: Date, defaultTimeZone: string): Promise<number> {
  const managers = await selectRows<{ id: string; time_zone: string | null; in_app: boolean | null; email: string | null }>(
    db,
    sql`SELECT u.id, u.time_zone, p.in_app, p.email FROM users u
      LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = 'weekly_digest'
      WHERE u.role = ${ROLES.manager} AND NOT u.disabled`,
  );
  const candidates = managers.flatMap((m) => {
    const chosen = m.email === null ? [] : [{ kind: 'weekly_digest', in_app: m.in_app, email: m.email }];
    if (!deliveryFor('weekly_digest', ROLES.manager, chosen)) return [];
    const week = weeklyDigestDue(now.getTime(), zoneOf(m.time_zone, defaultTimeZone));
    return week ? [{ key: notificationKeys.weeklyDigestJob(m.id, week), ownerId: m.id, payload: { week } }] : [];
  });
  return enqueueAll(db, WEEKLY_DIGEST, candidates);
}

/** The periodic tick of every instance: the sweep, the risk sweep (once a day), summaries and digests. */
export async function notificationTick(db: Db, now: Date, defaultTimeZone: string) {
  const swept = await sweepNotifications(db, now);
  const risks = await sweepRisks(db, now);
  const daily = await enqueueDailySummaries(db, now, defaultTimeZone);
  const digests = await enqueueWeeklyDigests(db, now, defaultTimeZone);
  return { ...swept, deal_at_risk: risks, daily, digests };
}
