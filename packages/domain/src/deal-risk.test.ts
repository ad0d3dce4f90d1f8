import { describe, expect, it } from 'vitest';
import { readCallAnalysis, type CallReading } from './stored-call-evidence.ts';
import { DEFAULT_RISK_THRESHOLDS, dealRisks, type RiskDeal } from './deal-risk.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const healthy: RiskDeal = {
  outcome: 'open',
  stage: 'Proposal',
  last_activity_at: daysAgo(2),
  stage_changed_at: daysAgo(5),
  next_meeting_date: new Date(NOW.getTime() + 86_400_000).toISOString(),
  closing_date: '2026-12-15',
};

const call = (lines: string[], result: object = {}, id = 'a1'): CallReading =>
  readCallAnalysis({ id, opportunityId: 7, createdAt: daysAgo(1), result, transcriptLines: lines });

const goodCall = call([
  'Alex: Thanks for joining, we support SSO.',
  'Dana: Our budget is about 40k this year.',
  'Lee: The CFO signs off on anything above 20k.',
  'Alex: I will send the proposal.',
]);

const codes = (deal: RiskDeal, calls: CallReading[] = [], thresholds = DEFAULT_RISK_THRESHOLDS) =>
  dealRisks(deal, calls, thresholds, NOW).map((w) => w.code);

describe('deal risk rules', () => {
  it('a recent, scheduled, qualified deal has no warning', () => {
    expect(codes(healthy, [goodCall])).toEqual([]);
  });

  it.each<[string, Partial<RiskDeal>, string[]]>([
    ['no activity for 14 days', { last_activity_at: daysAgo(14) }, ['no_activity']],
    ['activity 13 days ago', { last_activity_at: daysAgo(13) }, []],
    ['no next meeting', { next_meeting_date: null }, ['no_next_meeting']],
    ['next meeting past', { next_meeting_date: daysAgo(3) }, ['meeting_past']],
    ['close date passed', { closing_date: '2026-11-23' }, ['close_date_passed']],
    ['close date today', { closing_date: '2026-11-24' }, []],
    ['30 days in a stage', { stage_changed_at: daysAgo(30) }, ['stuck_in_stage']],
    ['won deal', { outcome: 'won', stage: 'Closed-Win', next_meeting_date: null }, []],
    ['lost deal', { outcome: 'lost', stage: 'Closed-Lost', last_activity_at: daysAgo(90) }, []],
  ])('%s', (_name, change, expected) => {
    expect(codes({ ...healthy, ...change }, [goodCall])).toEqual(expected);
  });

  it('thresholds are settings', () => {
    const deal = { ...healthy, last_activity_at: daysAgo(8), stage_changed_at: daysAgo(8) };
    expect(codes(deal, [goodCall], { ...DEFAULT_RISK_THRESHOLDS, noActivityDays: 7, stuckInStageDays: 7 })).toEqual([
      'no_activity',
      'stuck_in_stage',
    ]);
    expect(codes(deal, [goodCall], { ...DEFAULT_RISK_THRESHOLDS, noActivityDays: 9, stuckInStageDays: 9 })).toEqual([]);
  });

  it('each warning carries its evidence', () => {
    const [idle, stuck] = dealRisks(
      { ...healthy, last_activity_at: daysAgo(20), stage_changed_at: daysAgo(40) },
      [],
      DEFAULT_RISK_THRESHOLDS,
      NOW,
    );
    expect(idle).toEqual({ code: 'no_activity', evidence: { date: daysAgo(20), days: 20 } });
    expect(stuck).toEqual({ code: 'stuck_in_stage', evidence: { date: daysAgo(40), days: 40, stage: 'Proposal' } });
  });

  it('call rules stay silent without an analysed call', () => {
    expect(codes(healthy, [])).toEqual([]);
  });

  it('one prospect voice is single-threaded, citing where they speak', () => {
    const single = call(['Alex: We support SSO.', 'Dana: Our budget is 40k, the CFO decides.']);
    const warnings = dealRisks(healthy, [single], DEFAULT_RISK_THRESHOLDS, NOW);
    expect(warnings.map((w) => w.code)).toEqual(['single_threaded']);
    expect(warnings[0]!.evidence.lines).toEqual([
      { analysisId: 'a1', opportunityId: 7, line: 2, text: 'Dana: Our budget is 40k, the CFO decides.' },
    ]);
  });

  it('no decision maker and no budget across every call read', () => {
    const vague = call(['Alex: We support SSO.', 'Dana: Nice.', 'Lee: Sounds good.']);
    expect(codes(healthy, [vague])).toEqual(['no_decision_maker', 'budget_not_discussed']);
    // Another call that names them clears both.
    expect(codes(healthy, [vague, goodCall])).toEqual([]);
  });

  it('a competitor named is cited, in English and French', () => {
    const rival = call(['Alex: Hello.', 'Dana: We are also evaluating Gong; budget is 30k.', 'Lee: Le DAF décide.'], {}, 'en');
    const concurrent = call(
      ['Alex: Bonjour.', 'Dana: Nous regardons aussi un concurrent, budget 30 k€.', 'Lee: Le DAF valide.'],
      {},
      'fr',
    );
    for (const reading of [rival, concurrent]) {
      const warnings = dealRisks(healthy, [reading], DEFAULT_RISK_THRESHOLDS, NOW);
      expect(warnings.map((w) => w.code)).toEqual(['competitor_mentioned']);
      expect(warnings[0]!.evidence.lines?.[0]?.line).toBe(2);
    }
  });
});
