import type { CallReading, CitedLine } from './stored-call-evidence.ts';
import type { Outcome, Stage } from './pipeline-model.ts';
import { overdue } from './deal-timing.ts';
import {
  DEFAULT_CHAMPION_SILENT_CALLS,
  lacksEconomicBuyer,
  silentChampions,
  type CommitteeContactRef,
  type RiskCommittee,
} from './committee.ts';

/**
 * Deal risk rules: each open deal gets every warning that applies, each with its reason (a code the
 * interface translates) and the evidence behind it — a date, a count, or the call lines cited.
 * Thresholds are team settings a manager can change.
 */

export const RISK_CODES = [
  'no_activity',
  'no_next_meeting',
  'meeting_past',
  'close_date_passed',
  'stuck_in_stage',
  'single_threaded',
  'no_decision_maker',
  'budget_not_discussed',
  'competitor_mentioned',
  'no_economic_buyer',
  'champion_silent',
] as const;
export type RiskCode = (typeof RISK_CODES)[number];

export interface RiskThresholds {
  /** Days without a change or an analysed call. */
  noActivityDays: number;
  /** Days in the same stage. */
  stuckInStageDays: number;
  /** "Champion went silent": the champion spoke in none of the deal's last this-many calls (default 2). */
  championSilentCalls?: number;
}

export const DEFAULT_RISK_THRESHOLDS: Required<RiskThresholds> = {
  noActivityDays: 14,
  stuckInStageDays: 30,
  championSilentCalls: DEFAULT_CHAMPION_SILENT_CALLS,
};

/** At most this many of a deal's latest analysed calls are read for the call-based rules. */
export const RISK_CALLS_READ = 5;

export interface RiskDeal {
  outcome: Outcome;
  stage: Stage;
  last_activity_at: string;
  stage_changed_at: string;
  next_meeting_date: string | null;
  closing_date: string | null;
}

export interface RiskEvidence {
  /** The date the rule read (last activity, meeting, closing date, stage entry). */
  date?: string;
  /** Whole days since that date (or since it passed). */
  days?: number;
  stage?: Stage;
  /** Calls read for a call-based rule. */
  callsRead?: number;
  /** Cited transcript lines. */
  lines?: CitedLine[];
  /** The contacts a committee rule is about (the silent champions). */
  contacts?: CommitteeContactRef[];
  /** The calls a committee rule read (the last N with recorded speakers), newest first. */
  calls?: Array<{ analysisId: string; createdAt: string }>;
}

export interface RiskWarning {
  code: RiskCode;
  evidence: RiskEvidence;
}

const DAY = 86_400_000;
const daysSince = (from: string, now: Date) => Math.floor((now.getTime() - new Date(from).getTime()) / DAY);

/**
 * Every warning for one deal. Closed deals carry none. The call-based rules apply only when at least
 * one call was analysed: without a call there is nothing to cite, and "no activity" already says so.
 * The committee rules (committee.ts) apply when the deal's committee is given: no economic buyer past
 * an early stage, and a champion silent in the last N calls whose speakers were recorded.
 */
export function dealRisks(
  deal: RiskDeal,
  calls: readonly CallReading[],
  thresholds: RiskThresholds,
  now = new Date(),
  committee?: RiskCommittee,
): RiskWarning[] {
  if (deal.outcome !== 'open') return [];
  const warnings: RiskWarning[] = [];
  const idle = daysSince(deal.last_activity_at, now);
  if (idle >= thresholds.noActivityDays) {
    warnings.push({ code: 'no_activity', evidence: { date: deal.last_activity_at, days: idle } });
  }
  // The dates the board cards and list rows mark as overdue, by the same rule (deal-timing.ts).
  const late = overdue(deal, now);
  if (!deal.next_meeting_date) warnings.push({ code: 'no_next_meeting', evidence: {} });
  else if (late.meeting) {
    warnings.push({
      code: 'meeting_past',
      evidence: { date: deal.next_meeting_date, days: daysSince(deal.next_meeting_date, now) },
    });
  }
  if (deal.closing_date && late.closing) {
    const today = now.toISOString().slice(0, 10);
    warnings.push({
      code: 'close_date_passed',
      evidence: { date: deal.closing_date, days: daysSince(`${deal.closing_date}T00:00:00Z`, new Date(`${today}T00:00:00Z`)) },
    });
  }
  const inStage = daysSince(deal.stage_changed_at, now);
  if (inStage >= thresholds.stuckInStageDays) {
    warnings.push({ code: 'stuck_in_stage', evidence: { date: deal.stage_changed_at, days: inStage, stage: deal.stage } });
  }
  if (committee) {
    if (lacksEconomicBuyer(deal, committee)) warnings.push({ code: 'no_economic_buyer', evidence: { stage: deal.stage } });
    const silent = silentChampions(committee, thresholds.championSilentCalls ?? DEFAULT_CHAMPION_SILENT_CALLS);
    if (silent) {
      warnings.push({
        code: 'champion_silent',
        evidence: {
          callsRead: silent.calls.length,
          contacts: silent.champions,
          calls: silent.calls.map(({ analysisId, createdAt }) => ({ analysisId, createdAt })),
        },
      });
    }
  }
  if (!calls.length) return warnings;

  const callsRead = calls.length;
  const prospects = new Map<string, CitedLine>();
  for (const call of calls) {
    for (const line of call.prospects) {
      const name = line.text.slice(0, line.text.indexOf(':')).trim().toLowerCase();
      if (!prospects.has(name)) prospects.set(name, line);
    }
  }
  // Speakers named: one prospect voice across every call is a single thread.
  if (prospects.size === 1) {
    warnings.push({ code: 'single_threaded', evidence: { callsRead, lines: [...prospects.values()] } });
  }
  if (!calls.some((c) => c.filled.economicBuyer || c.filled.decisionProcess)) {
    warnings.push({ code: 'no_decision_maker', evidence: { callsRead } });
  }
  if (!calls.some((c) => c.filled.budget)) {
    warnings.push({ code: 'budget_not_discussed', evidence: { callsRead } });
  }
  const rivals = calls.flatMap((c) => c.competitorLines).slice(0, 5);
  if (rivals.length) warnings.push({ code: 'competitor_mentioned', evidence: { callsRead, lines: rivals } });
  return warnings;
}
