import { describe, expect, it } from 'vitest';
import {
  byLeaderRank,
  bySalesRank,
  conversionRate,
  cycleDays,
  fallbackWinRate,
  groupFigures,
  countsTowardQuota,
  isUpcomingMeeting,
  quarterStart,
  quotaAttainment,
  parseQuotaInput,
  salesCycleDays,
  winRateFromCounts,
} from './team-metrics.ts';
import { quotaUpdateSchema } from './schemas/team.ts';

describe('team metrics', () => {
  it('win rate is closed-won over closed deals, null without one', () => {
    expect(winRateFromCounts(2, 1)).toBe(67);
    expect(winRateFromCounts(0, 3)).toBe(0);
    expect(winRateFromCounts(0, 0)).toBeNull();
  });

  it('the fallback weighs technical 0.4 and commercial 0.6, times 10, clamped', () => {
    expect(fallbackWinRate(5, 7)).toBe(62);
    expect(fallbackWinRate(12, 12)).toBe(100);
    expect(fallbackWinRate(-1, -1)).toBe(0);
    expect(fallbackWinRate(null, 5)).toBe(30);
    expect(fallbackWinRate(null, null)).toBeNull();
  });

  it('conversion, attainment and cycle round to whole numbers with their defaults', () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(0, 0)).toBe(0);
    expect(quotaAttainment(125_000, 250_000)).toBe(50);
    expect(quotaAttainment(10, 0)).toBe(0);
    expect(salesCycleDays(0, 0)).toBe(45);
    expect(salesCycleDays(61, 2)).toBe(31);
  });

  it('counts cycle days on UTC calendar days and finds quarters', () => {
    expect(cycleDays('2026-01-01T23:30:00Z', '2026-01-31')).toBe(30);
    expect(quarterStart('2026-05-20')).toBe('2026-04-01');
    expect(quarterStart(new Date('2026-12-31T10:00:00Z'))).toBe('2026-10-01');
  });

  it('rounds a negative half-day cycle away from zero, as the database does', () => {
    expect(salesCycleDays(-71, 2)).toBe(-36);
    expect(salesCycleDays(71, 2)).toBe(36);
  });

  it('counts a won deal toward the quota only once its closing date has come, this quarter', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    expect(countsTowardQuota('2026-11-15', now)).toBe(true);
    expect(countsTowardQuota('2026-10-01', now)).toBe(true);
    expect(countsTowardQuota('2026-11-16', now)).toBe(false);
    expect(countsTowardQuota('2026-09-30', now)).toBe(false);
    expect(countsTowardQuota(null, now)).toBe(false);
  });

  it('has no upcoming meeting on a won or lost deal', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    expect(isUpcomingMeeting('open', '2026-11-16T09:00:00Z', now)).toBe(true);
    expect(isUpcomingMeeting('lost', '2026-11-16T09:00:00Z', now)).toBe(false);
    expect(isUpcomingMeeting('won', '2026-11-16T09:00:00Z', now)).toBe(false);
    expect(isUpcomingMeeting('open', '2026-11-14T09:00:00Z', now)).toBe(false);
  });

  it('groups a representative’s rows in memory', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const base = { lead_status: null, technical_scoring: null, commercial_scoring: null, record_date: '2026-10-01T00:00:00Z' };
    const figures = groupFigures(
      [
        {
          ...base,
          outcome: 'won',
          amount: 1000,
          closing_date: '2026-10-11',
          lead_status: 'Closed Won',
          technical_scoring: 8,
        },
        { ...base, outcome: 'lost', amount: 500, closing_date: '2026-10-21' },
        { ...base, outcome: 'open', amount: 300, closing_date: null, commercial_scoring: 6 },
        // Marked won with a closing date ahead: not closed yet, so not in the quarter's quota.
        { ...base, outcome: 'won', amount: 700, closing_date: '2026-12-01' },
      ],
      now,
    );
    expect(figures).toEqual({
      totalDeals: 4,
      totalSales: 2500,
      conversionRate: 50,
      techScore: 8,
      commScore: 6,
      winRate: 67,
      won: 2,
      lost: 1,
      avgDealSize: 625,
      salesCycle: 30,
      wonThisQuarter: 1000,
      // Won revenue counts every won deal, whatever its closing date (docs/metrics.md).
      wonAmount: 1700,
    });
    expect(groupFigures([], now)).toMatchObject({ totalDeals: 0, winRate: null, salesCycle: 45, avgDealSize: 0 });
  });

  it('accepts a quota of positive whole dollars up to a billion', () => {
    expect(quotaUpdateSchema.safeParse({ quarterlyQuota: 300_000 }).success).toBe(true);
    for (const bad of [0, -5, 1.5, 2_000_000_000, '300000', null]) {
      expect(quotaUpdateSchema.safeParse({ quarterlyQuota: bad }).success).toBe(false);
    }
  });

  it('reads a typed quota', () => {
    expect(parseQuotaInput('300,000')).toBe(300_000);
    expect(parseQuotaInput(' $ 250000 ')).toBe(250_000);
    for (const bad of ['', '0', '12.5', '-4', 'abc', '2000000000']) expect(parseQuotaInput(bad)).toBeNull();
  });
});

describe('bySalesRank, the team dashboard order', () => {
  const member = (full_name: string, totalSales: number, id: string | null = full_name.toLowerCase()) => ({
    full_name,
    totalSales,
    id,
  });

  it('puts the most sales first, then names and ids by code point, Unassigned after a namesake', () => {
    const sorted = [
      member('ben', 5),
      member('Ada', 5),
      member('Zed', 9),
      member('Unassigned', 5, null),
      member('Unassigned', 5, 'u-2'),
      member('Éva', 5),
    ].sort(bySalesRank);
    expect(sorted.map((m) => `${m.full_name}:${m.id}`)).toEqual([
      'Zed:zed',
      'Ada:ada',
      'Unassigned:u-2',
      'Unassigned:null',
      'ben:ben',
      'Éva:éva',
    ]);
  });
});

describe('byLeaderRank, a score leader', () => {
  it('takes the best average, then the most sales, then the id by code point', () => {
    const sorted = [
      { id: 'b', average: 8, totalSales: 100 },
      { id: 'a', average: 8, totalSales: 100 },
      { id: 'Z', average: 8, totalSales: 100 },
      { id: 'c', average: 8, totalSales: 900 },
      { id: 'd', average: 9, totalSales: 0 },
    ].sort(byLeaderRank);
    expect(sorted.map((m) => m.id)).toEqual(['d', 'c', 'Z', 'a', 'b']);
  });
});
