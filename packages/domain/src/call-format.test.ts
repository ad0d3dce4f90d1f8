import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommercialPoints, parseTechnicalQa } from './call-analysis.ts';
import { formatCommercialAnswers, formatTechnicalAnswers, normaliseCommercialPoint } from './call-format.ts';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('opportunity field formats round-trip through the existing parsers', () => {
  it('writes Question:/Response: pairs that parseTechnicalQa reads back', () => {
    const requirements = [
      { question: 'Do you support SSO with Okta?', response: 'Yes, SAML and SCIM.', lines: [2, 3] },
      { question: '**Hosting**: where is the data?', response: 'Frankfurt.\nAnd Dublin.', lines: [4, 5] },
      { question: 'Response: can it scale?', response: 'Answer: to 8,000 users. Is that enough?', lines: [6, 7] },
    ];
    const text = formatTechnicalAnswers(requirements);
    expect(text.startsWith('Question: Do you support SSO with Okta?\nResponse: Yes, SAML and SCIM.')).toBe(true);
    expect(parseTechnicalQa(text)).toEqual([
      { question: 'Do you support SSO with Okta?', response: 'Yes, SAML and SCIM.' },
      { question: 'Hosting: where is the data?', response: 'Frankfurt. And Dublin.' },
      { question: 'can it scale?', response: 'to 8,000 users. Is that enough.' },
    ]);
  });

  it('writes numbered points that parseCommercialPoints reads back', () => {
    const points = [
      { text: 'Budget: 60,000 euros approved', lines: [14] },
      { text: 'Timeline:go live by the end of March', lines: [16] },
      { text: 'Here are the key points: none, this is a sentence that mentions a colon very late in its text: see', lines: [1] },
      { text: 'The CFO decides', lines: [18] },
    ];
    const text = formatCommercialAnswers(points);
    const parsed = parseCommercialPoints(text);
    expect(parsed.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect(parsed.map((p) => (p.title ? `${p.title}: ${p.text}` : p.text))).toEqual(
      points.map((p) => normaliseCommercialPoint(p.text)),
    );
    expect(parsed[0]).toEqual({ number: 1, title: 'Budget', text: '60,000 euros approved' });
  });

  it('leaves no markdown that removing one mark would create (fast-check found "*`*A")', () => {
    const text = formatCommercialAnswers([
      { text: '*`*A', lines: [1] },
      { text: '_`_B`', lines: [2] },
    ]);
    expect(text).toBe('1- A\n2- B');
    expect(parseCommercialPoints(text).map((p) => p.text)).toEqual(['A', 'B']);
  });

  it('round-trips any text (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 120 }).filter((s) => /[a-z]/i.test(s));
    fc.assert(
      fc.property(fc.array(fc.record({ question: text, response: text }), { minLength: 1, maxLength: 8 }), (pairs) => {
        const formatted = formatTechnicalAnswers(pairs.map((p) => ({ ...p, lines: [1] })));
        const parsed = parseTechnicalQa(formatted);
        const written = formatted.split('\n\n').length;
        expect(parsed).toHaveLength(formatted ? written : 0);
        for (const pair of parsed) {
          expect(pair.question).toBe(squash(pair.question));
          expect(pair.question.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), (texts) => {
        const formatted = formatCommercialAnswers(texts.map((t) => ({ text: t, lines: [1] })));
        const expected = formatted ? formatted.split('\n').map((line) => line.replace(/^\d+- /, '')) : [];
        const parsed = parseCommercialPoints(formatted);
        expect(parsed.map((p) => (p.title ? `${p.title}: ${p.text}` : p.text))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
