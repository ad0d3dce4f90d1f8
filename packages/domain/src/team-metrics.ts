import type { Outcome } from './pipeline-model.ts';

/**
 * Every figure of the workspaces, defined once (docs/metrics.md gives each formula). The server
 * computes them in SQL from the stored outcome (open / won / lost) and its summaries; these
 * functions state the same rules for one group of opportunities, for the tests that recompute the
 * API's numbers from the rows, the benchmark's client-side baseline and the web app.
 */

export const DEFAULT_QUARTERLY_QUOTA = 250_000;
export const MAX_QUARTERLY_QUOTA = 1_000_000_000;
export const DEFAULT_SALES_CYCLE_DAYS = 45;
export const WIN_RATE_WEIGHTS = { technical: 0.4, commercial: 0.6 } as const;
export const REPRESENTATIVE_LOCATION = 'Remote';
export const RECENT_OPPORTUNITIES = 3;
export const RECENT_ACTIVITIES = 4;
/** How many representatives the team dashboard's chart and table show; the full list is paged. */
export const TEAM_DASHBOARD_TOP = 10;

/** Strings compared by code point, as SQL's `COLLATE "C"` does. */
const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The team dashboard's order: total sales, most first; ties by name, then id, by code point (the
 * SQL's `COLLATE "C"`), the Unassigned group (no id) after a representative of the same name.
 */
export function bySalesRank(
  a: { totalSales: number; full_name: string; id: string | null },
  b: { totalSales: number; full_name: string; id: string | null },
): number {
  if (a.totalSales !== b.totalSales) return b.totalSales - a.totalSales;
  return byCodePoint(a.full_name, b.full_name) || (a.id === null ? 1 : b.id === null ? -1 : byCodePoint(a.id, b.id));
}

/**
 * The dashboard's leader on a score: the representative with the highest average; ties go to the
 * one with more total sales, then to the id first by code point — an order the database keeps in
 * an index, so the leader is found without reading every representative tied at the best.
 */
export function byLeaderRank(
  a: { average: number; totalSales: number; id: string },
  b: { average: number; totalSales: number; id: string },
): number {
  return b.average - a.average || b.totalSales - a.totalSales || byCodePoint(a.id, b.id);
}

export const REPRESENTATIVE_SORT_FIELDS = ['full_name', 'email', 'totalSales', 'totalDeals', 'conversionRate'] as const;
export type RepresentativeSortField = (typeof REPRESENTATIVE_SORT_FIELDS)[number];
// Written out (not mapped) so bundlers can drop the schema, and zod, from pages that do not use it.
export const REPRESENTATIVE_SORTS = [
  'full_name',
  'email',
  'totalSales',
  'totalDeals',
  'conversionRate',
  '-full_name',
  '-email',
  '-totalSales',
  '-totalDeals',
  '-conversionRate',
] as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Closed-won ÷ (closed-won + closed-lost), rounded percent; null without a closed deal. */
export function winRateFromCounts(won: number, lost: number): number | null {
  return won + lost === 0 ? null : Math.round((100 * won) / (won + lost));
}

/** The spec's fallback: (0.4 × technical + 0.6 × commercial averages) × 10, clamped 0–100. */
export function fallbackWinRate(technicalAverage: number | null, commercialAverage: number | null): number | null {
  if (technicalAverage === null && commercialAverage === null) return null;
  const combined = WIN_RATE_WEIGHTS.technical * (technicalAverage ?? 0) + WIN_RATE_WEIGHTS.commercial * (commercialAverage ?? 0);
  return Math.round(clamp(combined * 10, 0, 100));
}

/**
 * Won deals ÷ all the representative's deals, rounded percent (0 without any): how many of the
 * deals they took on became sales. Lead statuses are temperatures, not outcomes, so they take no part.
 */
export function conversionRate(won: number, deals: number): number {
  return deals === 0 ? 0 : Math.round((100 * won) / deals);
}

/** Average amount over all deals, rounded to the dollar (0 without any). */
export function averageDealSize(totalAmount: number, deals: number): number {
  return deals === 0 ? 0 : Math.round(totalAmount / deals);
}

/**
 * Whether a won deal counts toward this quarter's quota: its closing date lies in the current
 * quarter (UTC) and not after today — a deal marked won with a date ahead has not closed yet.
 */
export function countsTowardQuota(closingDate: string | null, now = new Date()): boolean {
  if (!closingDate) return false;
  const today = now.toISOString().slice(0, 10);
  return closingDate >= quarterStart(now) && closingDate <= today;
}

/** A meeting is upcoming only on an open deal: a won or lost deal has none ahead. */
export function isUpcomingMeeting(outcome: Outcome, meeting: string | Date | null, now = new Date()): boolean {
  return outcome === 'open' && meeting !== null && new Date(meeting).getTime() > now.getTime();
}

/** Won amount that counts toward the quarter ÷ quarterly quota, rounded percent. */
export function quotaAttainment(wonThisQuarter: number, quarterlyQuota: number): number {
  return quarterlyQuota <= 0 ? 0 : Math.round((100 * wonThisQuarter) / quarterlyQuota);
}

/** Rounds halves away from zero, as SQL's round() does: -35.5 is -36, not Math.round's -35. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * Average days from record date to closing date over closed deals; 45 when there is none. A closing
 * date typed before the record date counts as written (negative days), so the average can be too.
 */
export function salesCycleDays(daysSum: number, closedWithDates: number): number {
  return closedWithDates === 0 ? DEFAULT_SALES_CYCLE_DAYS : roundHalfAway(daysSum / closedWithDates);
}

/** Whole days from the record date (UTC calendar day) to the closing date. */
export function cycleDays(recordDate: string | Date, closingDate: string): number {
  const start = new Date(recordDate);
  const startDay = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  return Math.round((Date.parse(`${closingDate}T00:00:00Z`) - startDay) / 86_400_000);
}

/** First day (UTC, yyyy-mm-dd) of the quarter holding the date. */
export function quarterStart(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  const month = Math.floor(d.getUTCMonth() / 3) * 3;
  return new Date(Date.UTC(d.getUTCFullYear(), month, 1)).toISOString().slice(0, 10);
}

export interface TeamRowInput {
  outcome: Outcome;
  amount: number | null;
  lead_status: string | null;
  technical_scoring: number | null;
  commercial_scoring: number | null;
  record_date: string | Date;
  closing_date: string | null;
}

export interface GroupFigures {
  totalDeals: number;
  totalSales: number;
  /** Won revenue: the amounts of the won deals, whatever their closing date. */
  wonAmount: number;
  conversionRate: number;
  techScore: number | null;
  commScore: number | null;
  winRate: number | null;
  won: number;
  lost: number;
  avgDealSize: number;
  salesCycle: number;
  wonThisQuarter: number;
}

/** Every figure of one representative's opportunities, grouped in memory. */
export function groupFigures(rows: readonly TeamRowInput[], now = new Date()): GroupFigures {
  let totalSales = 0;
  let won = 0;
  let lost = 0;
  let tech = 0;
  let techN = 0;
  let comm = 0;
  let commN = 0;
  let cycle = 0;
  let cycleN = 0;
  let wonThisQuarter = 0;
  let wonAmount = 0;
  for (const row of rows) {
    totalSales += row.amount ?? 0;
    if (row.outcome === 'won') {
      won++;
      wonAmount += row.amount ?? 0;
    }
    if (row.outcome === 'lost') lost++;
    if (row.technical_scoring !== null) {
      tech += row.technical_scoring;
      techN++;
    }
    if (row.commercial_scoring !== null) {
      comm += row.commercial_scoring;
      commN++;
    }
    if (row.outcome !== 'open' && row.closing_date) {
      cycle += cycleDays(row.record_date, row.closing_date);
      cycleN++;
    }
    if (row.outcome === 'won' && countsTowardQuota(row.closing_date, now)) {
      wonThisQuarter += row.amount ?? 0;
    }
  }
  const techAvg = techN ? tech / techN : null;
  const commAvg = commN ? comm / commN : null;
  return {
    totalDeals: rows.length,
    totalSales,
    wonAmount,
    conversionRate: conversionRate(won, rows.length),
    techScore: techAvg === null ? null : round1(techAvg),
    commScore: commAvg === null ? null : round1(commAvg),
    winRate: winRateFromCounts(won, lost) ?? fallbackWinRate(techAvg, commAvg),
    won,
    lost,
    avgDealSize: averageDealSize(totalSales, rows.length),
    salesCycle: salesCycleDays(cycle, cycleN),
    wonThisQuarter,
  };
}

/** A quota typed by a person ("300,000", "$ 300000") as whole dollars, or null when it is not valid. */
export function parseQuotaInput(text: string): number | null {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value >= 1 && value <= MAX_QUARTERLY_QUOTA ? value : null;
}
