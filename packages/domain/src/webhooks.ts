/**
 * Outbound webhooks (issue 37, decision 036): the events an endpoint can take and when a failed
 * delivery is tried again. Pure rules, shared by the server and the settings page.
 */

/** Every event type an endpoint may subscribe to, in the order the settings page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'deal.created',
  'deal.changed',
  'deal.stage_moved',
  'analysis.ready',
  'task.created',
  'task.completed',
  'lead.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a test ping sends: every endpoint takes it, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export interface RetrySchedule {
  /** The wait after the first failed attempt; each further failure doubles it. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
  /** How long after the first failure deliveries are still tried; past it the endpoint is given up. */
  giveUpAfterMs: number;
}

/** Standard Webhooks' own advice, roughly: seconds, then minutes, then hours, for a day. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  baseMs: 5_000,
  maxMs: 2 * 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/**
 * When to try again after `failures` failed attempts in a row, the first at `failingSince`: a
 * doubling wait (base, 2×base, 4×base … at most maxMs), the last one landing on the day's end so
 * the endpoint gets its final try exactly when the day is over. Null once the day is over: give up.
 */
export function nextAttemptAt(failures: number, failingSince: number, now: number, schedule: RetrySchedule): number | null {
  const end = failingSince + schedule.giveUpAfterMs;
  if (now >= end) return null;
  const wait = Math.min(schedule.baseMs * 2 ** Math.max(0, Math.min(failures - 1, 40)), schedule.maxMs);
  return Math.min(now + wait, end);
}
