import { describe, expect, it } from 'vitest';
import { overdue } from './deal-timing.ts';

const now = new Date('2026-11-27T12:00:00Z');

describe('overdue dates', () => {
  it('an open deal: a meeting before now and a close date before today are overdue', () => {
    expect(overdue({ outcome: 'open', next_meeting_date: '2026-11-27T11:59:00Z', closing_date: '2026-11-26' }, now)).toEqual({
      meeting: true,
      closing: true,
    });
  });

  it('later today and today itself are not overdue yet', () => {
    expect(overdue({ outcome: 'open', next_meeting_date: '2026-11-27T12:01:00Z', closing_date: '2026-11-27' }, now)).toEqual({
      meeting: false,
      closing: false,
    });
  });

  it('a won or lost deal, or one without dates, is never overdue', () => {
    for (const outcome of ['won', 'lost'] as const) {
      expect(overdue({ outcome, next_meeting_date: '2020-01-01T00:00:00Z', closing_date: '2020-01-01' }, now)).toEqual({
        meeting: false,
        closing: false,
      });
    }
    expect(overdue({ outcome: 'open', next_meeting_date: null, closing_date: null }, now)).toEqual({
      meeting: false,
      closing: false,
    });
  });
});
