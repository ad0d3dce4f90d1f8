import { STAGES, type Outcome, type Stage } from './pipeline-model.ts';
import { quarterStart } from './team-metrics.ts';

/**
 * The forecast (docs/decisions/020-forecast-risks-trends.md): each opportunity sits in one forecast
 * category. A representative may set it on an open deal; otherwise it follows the stage. Won deals
 * are "closed", lost deals are out of the forecast. Figures are per quarter of the closing date.
 */

/** What a representative can call an open deal. */
export const FORECAST_CATEGORIES = ['pipeline', 'best_case', 'commit'] as const;
export type ForecastCategory = (typeof FORECAST_CATEGORIES)[number];

/** Where a deal counts: its category when open, closed when won, omitted when lost. */
export const FORECAST_GROUPS = [...FORECAST_CATEGORIES, 'closed', 'omitted'] as const;
export type ForecastGroup = (typeof FORECAST_GROUPS)[number];

/** The category an open deal has until its representative says otherwise. */
export const DEFAULT_CATEGORY_OF_STAGE: Readonly<Record<Stage, ForecastGroup>> = {
  New: 'pipeline',
  Qualified: 'pipeline',
  Proposal: 'best_case',
  Negotiation: 'commit',
  'Closed-Win': 'closed',
  'Closed-Lost': 'omitted',
};

export const isForecastCategory = (value: string): value is ForecastCategory =>
  (FORECAST_CATEGORIES as readonly string[]).includes(value);

/** The group a deal counts in: the outcome decides for closed deals, then the rep's call, then the stage. */
export function forecastGroup(stage: Stage, outcome: Outcome, category: string | null): ForecastGroup {
  if (outcome === 'won') return 'closed';
  if (outcome === 'lost') return 'omitted';
  return category && isForecastCategory(category) ? category : DEFAULT_CATEGORY_OF_STAGE[stage];
}

/** The same rule as SQL over the row's columns (the database's generated column). */
export function forecastGroupSql(stage = 'stage', category = 'forecast_category'): string {
  const byStage = STAGES.map((s) => `WHEN '${s}' THEN '${DEFAULT_CATEGORY_OF_STAGE[s]}'`).join(' ');
  return `CASE WHEN ${stage} = 'Closed-Win' THEN 'closed' WHEN ${stage} = 'Closed-Lost' THEN 'omitted' WHEN ${category} IN (${FORECAST_CATEGORIES.map((c) => `'${c}'`).join(', ')}) THEN ${category} ELSE CASE ${stage} ${byStage} END END`;
}

/** Chance, 0–100, that an open deal in each stage is won: a manager can change them. */
export type StageProbabilities = Readonly<Record<Stage, number>>;

export const DEFAULT_STAGE_PROBABILITIES: StageProbabilities = {
  New: 10,
  Qualified: 25,
  Proposal: 50,
  Negotiation: 75,
  'Closed-Win': 100,
  'Closed-Lost': 0,
};

/** Weighted amount of one deal: amount × the probability of its stage. */
export function weightedAmount(amount: number | null, stage: Stage, probabilities: StageProbabilities): number {
  return ((amount ?? 0) * (probabilities[stage] ?? 0)) / 100;
}

export type QuarterKey = 'current' | 'next';

export interface Quarter {
  /** First day, yyyy-mm-dd (UTC). */
  start: string;
  /** Last day, yyyy-mm-dd (UTC). */
  end: string;
  /** "2026-Q4". */
  label: string;
}

function quarterOf(start: string): Quarter {
  const [year, month] = start.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month - 1 + 3, 1));
  const end = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  return { start, end, label: `${year}-Q${Math.floor((month - 1) / 3) + 1}` };
}

/** The quarter holding today (UTC) or the one after it. */
export function quarterFor(key: QuarterKey, now = new Date()): Quarter {
  const current = quarterOf(quarterStart(now));
  if (key === 'current') return current;
  const after = new Date(Date.parse(`${current.end}T00:00:00Z`) + 86_400_000);
  return quarterOf(after.toISOString().slice(0, 10));
}

/** Monday (UTC) of the week holding the date: weekly snapshots and trend points start there. */
export function weekStart(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The Mondays of the last `count` weeks, oldest first, ending with this week's. */
export function lastWeeks(count: number, now = new Date()): string[] {
  const thisWeek = Date.parse(`${weekStart(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(thisWeek - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** A deal as the forecast reads it. */
export interface ForecastRow {
  stage: Stage;
  outcome: Outcome;
  forecast_category: string | null;
  amount: number | null;
  closing_date: string | null;
}

export interface ForecastFigures {
  /** Won deals closing in the quarter, up to today (as quota attainment counts them). */
  won: number;
  commit: number;
  bestCase: number;
  pipeline: number;
  /** Σ amount × stage probability over the quarter's open deals. */
  weighted: number;
  quota: number;
  /** What is missing even if every commit deal closes: quota − won − commit, never below 0. */
  gap: number;
}

/** Quota minus won and committed amounts, 0 once they cover it. */
export function gapToQuota(quota: number, won: number, commit: number): number {
  return Math.max(0, quota - won - commit);
}

/** One group's figures for a quarter, recomputed from its rows: the rule the SQL must match. */
export function forecastFigures(
  rows: readonly ForecastRow[],
  quarter: Quarter,
  quota: number,
  probabilities: StageProbabilities,
  now = new Date(),
): ForecastFigures {
  const today = now.toISOString().slice(0, 10);
  const figures = { won: 0, commit: 0, bestCase: 0, pipeline: 0, weighted: 0 };
  for (const row of rows) {
    if (!row.closing_date || row.closing_date < quarter.start || row.closing_date > quarter.end) continue;
    const amount = row.amount ?? 0;
    const group = forecastGroup(row.stage, row.outcome, row.forecast_category);
    if (group === 'closed') {
      if (row.closing_date <= today) figures.won += amount;
      continue;
    }
    if (group === 'omitted') continue;
    figures.weighted += weightedAmount(amount, row.stage, probabilities);
    if (group === 'commit') figures.commit += amount;
    else if (group === 'best_case') figures.bestCase += amount;
    else figures.pipeline += amount;
  }
  return { ...figures, quota, gap: gapToQuota(quota, figures.won, figures.commit) };
}

/** How a deal moved between two weekly snapshots (null: nothing the forecast shows). */
export type ForecastChangeKind = 'added' | 'won' | 'lost' | 'slipped' | 'pulled_in' | 'moved' | 'amount' | 'removed';

export interface ForecastSnapshotRow {
  group: ForecastGroup;
  amount: number | null;
  /** First day of the closing date's quarter, or null without a closing date. */
  quarter: string | null;
}

/**
 * What happened to one deal since the snapshot: it is new, was won or lost, slipped to a later
 * quarter (or was pulled into an earlier one), moved category, changed amount, or left the forecast.
 * The first that applies, in that order.
 */
export function forecastChange(before: ForecastSnapshotRow | null, after: ForecastSnapshotRow | null): ForecastChangeKind | null {
  if (!before && !after) return null;
  if (!before) return after!.group === 'omitted' ? null : 'added';
  if (!after) return 'removed';
  if (before.group !== 'closed' && after.group === 'closed') return 'won';
  if (before.group !== 'omitted' && after.group === 'omitted') return 'lost';
  if (before.quarter && after.quarter && after.quarter > before.quarter) return 'slipped';
  if (before.quarter && !after.quarter) return 'slipped';
  if (before.quarter && after.quarter && after.quarter < before.quarter) return 'pulled_in';
  if (before.group !== after.group) return 'moved';
  if ((before.amount ?? 0) !== (after.amount ?? 0)) return 'amount';
  return null;
}
