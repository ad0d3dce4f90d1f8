import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CALL_DUE_DAY, areCallFigures, callDueAt, callReminder } from './forecast-call.ts';
import { forecastCallAdjustmentSchema } from './schemas/forecast-call.ts';
import { MAX_QUARTERLY_QUOTA } from './team-metrics.ts';

const at = (iso: string) => new Date(iso);
const remind = (now: string, timeZone: string, dueDay = 4, submitted = false) =>
  callReminder({ now: at(now), dueDay, timeZone, submitted }).remind;

// The week of Monday 23 November 2026 (UTC): Thursday is the 26th. Paris is UTC+1 then, Los Angeles
// UTC−8, Auckland UTC+13.
describe('callReminder: the forecast call falls due at the start of the due day in the representative’s zone', () => {
  it('is due from Thursday by default', () => {
    expect(DEFAULT_CALL_DUE_DAY).toBe(4);
  });

  it('before the day, no reminder; from its first minute on, and after it, a reminder', () => {
    // Thursday 00:00 in Paris is Wednesday 23:00 UTC.
    expect(callDueAt('2026-11-23', 4, 'Europe/Paris')).toBe(Date.parse('2026-11-25T23:00:00Z'));
    expect(remind('2026-11-23T08:00:00Z', 'Europe/Paris')).toBe(false); // Monday
    expect(remind('2026-11-25T22:59:59Z', 'Europe/Paris')).toBe(false); // Wednesday 23:59:59 in Paris
    expect(remind('2026-11-25T23:00:00Z', 'Europe/Paris')).toBe(true); // Thursday 00:00 in Paris
    expect(remind('2026-11-27T12:00:00Z', 'Europe/Paris')).toBe(true); // Friday
    expect(remind('2026-11-29T22:00:00Z', 'Europe/Paris')).toBe(true); // Sunday 23:00, last hour of the week
  });

  it('a call submitted this week ends the reminder', () => {
    expect(remind('2026-11-27T12:00:00Z', 'Europe/Paris', 4, true)).toBe(false);
  });

  it('one instant, three zones: the day has begun in Paris, not in UTC nor in Los Angeles', () => {
    const now = '2026-11-25T23:30:00Z';
    expect(remind(now, 'Europe/Paris')).toBe(true);
    expect(remind(now, 'UTC')).toBe(false);
    expect(remind(now, 'America/Los_Angeles')).toBe(false);
    expect(remind('2026-11-26T07:59:59Z', 'America/Los_Angeles')).toBe(false);
    expect(remind('2026-11-26T08:00:00Z', 'America/Los_Angeles')).toBe(true);
  });

  it('Sunday evening in Los Angeles is already next week (UTC): its call is not due yet', () => {
    // Sunday 29 November, 19:00 in Los Angeles = Monday 30 November, 03:00 UTC.
    const reminder = callReminder({
      now: at('2026-11-30T03:00:00Z'),
      dueDay: 4,
      timeZone: 'America/Los_Angeles',
      submitted: false,
    });
    expect(reminder.week).toBe('2026-11-30');
    expect(reminder.remind).toBe(false);
    expect(reminder.dueAt).toBe(Date.parse('2026-12-03T08:00:00Z'));
  });

  it('a Sunday due day in a zone behind UTC: due that local morning, over when the week turns in UTC', () => {
    expect(remind('2026-11-29T07:59:59Z', 'America/Los_Angeles', 7)).toBe(false);
    expect(remind('2026-11-29T08:00:00Z', 'America/Los_Angeles', 7)).toBe(true);
    expect(remind('2026-11-30T00:00:00Z', 'America/Los_Angeles', 7)).toBe(false);
  });

  it('a Monday due day in a zone ahead of UTC began before the week did: due from its first instant', () => {
    expect(callDueAt('2026-11-23', 1, 'Pacific/Auckland')).toBe(Date.parse('2026-11-22T11:00:00Z'));
    expect(remind('2026-11-23T00:00:00Z', 'Pacific/Auckland', 1)).toBe(true);
  });

  it('follows daylight saving: midnight in Paris is 23:00 UTC before the change, 22:00 after it', () => {
    // Summer time starts on Sunday 29 March 2026.
    expect(callDueAt('2026-03-23', 7, 'Europe/Paris')).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(callDueAt('2026-03-30', 1, 'Europe/Paris')).toBe(Date.parse('2026-03-29T22:00:00Z'));
  });
});

describe('what a call may say', () => {
  // The forms check areCallFigures before sending; the server parses with the schema: they must agree.
  const amount = fc.oneof(
    fc.integer({ min: -5, max: MAX_QUARTERLY_QUOTA + 5 }),
    fc.double({ min: -10, max: 2e9, noNaN: false }),
    fc.constantFrom(0, MAX_QUARTERLY_QUOTA, MAX_QUARTERLY_QUOTA + 1, -1, 0.5, Number.NaN, Infinity),
  );

  it('is what the server schema accepts, for any two figures', () => {
    fc.assert(
      fc.property(amount, amount, (commit, bestCase) => {
        const figures = { commit, bestCase };
        expect(areCallFigures(figures)).toBe(forecastCallAdjustmentSchema.safeParse(figures).success);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a best case below the commit, a fraction, a negative and more than the largest quota', () => {
    expect(areCallFigures({ commit: 100, bestCase: 100 })).toBe(true);
    expect(areCallFigures({ commit: 101, bestCase: 100 })).toBe(false);
    expect(areCallFigures({ commit: 0.5, bestCase: 100 })).toBe(false);
    expect(areCallFigures({ commit: -1, bestCase: 100 })).toBe(false);
    expect(areCallFigures({ commit: 0, bestCase: MAX_QUARTERLY_QUOTA + 1 })).toBe(false);
  });
});
