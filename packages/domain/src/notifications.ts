import { cappedCountLabel } from './counts.ts';
import { ROLES, type Role } from './roles.ts';
import { instantOfWallTime, wallTimeIn } from './slots.ts';

/**
 * Notifications (issue 37): the kinds a person is told about, how each reaches them (in the product,
 * by e-mail at once or in a daily summary, or not at all), and the periods a summary or a digest
 * belongs to in the person's own zone. No zod here: the bell in the signed-in frame imports this file.
 * A mention is a person named with `@` in a note on a deal (deal-notes.ts).
 */

export const NOTIFICATION_KINDS = [
  'task_due',
  'deal_at_risk',
  'deal_moved',
  'mention',
  'analysis_finished',
  'weekly_digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches a person by e-mail: each one when it happens, one summary a day, or never. */
export const EMAIL_MODES = ['instant', 'daily', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface NotificationPreference {
  kind: NotificationKind;
  in_app: boolean;
  email: EmailMode;
}

/** A preference row as stored: any text, read through preferencesFor. */
export interface ChosenPreference {
  kind: string;
  in_app?: boolean | null;
  email?: string | null;
}

/** The hour (in the person's zone) the daily summary and the Monday digest go out from. */
export const SUMMARY_HOUR = 8;

/** The weekly digest is the team's figures: only a manager gets it. */
export function kindsFor(role: Role | string | null | undefined): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => kind !== 'weekly_digest' || role === ROLES.manager);
}

/**
 * What a person gets when they never chose: everything in the product; by e-mail at once what needs
 * acting on today (a task falling due, someone asking for them in a note) and the weekly digest, the rest in the daily summary, except a
 * finished analysis (the person who sent it is usually still looking).
 */
const DEFAULTS: Record<NotificationKind, Omit<NotificationPreference, 'kind'>> = {
  task_due: { in_app: true, email: 'instant' },
  deal_at_risk: { in_app: true, email: 'daily' },
  deal_moved: { in_app: true, email: 'daily' },
  mention: { in_app: true, email: 'instant' },
  analysis_finished: { in_app: true, email: 'off' },
  weekly_digest: { in_app: true, email: 'instant' },
};

/** The weekly digest is once a week already: a daily summary of it means sending it as it comes. */
const emailModeOf = (kind: NotificationKind, mode: EmailMode): EmailMode =>
  kind === 'weekly_digest' && mode === 'daily' ? 'instant' : mode;

/** A person's preferences for every kind their role has: what they chose, else the default. */
export function preferencesFor(
  role: Role | string | null | undefined,
  chosen: ReadonlyArray<ChosenPreference>,
): NotificationPreference[] {
  return kindsFor(role).map((kind) => {
    const own = chosen.find((p) => p.kind === kind);
    const base = DEFAULTS[kind];
    return {
      kind,
      in_app: own?.in_app ?? base.in_app,
      email: emailModeOf(
        kind,
        (own?.email && (EMAIL_MODES as readonly string[]).includes(own.email) ? own.email : base.email) as EmailMode,
      ),
    };
  });
}

/** Where one notification of `kind` goes for this person; null when their preference lets it nowhere (or their role has no such kind). */
export function deliveryFor(
  kind: NotificationKind,
  role: Role | string | null | undefined,
  chosen: ReadonlyArray<ChosenPreference>,
): { in_app: boolean; email: EmailMode } | null {
  const preference = preferencesFor(role, chosen).find((p) => p.kind === kind);
  if (!preference || (!preference.in_app && preference.email === 'off')) return null;
  return { in_app: preference.in_app, email: preference.email };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The calendar day of `now` in the zone (YYYY-MM-DD): the period of a daily summary. */
export function localDay(now: number, timeZone: string): string {
  const w = wallTimeIn(now, timeZone);
  return dateText(w.year, w.month, w.day);
}

/** The Monday of the week holding `now` in the zone (YYYY-MM-DD): the period of a weekly digest. */
export function localWeek(now: number, timeZone: string): string {
  const w = wallTimeIn(now, timeZone);
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return dateText(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
}

/**
 * The daily summary due at `now`: its day once SUMMARY_HOUR has begun in the zone, else null. The day
 * names the summary, so however often it is asked for, one summary per person and day.
 */
export function dailySummaryDue(now: number, timeZone: string): string | null {
  return wallTimeIn(now, timeZone).hour >= SUMMARY_HOUR ? localDay(now, timeZone) : null;
}

/**
 * The weekly digest due at `now`: its week (the Monday) once Monday SUMMARY_HOUR has begun in the
 * zone. Any later moment of the same week names the same digest, so one missed on Monday (the server
 * was down) goes out when it is back, and still only once.
 */
export function weeklyDigestDue(now: number, timeZone: string): string | null {
  const week = localWeek(now, timeZone);
  const [year, month, day] = week.split('-').map(Number) as [number, number, number];
  return now >= instantOfWallTime(year, month, day, SUMMARY_HOUR * 60, timeZone) ? week : null;
}

/** The unique keys that make each notification, summary and digest exist once. */
export const notificationKeys = {
  dealMoved: (dealId: number, at: string) => `deal_moved:${dealId}:${at}`,
  taskDue: (taskId: number, dueAt: string) => `task_due:${taskId}:${dueAt}`,
  analysisFinished: (jobId: string) => `analysis_finished:${jobId}`,
  /** A note names a person once, however often it is saved or restored. */
  mention: (noteId: number) => `mention:${noteId}`,
  /** A deal at risk is told once a week (UTC Monday) while it stays at risk. */
  dealAtRisk: (dealId: number, week: string) => `deal_at_risk:${dealId}:${week}`,
  weeklyDigest: (week: string) => `weekly_digest:${week}`,
  /** Job keys (the jobs table's unique_key). */
  emailJob: (notificationId: number) => `notification_email:${notificationId}`,
  dailySummaryJob: (userId: string, day: string) => `notification_daily:${userId}:${day}`,
  weeklyDigestJob: (userId: string, week: string) => `weekly_digest:${userId}:${week}`,
};

/**
 * Who a deal move names when no person made it (its `by` is empty), from the change's source
 * (CHANGE_SOURCES): an integration (the ingest API), a call analysis, else someone. The bell and
 * the e-mail both read their words by this key (by.integration, by.ai, by.someone).
 */
export const moverOf = (source: unknown): 'integration' | 'ai' | 'someone' =>
  source === 'ingest' ? 'integration' : source === 'analysis' ? 'ai' : 'someone';

/** The count the bell shows: exact up to this, "99+" past it (the count query stops there). */
export const UNREAD_COUNT_CAP = 99;
export const unreadLabel = (count: number) => cappedCountLabel(count, UNREAD_COUNT_CAP);
