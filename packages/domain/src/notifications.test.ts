import { describe, expect, it } from 'vitest';
import {
  dailySummaryDue,
  deliveryFor,
  kindsFor,
  localDay,
  localWeek,
  moverOf,
  preferencesFor,
  unreadLabel,
  weeklyDigestDue,
} from './notifications.ts';
import { ROLES } from './roles.ts';

const REP = ROLES.representative;
const MANAGER = ROLES.manager;

describe('which notifications a preference lets through', () => {
  it('only a manager has the weekly digest', () => {
    expect(kindsFor(REP)).not.toContain('weekly_digest');
    expect(kindsFor(MANAGER)).toContain('weekly_digest');
    expect(deliveryFor('weekly_digest', REP, [])).toBeNull();
  });

  it('defaults when nothing was chosen: every kind in the product, e-mail by kind', () => {
    expect(deliveryFor('task_due', REP, [])).toEqual({ in_app: true, email: 'instant' });
    expect(deliveryFor('deal_moved', REP, [])).toEqual({ in_app: true, email: 'daily' });
    expect(deliveryFor('analysis_finished', REP, [])).toEqual({ in_app: true, email: 'off' });
    expect(deliveryFor('mention', REP, [])).toEqual({ in_app: true, email: 'instant' });
  });

  it('a kind turned off everywhere is not made at all; one channel off keeps the other', () => {
    expect(deliveryFor('deal_moved', REP, [{ kind: 'deal_moved', in_app: false, email: 'off' }])).toBeNull();
    expect(deliveryFor('deal_moved', REP, [{ kind: 'deal_moved', in_app: false, email: 'instant' }])).toEqual({
      in_app: false,
      email: 'instant',
    });
    expect(deliveryFor('deal_moved', REP, [{ kind: 'deal_moved', in_app: true, email: 'off' }])).toEqual({
      in_app: true,
      email: 'off',
    });
    // Another kind's choice does not leak.
    expect(deliveryFor('task_due', REP, [{ kind: 'deal_moved', in_app: false, email: 'off' }])).toEqual({
      in_app: true,
      email: 'instant',
    });
  });

  it('a digest asked for daily is sent as it comes (it is weekly already); an unknown mode falls back', () => {
    expect(deliveryFor('weekly_digest', MANAGER, [{ kind: 'weekly_digest', email: 'daily' }])?.email).toBe('instant');
    expect(preferencesFor(REP, [{ kind: 'task_due', email: 'hourly' as never }])[0]).toEqual({
      kind: 'task_due',
      in_app: true,
      email: 'instant',
    });
  });
});

describe('summary and digest periods in the person’s zone', () => {
  // Monday 3 March 2031, 07:30 UTC: 08:30 in Paris, 02:30 in New York, still Sunday 23:30 in Los Angeles.
  const MONDAY_0730Z = Date.parse('2031-03-03T07:30:00Z');

  it('the day and the week are the zone’s', () => {
    expect(localDay(MONDAY_0730Z, 'Europe/Paris')).toBe('2031-03-03');
    expect(localDay(MONDAY_0730Z, 'America/Los_Angeles')).toBe('2031-03-02');
    expect(localWeek(MONDAY_0730Z, 'Europe/Paris')).toBe('2031-03-03');
    expect(localWeek(MONDAY_0730Z, 'America/Los_Angeles')).toBe('2031-02-24');
    expect(localWeek(Date.parse('2031-03-09T22:59:00Z'), 'Europe/Paris')).toBe('2031-03-03');
    expect(localWeek(Date.parse('2031-03-09T23:00:00Z'), 'Europe/Paris')).toBe('2031-03-10');
  });

  it('the daily summary is due from 08:00 local', () => {
    expect(dailySummaryDue(MONDAY_0730Z, 'Europe/Paris')).toBe('2031-03-03');
    expect(dailySummaryDue(MONDAY_0730Z, 'UTC')).toBeNull();
    expect(dailySummaryDue(MONDAY_0730Z, 'America/New_York')).toBeNull();
  });

  it('the weekly digest is due from Monday 08:00 local, and the rest of the week names the same digest', () => {
    expect(weeklyDigestDue(MONDAY_0730Z, 'Europe/Paris')).toBe('2031-03-03');
    expect(weeklyDigestDue(MONDAY_0730Z, 'UTC')).toBeNull();
    // Los Angeles: still last week, whose Monday 08:00 has long passed.
    expect(weeklyDigestDue(MONDAY_0730Z, 'America/Los_Angeles')).toBe('2031-02-24');
    expect(weeklyDigestDue(Date.parse('2031-03-07T12:00:00Z'), 'UTC')).toBe('2031-03-03');
  });

  it('across a DST change (Paris, 30 March 2031) the Monday after is still found', () => {
    expect(localWeek(Date.parse('2031-03-31T06:30:00Z'), 'Europe/Paris')).toBe('2031-03-31');
    // 07:59 in Paris (now UTC+2): the new week has begun, its digest is not due yet.
    expect(weeklyDigestDue(Date.parse('2031-03-31T05:59:00Z'), 'Europe/Paris')).toBeNull();
    expect(weeklyDigestDue(Date.parse('2031-03-31T06:00:00Z'), 'Europe/Paris')).toBe('2031-03-31');
  });

  it('the bell caps its label', () => {
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });
});

describe('who a deal move names when no person made it', () => {
  it('reads the change recorder’s sources: the ingest API is an integration, an analysis a call analysis', () => {
    expect(moverOf('ingest')).toBe('integration');
    expect(moverOf('analysis')).toBe('ai');
    for (const source of ['person', 'import', 'system', 'calendar', undefined]) expect(moverOf(source)).toBe('someone');
  });
});
