import { describe, expect, it } from 'vitest';
import { analyzeCallOffline, guessSeller } from './call-analyzer.ts';
import { callAnalysisSchema } from './schemas/call-insights.ts';
import { parseTranscript } from './transcript.ts';

const reference = new Date('2026-03-02T09:00:00Z');

const EN = parseTranscript(
  [
    'Anna Lee: Thanks for your time. Our platform captures every requirement.',
    'Tom: Do you support SSO with Okta?',
    'Anna Lee: Yes, we support SAML SSO with Okta.',
    'Tom: Can it run on-premises?',
    'Tom: Our budget is about 50k€ and the CTO decides by the end of March.',
    'Anna Lee: I will send the pricing today. Shall we meet next Thursday at 3pm?',
    'Tom: Thursday works for the demo meeting.',
  ].join('\n'),
);

describe('analyzeCallOffline', () => {
  it('pairs the prospect’s questions with the answers that follow, citing both lines', () => {
    const result = analyzeCallOffline(EN, { language: 'en', referenceDate: reference });
    expect(callAnalysisSchema.parse(result)).toEqual(result);
    expect(result.quick).toBe(true);
    expect(result.technicalRequirements[0]).toEqual({
      question: 'Do you support SSO with Okta?',
      response: 'Yes, we support SAML SSO with Okta.',
      lines: [2, 3],
      quote: 'Do you support SSO with Okta?',
    });
    // The on-premises question got no answer (the rep went on to pricing after Tom's budget line): coaching says so.
    expect(result.questions?.map((q) => [q.lines[0], q.answerLines])).toEqual([
      [2, [3]],
      [4, []],
    ]);
    expect(result.technicalRequirements.map((r) => r.lines[0])).toEqual([2, 4]);
    expect(result.feedback.technical).toMatch(/Quick analysis/);
    expect(result.feedback.technical).toMatch(/1 prospect question\(s\) got no answer/);
    expect(result.citations).toEqual({ checked: expect.any(Number), dropped: 0 });
  });

  it('finds the commercial topics, scores them with cited reasons and suggests a status', () => {
    const result = analyzeCallOffline(EN, { language: 'en', referenceDate: reference });
    // The points are the checklist's ticked boxes, in its order (MEDDICC, then budget and timeline).
    expect(result.commercialPoints.map((p) => p.text.split(':')[0])).toEqual(['Economic buyer', 'Budget', 'Timeline']);
    expect(result.commercialPoints[0]!.lines).toContain(5);
    // 1 + economic buyer 2 + budget 2 + timeline 1.5 + a next meeting 1.5 + next steps 1.
    expect(result.commercialScore.score).toBe(9);
    expect(result.commercialScore.reasons.find((r) => r.text.startsWith('Budget'))!.lines).toContain(5);
    expect(result.technicalScore.reasons.some((r) => r.text.startsWith('Not discussed:'))).toBe(true);
    expect(result.suggestedLeadStatus?.value).toBe('Hot');
    // Said on a Monday, "next Thursday" is the Thursday of the next week; "today" is due that day (noon in the rep's zone).
    expect(result.nextMeeting).toEqual({ date: '2026-03-12T15:00:00.000Z', lines: [6, 7] });
    expect(result.nextSteps.map((s) => [s.lines, s.due])).toEqual([
      [[6], '2026-03-02T12:00:00.000Z'],
      [[6, 7], '2026-03-12T15:00:00.000Z'],
    ]);
    expect(result.qualification?.budget).toMatchObject({ ticked: true, lines: [5] });
    expect(result.qualification?.champion).toEqual({ ticked: false, text: null, lines: [] });
  });

  it('is deterministic and writes in the language asked', () => {
    const fr = analyzeCallOffline(EN, { language: 'fr', referenceDate: reference });
    expect(analyzeCallOffline(EN, { language: 'fr', referenceDate: reference })).toEqual(fr);
    expect(fr.feedback.commercial).toMatch(/^Analyse rapide/);
    expect(fr.commercialPoints.map((p) => p.text.split(':')[0])).toEqual(['Décideur économique', 'Budget', 'Calendrier']);
  });

  it('reads a French call and a lack of interest', () => {
    const lines = parseTranscript(
      [
        'Léa : Nous proposons une solution hébergée en France.',
        'Paul : Est-ce que vous gérez le SSO avec Azure AD ?',
        'Léa : Oui, nous supportons SAML avec Azure AD.',
        "Paul : Honnêtement ce n'est pas une priorité cette année.",
      ].join('\n'),
    );
    const result = analyzeCallOffline(lines, { language: 'fr', referenceDate: reference });
    expect(result.technicalRequirements[0]!.lines).toEqual([2, 3]);
    expect(result.suggestedLeadStatus).toEqual({ value: 'Cold', lines: [4] });
    expect(result.commercialScore.reasons.some((r) => r.lines.includes(4))).toBe(true);
  });

  it('gives an empty transcript zero scores and no suggestion', () => {
    const result = analyzeCallOffline([], { language: 'en', referenceDate: reference });
    expect(result.technicalScore.score).toBe(0);
    expect(result.commercialScore.score).toBe(0);
    expect(result.suggestedLeadStatus).toBeNull();
  });
});

describe('guessSeller', () => {
  it('uses the representative’s name when given, else the speaker who pitches', () => {
    expect(guessSeller(EN, 'Tom Hardy')).toBe('Tom');
    expect(guessSeller(EN)).toBe('Anna Lee');
    expect(guessSeller(parseTranscript('no speakers here'))).toBeNull();
  });
});
