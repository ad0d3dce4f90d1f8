import { cappedCountLabel } from './counts.ts';
import { instantOfWallTime, wallTimeIn } from './slots.ts';

/**
 * Tasks (issue 37): which list a task is in, the owner's day, snoozing and a suggested step's due
 * time. Times are instants; "today", "tomorrow morning" and "next week" are read in the owner's zone
 * (their setting, else their browser's). No zod here: the dashboard's card imports this file.
 */

export const TASK_VIEWS = ['today', 'overdue', 'upcoming', 'done'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const TASK_STATUSES = ['open', 'done', 'dismissed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_SOURCES = ['person', 'call', 'integration'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

export const SNOOZE_CHOICES = ['hour', 'tomorrow', 'next_week'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

/**
 * The tabs' counts stop here: exact up to it, "99+" past it (as the bell's unread count), so a page of
 * a representative with 20,000 tasks counts at most a hundred rows per tab.
 */
export const TASK_COUNT_CAP = 99;
export const taskCountLabel = (count: number) => cappedCountLabel(count, TASK_COUNT_CAP);

/** The working hour a task without a time of its own falls due at (09:00 in the owner's zone). */
export const TASK_DEFAULT_HOUR = 9;

/** The calendar day of an instant in a zone, moved by `days`, as [year, month, day]. */
function dayIn(instant: number, timeZone: string, days = 0): [number, number, number] {
  const w = wallTimeIn(instant, timeZone);
  const moved = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return [moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate()];
}

/** The first instant of the day `days` after the one holding `instant`, in the zone (midnight, or just after a skipped one). */
export function startOfDayIn(instant: number, timeZone: string, days = 0): number {
  const [year, month, day] = dayIn(instant, timeZone, days);
  return instantOfWallTime(year, month, day, 0, timeZone);
}

/**
 * The last day found per zone: every task list asks for its owner's today, and finding it takes four
 * readings of the zone's wall time (Intl), a twentieth of the server's time on a list. A day is one
 * interval of instants, so an instant inside the kept one is in that day.
 */
const lastDayIn = new Map<string, { start: number; end: number }>();

/** The owner's today as [start, end): overdue is before now, today from now to the end of the day, upcoming after. */
export function todayIn(now: number, timeZone: string): { start: number; end: number } {
  const kept = lastDayIn.get(timeZone);
  if (kept && kept.start <= now && now < kept.end) return { ...kept };
  const day = { start: startOfDayIn(now, timeZone), end: startOfDayIn(now, timeZone, 1) };
  lastDayIn.set(timeZone, day);
  return { ...day };
}

/** Which list an open or done task is shown in at `now` (a dismissed one is in none). */
export function taskView(task: { status: TaskStatus; due_at: string | number }, now: number, timeZone: string): TaskView | null {
  if (task.status === 'done') return 'done';
  if (task.status !== 'open') return null;
  const due = typeof task.due_at === 'number' ? task.due_at : Date.parse(task.due_at);
  if (due < now) return 'overdue';
  return due < todayIn(now, timeZone).end ? 'today' : 'upcoming';
}

/** 09:00 (or `hour`) on the day `days` after the one holding `instant`, in the zone. */
export function atHourIn(instant: number, timeZone: string, days: number, hour = TASK_DEFAULT_HOUR): number {
  const [year, month, day] = dayIn(instant, timeZone, days);
  return instantOfWallTime(year, month, day, hour * 60, timeZone);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of an instant in a zone. */
function isoWeekdayIn(instant: number, timeZone: string): number {
  const [year, month, day] = dayIn(instant, timeZone);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
}

/**
 * When a snoozed task falls due again: in an hour (to the minute), tomorrow at 09:00, or next
 * Monday at 09:00, in the owner's zone.
 */
export function snoozeUntil(choice: SnoozeChoice, now: number, timeZone: string): number {
  if (choice === 'hour') return Math.ceil((now + 3_600_000) / 60_000) * 60_000;
  if (choice === 'tomorrow') return atHourIn(now, timeZone, 1);
  return atHourIn(now, timeZone, 8 - isoWeekdayIn(now, timeZone));
}

/**
 * The due time offered for a call's next step: the time the call named when it is still ahead,
 * else the next working day (Monday to Friday) at 09:00 in the owner's zone.
 */
export function suggestedDue(said: string | null | undefined, now: number, timeZone: string): number {
  const named = said ? Date.parse(said) : Number.NaN;
  if (Number.isFinite(named) && named > now) return named;
  const weekday = isoWeekdayIn(now, timeZone);
  const days = weekday >= 5 ? 8 - weekday : 1;
  return atHourIn(now, timeZone, days);
}

/** The value of an `<input type="datetime-local">` ('2026-11-27T09:30') for an instant in a zone. */
export function localInputValue(instant: number, timeZone: string): string {
  const w = wallTimeIn(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The instant a datetime-local value means in a zone; NaN for text that is not one. */
export function instantOfLocalInput(value: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return Number.NaN;
  return instantOfWallTime(y, mo, d, h * 60 + mi, timeZone);
}

/** "Alex Martin: I will send…" / "Alex Martin : je vous envoie…": the speaker's label a step's text may start with. */
const SPEAKER_LABEL = /^[\p{L}][\p{L}\p{M}.'’-]*(?: [\p{L}][\p{L}\p{M}.'’-]*){0,3} ?: +(?=\S)/u;

/** A step's text as a task's title: without the speaker's label, the first letter capitalised. */
export function stepTitle(text: string): string {
  const said = text.trim().replace(SPEAKER_LABEL, '');
  return (said.charAt(0).toLocaleUpperCase() + said.slice(1)).slice(0, 500);
}
