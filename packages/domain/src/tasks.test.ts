import { describe, expect, it } from 'vitest';
import {
  instantOfLocalInput,
  localInputValue,
  snoozeUntil,
  startOfDayIn,
  stepTitle,
  suggestedDue,
  taskCountLabel,
  taskView,
  todayIn,
} from './tasks.ts';

const at = (iso: string) => Date.parse(iso);

describe('tasks', () => {
  // Friday 27 November 2026, 23:30 in Paris (22:30 UTC): still Friday there, Saturday nowhere yet in Europe.
  const now = at('2026-11-27T22:30:00Z');

  it("reads today in the owner's zone", () => {
    expect(todayIn(now, 'Europe/Paris')).toEqual({ start: at('2026-11-26T23:00:00Z'), end: at('2026-11-27T23:00:00Z') });
    // In Tokyo it is already Saturday 28th, 07:30.
    expect(todayIn(now, 'Asia/Tokyo')).toEqual({ start: at('2026-11-27T15:00:00Z'), end: at('2026-11-28T15:00:00Z') });
  });

  it('finds the next day once the kept one is over, and an earlier one too (the day is kept per zone)', () => {
    // Sunday 29 March 2026 in Paris has 23 hours (02:00 → 03:00): asked within it, then on each side.
    const march29 = { start: at('2026-03-28T23:00:00Z'), end: at('2026-03-29T22:00:00Z') };
    expect(todayIn(at('2026-03-29T10:00:00Z'), 'Europe/Paris')).toEqual(march29);
    expect(todayIn(at('2026-03-29T21:59:59Z'), 'Europe/Paris')).toEqual(march29);
    expect(todayIn(at('2026-03-29T22:00:00Z'), 'Europe/Paris')).toEqual({
      start: at('2026-03-29T22:00:00Z'),
      end: at('2026-03-30T22:00:00Z'),
    });
    expect(todayIn(at('2026-03-28T22:59:59Z'), 'Europe/Paris')).toEqual({
      start: at('2026-03-27T23:00:00Z'),
      end: at('2026-03-28T23:00:00Z'),
    });
    // Another zone's day is its own, and what a caller does with an answer changes nothing kept.
    const day = todayIn(at('2026-03-29T10:00:00Z'), 'UTC');
    day.end = 0;
    expect(todayIn(at('2026-03-29T10:00:00Z'), 'UTC')).toEqual({
      start: at('2026-03-29T00:00:00Z'),
      end: at('2026-03-30T00:00:00Z'),
    });
  });

  it('puts an open task in overdue, today or upcoming, and a done one in done', () => {
    const open = (due: string) => ({ status: 'open' as const, due_at: due });
    expect(taskView(open('2026-11-27T22:00:00Z'), now, 'Europe/Paris')).toBe('overdue');
    expect(taskView(open('2026-11-27T22:45:00Z'), now, 'Europe/Paris')).toBe('today');
    // 23:15 UTC is Saturday 00:15 in Paris: upcoming there, but still today in New York.
    expect(taskView(open('2026-11-27T23:15:00Z'), now, 'Europe/Paris')).toBe('upcoming');
    expect(taskView(open('2026-11-27T23:15:00Z'), now, 'America/New_York')).toBe('today');
    expect(taskView({ status: 'done', due_at: '2020-01-01T00:00:00Z' }, now, 'UTC')).toBe('done');
    expect(taskView({ status: 'dismissed', due_at: '2020-01-01T00:00:00Z' }, now, 'UTC')).toBeNull();
  });

  it('snoozes an hour, to tomorrow 09:00 or to next Monday 09:00 in the zone', () => {
    expect(snoozeUntil('hour', at('2026-11-27T10:00:30Z'), 'UTC')).toBe(at('2026-11-27T11:01:00Z'));
    expect(snoozeUntil('tomorrow', now, 'Europe/Paris')).toBe(at('2026-11-28T08:00:00Z'));
    // Friday → Monday 30th; on a Monday, the Monday after.
    expect(snoozeUntil('next_week', now, 'Europe/Paris')).toBe(at('2026-11-30T08:00:00Z'));
    expect(snoozeUntil('next_week', at('2026-11-30T10:00:00Z'), 'Europe/Paris')).toBe(at('2026-12-07T08:00:00Z'));
  });

  it('offers the time a call named when it is ahead, else the next working day at 09:00', () => {
    expect(suggestedDue('2026-12-02T15:00:00+01:00', now, 'Europe/Paris')).toBe(at('2026-12-02T14:00:00Z'));
    // A past time and no time are the same: Friday evening → Monday 09:00.
    expect(suggestedDue('2026-11-20T15:00:00Z', now, 'Europe/Paris')).toBe(at('2026-11-30T08:00:00Z'));
    expect(suggestedDue(null, now, 'Europe/Paris')).toBe(at('2026-11-30T08:00:00Z'));
    // A Tuesday → Wednesday.
    expect(suggestedDue(undefined, at('2026-11-24T12:00:00Z'), 'UTC')).toBe(at('2026-11-25T09:00:00Z'));
  });

  it('reads and writes datetime-local values in the zone, across a DST change', () => {
    expect(localInputValue(at('2026-11-27T08:00:00Z'), 'Europe/Paris')).toBe('2026-11-27T09:00');
    expect(instantOfLocalInput('2026-11-27T09:00', 'Europe/Paris')).toBe(at('2026-11-27T08:00:00Z'));
    expect(instantOfLocalInput('2026-07-01T09:00', 'Europe/Paris')).toBe(at('2026-07-01T07:00:00Z'));
    expect(instantOfLocalInput('not a time', 'UTC')).toBeNaN();
    expect(instantOfLocalInput('2026-13-01T09:00', 'UTC')).toBeNaN();
    // The day after the spring change starts at its own midnight.
    expect(startOfDayIn(at('2026-03-29T12:00:00Z'), 'Europe/Paris', 1)).toBe(at('2026-03-29T22:00:00Z'));
  });

  it("titles a call's step without its speaker's label", () => {
    expect(stepTitle('Alex Martin: I will send the proposal.')).toBe('I will send the proposal.');
    expect(stepTitle("Alex Martin : je vous envoie le questionnaire d'ici vendredi.")).toBe(
      "Je vous envoie le questionnaire d'ici vendredi.",
    );
    expect(stepTitle('Send the SOC 2 report')).toBe('Send the SOC 2 report');
    // A time is no label.
    expect(stepTitle('Meet at 10:00 on Tuesday')).toBe('Meet at 10:00 on Tuesday');
  });

  it('shows a tab’s count as the query bounds it: exact up to 99, "99+" past it', () => {
    expect(taskCountLabel(0)).toBe('0');
    expect(taskCountLabel(99)).toBe('99');
    expect(taskCountLabel(100)).toBe('99+');
  });
});
