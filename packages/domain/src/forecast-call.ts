import { weekStart } from './forecast.ts';
import { instantOfWallTime } from './slots.ts';
import { MAX_QUARTERLY_QUOTA } from './team-metrics.ts';

/**
 * Forecast calls (issue 38): each week a representative commits to two figures for the quarter —
 * commit (what they will close) and best case (what they could) — with a note; the manager sees
 * them beside what the pipeline says and may adjust them. docs/metrics.md, "Forecast calls".
 */

/** What the deals' categories say, for one representative and the quarter (the forecast's figures). */
export interface SystemFigures {
  won: number;
  commit: number;
  bestCase: number;
}

export interface CallFigures {
  commit: number;
  bestCase: number;
}

/** A figure a call may hold: whole dollars, from 0 to the largest quarterly quota. */
export const isCallAmount = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_QUARTERLY_QUOTA;

/**
 * What a call (and a manager's adjustment of it) may say: two amounts, the best case not below the
 * commit. The server's schema refines by it and the forms check it before sending, without zod on the
 * dashboard's first load.
 */
export const areCallFigures = ({ commit, bestCase }: CallFigures) =>
  isCallAmount(commit) && isCallAmount(bestCase) && bestCase >= commit;

/**
 * The figures the product proposes: commit = won so far + open deals in commit; best case = that
 * + open deals in best case. A representative starts from these and changes what they believe.
 */
export function proposedCall(system: SystemFigures): CallFigures {
  const commit = system.won + system.commit;
  return { commit, bestCase: commit + system.bestCase };
}

/**
 * How close a call came to what was finally won in its quarter, 0–100: 100 − |won − called| ÷
 * called × 100, never below 0 (a call of 0 is 100 when nothing was won, else 0). The called figure
 * is the commit of the representative's last call of the quarter, as the manager adjusted it if
 * they did.
 */
export function callAccuracy(called: number, won: number): number {
  if (called <= 0) return won <= 0 ? 100 : 0;
  return Math.max(0, Math.round(100 - (Math.abs(won - called) / called) * 100));
}

/**
 * The day of the week a call falls due, ISO numbering (1 = Monday … 7 = Sunday), as the week the calls
 * are kept by starts on Monday. A team setting; Thursday leaves the manager Friday to roll the team up.
 */
export const DEFAULT_CALL_DUE_DAY = 4;

const DAY_MS = 86_400_000;

/**
 * When this week's call falls due: the start (midnight) of the due day of `week` in the
 * representative's zone. `week` is the Monday (UTC) the calls are kept by (weekStart), so the week
 * asked about is the one a call made now would land in, whatever the local date; in a zone ahead of
 * UTC the due day can begin before that Monday does.
 */
export function callDueAt(week: string, dueDay: number, timeZone: string): number {
  const day = new Date(Date.parse(`${week}T00:00:00Z`) + (dueDay - 1) * DAY_MS);
  return instantOfWallTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 0, timeZone);
}

export interface CallReminder {
  /** Monday (UTC) of the week a call made now belongs to. */
  week: string;
  /** The instant this week's call falls due (callDueAt). */
  dueAt: number;
  /** Remind: this week's call is not made and its due day has begun in the representative's zone. */
  remind: boolean;
}

/**
 * Whether a representative is reminded of their forecast call: not yet submitted this week, on or
 * after the team's due day in their own time zone. Submitting ends it for the week; a new week starts
 * without a call, and the reminder comes back on its due day.
 */
export function callReminder(input: { now: Date; dueDay: number; timeZone: string; submitted: boolean }): CallReminder {
  const week = weekStart(input.now);
  const dueAt = callDueAt(week, input.dueDay, input.timeZone);
  return { week, dueAt, remind: !input.submitted && input.now.getTime() >= dueAt };
}
