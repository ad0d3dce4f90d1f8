import { describe, expect, it } from 'vitest';
import {
  committeeChange,
  isCommitteeHistoryValue,
  lacksEconomicBuyer,
  orderedRoles,
  silentChampions,
  type RiskCommittee,
} from './committee.ts';
import { DEFAULT_RISK_THRESHOLDS, dealRisks, type RiskDeal } from './deal-risk.ts';
import { committeeRolesSchema, committeeAddSchema, contactCreateSchema, contactPatchSchema } from './schemas/contacts.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const deal: RiskDeal = {
  outcome: 'open',
  stage: 'Proposal',
  last_activity_at: daysAgo(1),
  stage_changed_at: daysAgo(1),
  next_meeting_date: daysAgo(-2),
  closing_date: '2026-12-31',
};

const priya = { id: 1, full_name: 'Priya Sharma' };
const tom = { id: 2, full_name: 'Tom Becker' };
const call = (id: string, days: number, contactIds: number[]) => ({ analysisId: id, createdAt: daysAgo(days), contactIds });

describe('roles and the history of a committee', () => {
  it('orders roles as BUYING_ROLES and keeps each once', () => {
    expect(orderedRoles(['champion', 'economic_buyer', 'champion', 'nonsense'])).toEqual(['economic_buyer', 'champion']);
  });

  it('records added, changed and removed members, and nothing for the same roles in another order', () => {
    expect(committeeChange(priya, null, ['champion'])).toEqual({
      before: null,
      after: { contact_id: 1, full_name: 'Priya Sharma', roles: ['champion'] },
    });
    expect(committeeChange(priya, ['champion'], ['economic_buyer', 'champion'])?.after?.roles).toEqual([
      'economic_buyer',
      'champion',
    ]);
    expect(committeeChange(priya, ['champion'], null)).toEqual({
      before: { contact_id: 1, full_name: 'Priya Sharma', roles: ['champion'] },
      after: null,
    });
    expect(committeeChange(priya, ['user', 'champion'], ['champion', 'user'])).toBeNull();
    expect(isCommitteeHistoryValue(committeeChange(priya, null, [])!.after)).toBe(true);
    expect(isCommitteeHistoryValue('Priya')).toBe(false);
  });

  it('reads roles from a person as a set, and refuses an unknown role', () => {
    expect(committeeRolesSchema.parse({ roles: ['blocker', 'user', 'blocker'] }).roles).toEqual(['user', 'blocker']);
    expect(committeeRolesSchema.safeParse({ roles: ['cfo'] }).success).toBe(false);
  });

  it('adds either an existing contact or a new one, never both nor neither', () => {
    expect(committeeAddSchema.safeParse({ contact_id: 3, roles: [] }).success).toBe(true);
    expect(committeeAddSchema.safeParse({ contact: { full_name: 'Ana' } }).success).toBe(true);
    expect(committeeAddSchema.safeParse({ contact_id: 3, contact: { full_name: 'Ana' } }).success).toBe(false);
    expect(committeeAddSchema.safeParse({ roles: ['champion'] }).success).toBe(false);
  });

  it('stores an e-mail in lower case, empty texts as none, and checks the time zone', () => {
    expect(contactCreateSchema.parse({ full_name: ' Priya ', email: ' Priya@Acme.COM ', phone: '' })).toEqual({
      full_name: 'Priya',
      email: 'priya@acme.com',
      phone: null,
    });
    expect(contactCreateSchema.safeParse({ full_name: 'Priya', email: 'not an address' }).success).toBe(false);
    expect(contactCreateSchema.safeParse({ full_name: 'Priya', time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(contactCreateSchema.safeParse({ full_name: 'Priya\u0000' }).success).toBe(false);
    expect(contactPatchSchema.safeParse({}).success).toBe(false);
  });
});

describe('committee risks', () => {
  const none: RiskCommittee = { economicBuyers: [], champions: [], calls: [] };

  it('expects an economic buyer from the proposal on, on open deals only', () => {
    expect(lacksEconomicBuyer({ outcome: 'open', stage: 'New' }, none)).toBe(false);
    expect(lacksEconomicBuyer({ outcome: 'open', stage: 'Qualified' }, none)).toBe(false);
    expect(lacksEconomicBuyer({ outcome: 'open', stage: 'Proposal' }, none)).toBe(true);
    expect(lacksEconomicBuyer({ outcome: 'open', stage: 'Negotiation' }, none)).toBe(true);
    expect(lacksEconomicBuyer({ outcome: 'won', stage: 'Closed-Win' }, none)).toBe(false);
    expect(lacksEconomicBuyer({ outcome: 'open', stage: 'Proposal' }, { ...none, economicBuyers: [priya] })).toBe(false);
  });

  it('a champion is silent when absent from each of the last N calls with recorded speakers', () => {
    const committee: RiskCommittee = {
      economicBuyers: [tom],
      champions: [priya],
      calls: [call('old', 9, [1]), call('b', 2, [2]), call('a', 1, [])],
    };
    expect(silentChampions(committee, 2)).toEqual({ champions: [priya], calls: [call('a', 1, []), call('b', 2, [2])] });
    // Three calls back she spoke.
    expect(silentChampions(committee, 3)).toBeNull();
    // Too few calls to say.
    expect(silentChampions({ ...committee, calls: [call('a', 1, [])] }, 2)).toBeNull();
    expect(silentChampions({ ...committee, champions: [] }, 2)).toBeNull();
  });

  it('dealRisks gives both warnings with their evidence, and N is a setting', () => {
    const committee: RiskCommittee = { economicBuyers: [], champions: [priya], calls: [call('a', 1, [2]), call('b', 3, [2])] };
    const warnings = dealRisks(deal, [], DEFAULT_RISK_THRESHOLDS, NOW, committee);
    expect(warnings.find((w) => w.code === 'no_economic_buyer')?.evidence).toEqual({ stage: 'Proposal' });
    expect(warnings.find((w) => w.code === 'champion_silent')?.evidence).toEqual({
      callsRead: 2,
      contacts: [priya],
      calls: [
        { analysisId: 'a', createdAt: daysAgo(1) },
        { analysisId: 'b', createdAt: daysAgo(3) },
      ],
    });
    const three = dealRisks(deal, [], { ...DEFAULT_RISK_THRESHOLDS, championSilentCalls: 3 }, NOW, committee);
    expect(three.map((w) => w.code)).toEqual(['no_economic_buyer']);
    // Without the committee (older callers), neither rule runs.
    expect(dealRisks(deal, [], DEFAULT_RISK_THRESHOLDS, NOW).map((w) => w.code)).toEqual([]);
  });
});
