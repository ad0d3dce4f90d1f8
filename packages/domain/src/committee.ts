import { BUYING_ROLES, type BuyingRole } from './accounts.ts';
import type { Stage } from './pipeline-model.ts';

/**
 * A deal's buying committee: its contacts and their buying roles (issue 36). The rules here are
 * the ones both the server and the pages read: how a change is written in the deal's history, which
 * stages expect an economic buyer, and the two committee risks (deal-risk.ts applies them).
 */

/** A member as the history records them: who, and their roles (none: not on the committee). */
export interface CommitteeHistoryValue {
  contact_id: number;
  full_name: string;
  roles: BuyingRole[];
}

/** Roles in one order, each once: two lists with the same roles compare equal. */
export function orderedRoles(roles: readonly string[]): BuyingRole[] {
  return BUYING_ROLES.filter((role) => roles.includes(role));
}

/**
 * The history row of one member's change (field `committee`): before and after are the member with
 * their roles, null when they were not on the committee (added) or are no longer (removed). No
 * change (same roles) is null: nothing is recorded.
 */
export function committeeChange(
  contact: { id: number; full_name: string },
  before: readonly string[] | null,
  after: readonly string[] | null,
): { before: CommitteeHistoryValue | null; after: CommitteeHistoryValue | null } | null {
  const from = before === null ? null : orderedRoles(before);
  const to = after === null ? null : orderedRoles(after);
  if (from !== null && to !== null && from.join(',') === to.join(',')) return null;
  const value = (roles: BuyingRole[] | null) =>
    roles === null ? null : { contact_id: contact.id, full_name: contact.full_name, roles };
  return { before: value(from), after: value(to) };
}

/** Whether a recorded value is a committee member (the history's before/after of field `committee`). */
export function isCommitteeHistoryValue(value: unknown): value is CommitteeHistoryValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CommitteeHistoryValue).contact_id === 'number' &&
    typeof (value as CommitteeHistoryValue).full_name === 'string' &&
    Array.isArray((value as CommitteeHistoryValue).roles)
  );
}

/**
 * The stages from which an open deal is expected to know its economic buyer: past the early ones
 * (New, Qualified), a proposal goes to someone who signs. The SQL twin is lacksEconomicBuyerSql
 * (apps/server/src/modules/insights/committee-risks.ts, used by riskCandidates), which reads this list;
 * test/contacts.test.ts checks the risk list against a recomputation from the rows.
 */
export const ECONOMIC_BUYER_EXPECTED_STAGES: readonly Stage[] = ['Proposal', 'Negotiation'];

/** Default for the "champion went silent" rule: the champion spoke in none of the deal's last N calls. */
export const DEFAULT_CHAMPION_SILENT_CALLS = 2;

export interface CommitteeContactRef {
  id: number;
  full_name: string;
}

/** A deal's committee as the risk rules read it. */
export interface RiskCommittee {
  economicBuyers: CommitteeContactRef[];
  champions: CommitteeContactRef[];
  /**
   * The deal's analysed calls whose speakers were recorded (call_speakers), newest first, with the
   * contacts who spoke in each. A call whose speakers were never matched is not here: it cannot
   * tell whether a champion spoke.
   */
  calls: Array<{ analysisId: string; createdAt: string; contactIds: number[] }>;
}

/** Open, past an early stage, and nobody on the committee holds economic_buyer. */
export function lacksEconomicBuyer(deal: { outcome: string; stage: Stage }, committee: RiskCommittee): boolean {
  return deal.outcome === 'open' && ECONOMIC_BUYER_EXPECTED_STAGES.includes(deal.stage) && committee.economicBuyers.length === 0;
}

/**
 * The champions who spoke in none of the deal's last `n` calls with recorded speakers, and those
 * calls. Fewer than `n` such calls: too early to say (nobody is silent).
 */
export function silentChampions(
  committee: RiskCommittee,
  n: number,
): { champions: CommitteeContactRef[]; calls: RiskCommittee['calls'] } | null {
  if (!committee.champions.length) return null;
  const newestFirst = (a: { createdAt: string; analysisId: string }, b: { createdAt: string; analysisId: string }) =>
    Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.analysisId < b.analysisId ? 1 : a.analysisId > b.analysisId ? -1 : 0);
  const lastCalls = [...committee.calls].sort(newestFirst).slice(0, n);
  if (lastCalls.length < n) return null;
  const silent = committee.champions.filter((c) => lastCalls.every((call) => !call.contactIds.includes(c.id)));
  return silent.length ? { champions: silent, calls: lastCalls } : null;
}
