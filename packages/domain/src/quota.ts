import { gapToQuota } from './forecast.ts';
import { quotaAttainment } from './team-metrics.ts';

/**
 * A representative's number for the current quarter (docs/metrics.md, "Quota attainment" and "Gap
 * to quota"): what the manager's page about them and their own dashboard both show, from one SQL
 * read (apps/server/src/modules/team/queries.ts, quotaColumns) and this one rule, so the two pages
 * cannot disagree.
 */
export interface QuotaStanding {
  /** The representative's quarterly quota, or the team's default when none is set. */
  quarterlyQuota: number;
  quotaIsDefault: boolean;
  /** Won deals whose closing date is in the current quarter (UTC) and not after today. */
  wonThisQuarter: number;
  /** Open deals of the current quarter in the commit forecast category (as the forecast counts them). */
  commitThisQuarter: number;
  /** wonThisQuarter ÷ quarterlyQuota, rounded percent. */
  quotaAttainment: number;
  /** quota − won − commit, never below 0: the forecast's gap, for one representative. */
  gapToQuota: number;
}

/** The stored figures (quota null when the representative has none of their own). */
export interface QuotaInputs {
  quarterlyQuota: number | null;
  wonThisQuarter: number;
  commitThisQuarter: number;
}

export function quotaStanding(inputs: QuotaInputs, defaultQuota: number): QuotaStanding {
  const quarterlyQuota = inputs.quarterlyQuota ?? defaultQuota;
  return {
    quarterlyQuota,
    quotaIsDefault: inputs.quarterlyQuota === null,
    wonThisQuarter: inputs.wonThisQuarter,
    commitThisQuarter: inputs.commitThisQuarter,
    quotaAttainment: quotaAttainment(inputs.wonThisQuarter, quarterlyQuota),
    gapToQuota: gapToQuota(quarterlyQuota, inputs.wonThisQuarter, inputs.commitThisQuarter),
  };
}

/**
 * The team's gap read two ways: the team's own (its quota − its won − its commit, where one
 * representative's excess covers another's shortfall) and the sum of each representative's gap
 * (what the short ones are missing, whatever the others over-achieve).
 */
export function sumOfShortfalls(gaps: readonly number[]): number {
  return gaps.reduce((total, gap) => total + Math.max(0, gap), 0);
}
