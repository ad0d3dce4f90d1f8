import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAGE_PROBABILITIES,
  forecastChange,
  forecastFigures,
  forecastGroup,
  forecastGroupSql,
  gapToQuota,
  lastWeeks,
  quarterFor,
  weekStart,
  weightedAmount,
  type ForecastRow,
} from './forecast.ts';
import { STAGES, type Stage } from './pipeline-model.ts';
import { OUTCOME_OF_STAGE } from './pipeline-model.ts';

const NOW = new Date('2026-11-24T15:00:00Z');

describe('forecast categories', () => {
  it.each<[Stage, string | null, string]>([
    ['New', null, 'pipeline'],
    ['Qualified', null, 'pipeline'],
    ['Proposal', null, 'best_case'],
    ['Negotiation', null, 'commit'],
    ['Closed-Win', null, 'closed'],
    ['Closed-Lost', null, 'omitted'],
    ['New', 'commit', 'commit'],
    ['Negotiation', 'pipeline', 'pipeline'],
    ['Proposal', 'nonsense', 'best_case'],
    // A won or lost deal counts by its outcome whatever category the rep left on it.
    ['Closed-Win', 'pipeline', 'closed'],
    ['Closed-Lost', 'commit', 'omitted'],
  ])('%s with category %s counts as %s', (stage, category, group) => {
    expect(forecastGroup(stage, OUTCOME_OF_STAGE[stage], category)).toBe(group);
  });

  it('the SQL names the same default for every stage', () => {
    const sql = forecastGroupSql();
    for (const stage of STAGES) expect(sql).toContain(`'${stage}'`);
    expect(sql).toContain("WHEN 'Negotiation' THEN 'commit'");
  });
});

describe('quarters and weeks', () => {
  it.each([
    ['current', '2026-10-01', '2026-12-31', '2026-Q4'],
    ['next', '2027-01-01', '2027-03-31', '2027-Q1'],
  ] as const)('%s quarter of 24 Nov 2026', (key, start, end, label) => {
    expect(quarterFor(key, NOW)).toEqual({ start, end, label });
  });

  it('the next quarter of a February is April–June', () => {
    expect(quarterFor('next', new Date('2027-02-28T23:59:59Z'))).toEqual({
      start: '2027-04-01',
      end: '2027-06-30',
      label: '2027-Q2',
    });
  });

  it.each([
    ['2026-11-24', '2026-11-23'],
    ['2026-11-23', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2027-01-01', '2026-12-28'],
  ])('the week of %s starts on Monday %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });

  it('13 weeks end with this one, oldest first', () => {
    const weeks = lastWeeks(13, NOW);
    expect(weeks).toHaveLength(13);
    expect(weeks[12]).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-08-31');
  });
});

describe('forecast figures', () => {
  const quarter = quarterFor('current', NOW);
  const row = (stage: Stage, amount: number, closing: string | null, category: string | null = null): ForecastRow => ({
    stage,
    outcome: OUTCOME_OF_STAGE[stage],
    forecast_category: category,
    amount,
    closing_date: closing,
  });

  it('weighted amount is amount × stage probability', () => {
    expect(weightedAmount(1000, 'Proposal', DEFAULT_STAGE_PROBABILITIES)).toBe(500);
    expect(weightedAmount(null, 'Proposal', DEFAULT_STAGE_PROBABILITIES)).toBe(0);
    expect(weightedAmount(1000, 'New', { ...DEFAULT_STAGE_PROBABILITIES, New: 5 })).toBe(50);
  });

  it.each([
    [100, 30, 50, 20],
    [100, 60, 50, 0],
    [0, 10, 0, 0],
  ])('gap to a quota of %i with %i won and %i commit is %i', (quota, won, commit, gap) => {
    expect(gapToQuota(quota, won, commit)).toBe(gap);
  });

  it('sums each category over the quarter, won only up to today', () => {
    const rows = [
      row('Closed-Win', 100, '2026-10-15'),
      row('Closed-Win', 1000, '2026-12-01'), // won with a date ahead: not closed yet
      row('Closed-Win', 5000, '2026-09-30'), // previous quarter
      row('Negotiation', 200, '2026-11-30'),
      row('New', 300, '2026-12-31', 'commit'),
      row('Proposal', 400, '2026-10-01'),
      row('Qualified', 500, '2026-11-01'),
      row('Closed-Lost', 600, '2026-11-01'),
      row('New', 700, null),
      row('Negotiation', 800, '2027-01-01'),
    ];
    expect(forecastFigures(rows, quarter, 2000, DEFAULT_STAGE_PROBABILITIES, NOW)).toEqual({
      won: 100,
      commit: 500,
      bestCase: 400,
      pipeline: 500,
      weighted: 200 * 0.75 + 300 * 0.1 + 400 * 0.5 + 500 * 0.25,
      quota: 2000,
      gap: 1400,
    });
  });
});

describe('changes since the snapshot', () => {
  const q4 = '2026-10-01';
  const q1 = '2027-01-01';
  it.each([
    [null, { group: 'commit', amount: 1, quarter: q4 }, 'added'],
    [null, { group: 'omitted', amount: 1, quarter: q4 }, null],
    [{ group: 'commit', amount: 1, quarter: q4 }, { group: 'closed', amount: 1, quarter: q4 }, 'won'],
    [{ group: 'pipeline', amount: 1, quarter: q4 }, { group: 'omitted', amount: 1, quarter: q4 }, 'lost'],
    [{ group: 'commit', amount: 1, quarter: q4 }, { group: 'commit', amount: 1, quarter: q1 }, 'slipped'],
    [{ group: 'commit', amount: 1, quarter: q4 }, { group: 'commit', amount: 1, quarter: null }, 'slipped'],
    [{ group: 'commit', amount: 1, quarter: q1 }, { group: 'commit', amount: 1, quarter: q4 }, 'pulled_in'],
    [{ group: 'pipeline', amount: 1, quarter: q4 }, { group: 'commit', amount: 1, quarter: q4 }, 'moved'],
    [{ group: 'commit', amount: 1, quarter: q4 }, { group: 'commit', amount: 2, quarter: q4 }, 'amount'],
    [{ group: 'commit', amount: 1, quarter: q4 }, { group: 'commit', amount: 1, quarter: q4 }, null],
    [{ group: 'commit', amount: 1, quarter: q4 }, null, 'removed'],
  ] as const)('%j → %j is %s', (before, after, kind) => {
    expect(forecastChange(before, after)).toBe(kind);
  });
});
