import { describe, expect, it } from 'vitest';
import { citedLineNumbers, dropOutOfRangeCitations, mergeCallAnalyses } from './call-merge.ts';
import { QUALIFICATION_BOXES, type CallAnalysis } from './schemas/call-insights.ts';

const base = (over: Partial<CallAnalysis>): CallAnalysis => ({
  language: 'en',
  quick: false,
  technicalRequirements: [],
  commercialPoints: [],
  technicalScore: { score: 5, reasons: [] },
  commercialScore: { score: 5, reasons: [] },
  feedback: { technical: '', commercial: '' },
  nextSteps: [],
  suggestedLeadStatus: null,
  nextMeeting: null,
  ...over,
});

describe('mergeCallAnalyses', () => {
  it('keeps every point once, with the citations of both chunks when the overlap repeated it', () => {
    const a = base({
      technicalRequirements: [
        { question: 'Do you support SSO?', response: 'Yes, SAML.', lines: [3, 4] },
        { question: 'Where is data hosted?', response: 'EU.', lines: [9, 10] },
      ],
      commercialPoints: [{ text: 'Budget: 60k', lines: [8] }],
      feedback: { technical: 'Good answers.', commercial: 'Ask for budget.' },
      suggestedLeadStatus: { value: 'Warm', lines: [8] },
      nextMeeting: null,
    });
    const b = base({
      technicalRequirements: [
        { question: 'Where is data hosted ?', response: 'In the EU.', lines: [10, 11] },
        { question: 'How many users?', response: '8,000.', lines: [20, 21] },
      ],
      commercialPoints: [
        { text: 'budget: 60k', lines: [8] },
        { text: 'Timeline: end of March', lines: [15] },
      ],
      technicalScore: { score: 8, reasons: [{ text: 'Detailed', lines: [20] }] },
      feedback: { technical: 'Good answers.', commercial: 'Set a date.' },
      suggestedLeadStatus: { value: 'Hot', lines: [22] },
      nextMeeting: { date: '2026-03-05T15:00:00.000Z', lines: [23] },
    });
    const merged = mergeCallAnalyses([a, b]);
    expect(merged.technicalRequirements.map((r) => [r.question, r.lines])).toEqual([
      ['Do you support SSO?', [3, 4]],
      ['Where is data hosted?', [9, 10, 11]],
      ['How many users?', [20, 21]],
    ]);
    expect(merged.commercialPoints.map((p) => p.text)).toEqual(['Budget: 60k', 'Timeline: end of March']);
    expect(merged.feedback).toEqual({ technical: 'Good answers.', commercial: 'Ask for budget.\n\nSet a date.' });
    expect(merged.suggestedLeadStatus).toEqual({ value: 'Hot', lines: [22] });
    expect(merged.nextMeeting?.lines).toEqual([23]);
    // Weighted by evidence: 5 (1 weight) and 8 (2 weights).
    expect(merged.technicalScore.score).toBe(7);
    expect(merged.quick).toBe(false);
  });

  it('keeps a point two windows worded differently once, by the line they both cite, and merges the checklist box by box', () => {
    const box = (ticked: boolean, lines: number[] = [], text: string | null = null) => ({ ticked, text, lines });
    const boxes = (over: Partial<NonNullable<CallAnalysis['qualification']>>) =>
      Object.fromEntries(QUALIFICATION_BOXES.map((b) => [b, over[b] ?? box(false)])) as NonNullable<
        CallAnalysis['qualification']
      >;
    const a = base({
      technicalRequirements: [
        { question: 'Data must stay in Canada', response: 'Yes.', lines: [40] },
        { question: 'Nothing installed on the trading servers', response: 'Agentless.', lines: [40] },
      ],
      questions: [{ text: 'Can it run on-premises?', lines: [41], answer: null, answerLines: [] }],
      nextSteps: [{ text: 'Send the DPA by Friday', lines: [42] }],
      qualification: boxes({ budget: box(true, [12], 'About 80k') }),
    });
    const b = base({
      technicalRequirements: [
        { question: 'Customer data cannot leave Canada', response: 'Yes.', lines: [40] },
        { question: 'No agent on the trading servers', response: 'Agentless.', lines: [40] },
        { question: 'Outbound connections only', response: 'Yes.', lines: [50] },
      ],
      questions: [{ text: 'Could it run on premises?', lines: [41], answer: 'Yes, as a container.', answerLines: [43] }],
      nextSteps: [{ text: 'DPA sent before Friday', lines: [42, 44] }],
      qualification: boxes({ budget: box(true, [45], 'Budget confirmed'), champion: box(true, [47], 'Lea drives it') }),
    });
    const merged = mergeCallAnalyses([a, b]);
    expect(merged.technicalRequirements.map((r) => [r.question, r.lines])).toEqual([
      ['Data must stay in Canada', [40]],
      ['Nothing installed on the trading servers', [40]],
      ['Outbound connections only', [50]],
    ]);
    expect(merged.questions).toEqual([
      { text: 'Can it run on-premises?', lines: [41], answer: 'Yes, as a container.', answerLines: [43] },
    ]);
    expect(merged.nextSteps).toEqual([{ text: 'Send the DPA by Friday', lines: [42, 44] }]);
    expect(merged.qualification!.budget).toEqual({ ticked: true, text: 'About 80k', lines: [12, 45] });
    expect(merged.qualification!.champion).toEqual({ ticked: true, text: 'Lea drives it', lines: [47] });
    expect(merged.qualification!.timeline.ticked).toBe(false);
  });

  it('returns a single part unchanged and refuses nothing', () => {
    const a = base({});
    expect(mergeCallAnalyses([a])).toBe(a);
    expect(() => mergeCallAnalyses([])).toThrow();
  });
});

describe('dropOutOfRangeCitations', () => {
  it('drops citations outside the range and the points whose every citation was invented', () => {
    const analysis = base({
      technicalRequirements: [
        { question: 'Real?', response: 'Yes.', lines: [2, 99] },
        { question: 'Invented?', response: 'Yes.', lines: [120] },
        { question: 'Uncited?', response: 'Yes.', lines: [] },
      ],
      nextSteps: [{ text: 'Send docs', lines: [0, 5] }],
      nextMeeting: { date: '2026-03-05T15:00:00.000Z', lines: [50] },
    });
    const fixed = dropOutOfRangeCitations(analysis, 10);
    expect(fixed.technicalRequirements.map((r) => [r.question, r.lines])).toEqual([
      ['Real?', [2]],
      ['Uncited?', []],
    ]);
    expect(fixed.nextSteps[0]!.lines).toEqual([5]);
    expect(fixed.nextMeeting?.lines).toEqual([]);
    expect(dropOutOfRangeCitations(analysis, 10, 3).technicalRequirements.map((r) => r.question)).toEqual(['Uncited?']);
  });
});

describe('citedLineNumbers', () => {
  it('lists every line any part of the result cites, once, in order', () => {
    const result = base({
      technicalRequirements: [{ question: 'SSO?', response: 'Yes.', lines: [12, 3] }],
      commercialPoints: [{ text: 'Budget approved', lines: [7] }],
      technicalScore: { score: 6, reasons: [{ text: 'SAML', lines: [3] }] },
      nextSteps: [{ text: 'Send the security pack', lines: [20] }],
      suggestedLeadStatus: { value: 'Warm', lines: [7, 21] },
      nextMeeting: { date: '2026-12-01T10:00:00.000Z', lines: [22] },
    });
    expect(citedLineNumbers(result)).toEqual([3, 7, 12, 20, 21, 22]);
    expect(citedLineNumbers(base({}))).toEqual([]);
  });
});
