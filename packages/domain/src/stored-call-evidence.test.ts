import { describe, expect, it } from 'vitest';
import { readCallAnalysis } from './stored-call-evidence.ts';

describe('reading a stored call analysis', () => {
  it('reads scores, filled boxes with their lines, prospects and rivals', () => {
    const reading = readCallAnalysis({
      id: 'x',
      opportunityId: 3,
      createdAt: '2026-11-20T10:00:00Z',
      result: {
        technicalScore: { score: 6.5, reasons: [] },
        commercialScore: { score: 4, reasons: [] },
        nextMeeting: { date: '2026-12-01T10:00:00Z', lines: [4] },
        nextSteps: [],
      },
      transcriptLines: [
        'Alex: We offer SSO.',
        'Dana: What does it cost? Our budget is tight.',
        'Dana: We also talk to a competitor.',
        'Alex: Let us meet next Tuesday.',
      ],
    });
    expect(reading.technicalScore).toBe(6.5);
    expect(reading.commercialScore).toBe(4);
    // No checklist stored: the boxes are read from the transcript by the analyzer's own rules (the prospect's lines).
    expect(reading.filled).toMatchObject({
      budget: true,
      timeline: false,
      economicBuyer: false,
      nextMeeting: true,
      nextSteps: false,
    });
    expect(reading.boxes.budget.map((l) => l.line)).toEqual([2]);
    expect(reading.boxes.nextMeeting).toEqual([
      { analysisId: 'x', opportunityId: 3, line: 4, text: 'Alex: Let us meet next Tuesday.' },
    ]);
    expect(reading.competitorLines.map((l) => l.line)).toEqual([3]);
    expect(reading.prospects.map((l) => l.text)).toEqual(['Dana: What does it cost? Our budget is tight.']);
  });

  it.each([
    ['no transcript and an empty result', {}, null],
    ['a malformed result', { technicalScore: 'high', nextSteps: 'call back' }, 'not lines'],
    ['null result', null, []],
  ])('survives %s', (_name, result, lines) => {
    const reading = readCallAnalysis({ id: 'y', opportunityId: 1, createdAt: '', result, transcriptLines: lines });
    expect(reading.technicalScore).toBeNull();
    expect(Object.values(reading.filled).every((filled) => !filled)).toBe(true);
    expect(Object.keys(reading.filled)).toHaveLength(12);
    expect(reading.prospects).toEqual([]);
  });

  it('without a transcript, reads the cited points instead', () => {
    const reading = readCallAnalysis({
      id: 'z',
      opportunityId: 1,
      createdAt: '',
      result: { commercialPoints: [{ text: 'Budget: Dana: 50k approved by the CFO', lines: [9] }] },
      transcriptLines: null,
    });
    expect(reading.boxes.budget).toEqual([
      { analysisId: 'z', opportunityId: 1, line: 9, text: 'Budget: Dana: 50k approved by the CFO' },
    ]);
    expect(reading.filled.economicBuyer).toBe(true);
  });

  it("counts a box as the stored checklist says, an old analysis's authority and need under their MEDDICC names", () => {
    const box = (ticked: boolean, lines: number[] = []) => ({ ticked, text: ticked ? 'said' : null, lines });
    const reading = readCallAnalysis({
      id: 'q',
      opportunityId: 1,
      createdAt: '',
      // Stored before MEDDICC: six boxes. The transcript's timeline line is not ticked there, so coaching does not tick it either.
      result: {
        qualification: {
          budget: box(true, [2]),
          authority: box(true, [3]),
          need: box(false),
          timeline: box(false),
          decisionProcess: box(false),
          champion: box(false),
        },
      },
      transcriptLines: [
        'Alex: Hello.',
        'Dana: Our budget is 40k.',
        'Dana: The CFO signs.',
        'Dana: We want it live by the end of March.',
        'Dana: We are also looking at Gong.',
      ],
    });
    expect(reading.filled).toMatchObject({ budget: true, economicBuyer: true, identifyPain: false, timeline: false });
    expect(reading.boxes.economicBuyer.map((l) => l.line)).toEqual([3]);
    // A box the old analysis never had is read from the transcript.
    expect(reading.filled.competition).toBe(true);
    expect(reading.competitorLines.map((l) => l.line)).toEqual([5]);
  });
});
