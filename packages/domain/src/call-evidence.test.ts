import { describe, expect, it } from 'vitest';
import { analyzeCallOffline } from './call-analyzer.ts';
import { checkCitation, quoteOccurs, verifyCitations } from './call-evidence.ts';
import { parseTranscript } from './transcript.ts';

const lines = parseTranscript(
  [
    'Sam (rep): Do you need single sign-on?',
    'Dana (client): Yes, through Okta, with SAML.',
    'Sam (rep): Noted. I will send the quote on Friday.',
  ].join('\n'),
);

describe('citation check', () => {
  it('accepts quoted words found in the cited lines, case and accents aside', () => {
    expect(quoteOccurs('through OKTA with saml', ['Yes, through Okta, with SAML.'])).toBe(true);
    expect(quoteOccurs('réponse', ['Reponse rapide'])).toBe(true);
    expect(quoteOccurs('through Azure AD', ['Yes, through Okta, with SAML.'])).toBe(false);
  });

  it('refuses a line that does not exist, a quote that is not there, a point with no line', () => {
    expect(checkCitation({ lines: [2], quote: 'Okta' }, lines)).toEqual({ ok: true });
    expect(checkCitation({ lines: [9], quote: 'Okta' }, lines)).toEqual({ ok: false, reason: 'missing_line' });
    expect(checkCitation({ lines: [1], quote: 'Okta' }, lines)).toEqual({ ok: false, reason: 'quote_not_found' });
    expect(checkCitation({ lines: [] }, lines)).toEqual({ ok: false, reason: 'no_line' });
  });

  it('drops and counts the points whose evidence fails, unticks a box without it', () => {
    const analysis = analyzeCallOffline(lines, { language: 'en', referenceDate: new Date('2026-11-24T10:00:00Z') });
    expect(analysis.citations?.dropped).toBe(0);
    const forged = verifyCitations(
      {
        ...analysis,
        citations: undefined,
        technicalRequirements: [
          ...analysis.technicalRequirements,
          { question: 'Needs Azure AD', response: 'Yes', lines: [2], quote: 'Azure AD' },
          { question: 'Needs on-premises', response: 'Yes', lines: [42] },
        ],
        qualification: {
          ...analysis.qualification!,
          budget: { ticked: true, text: 'Budget is 50k', lines: [3], quote: '50k budget' },
        },
      },
      lines,
    );
    expect(forged.technicalRequirements).toEqual(analysis.technicalRequirements);
    expect(forged.qualification!.budget).toEqual({ ticked: false, text: null, lines: [] });
    expect(forged.citations!.dropped).toBe(3);
  });
});
