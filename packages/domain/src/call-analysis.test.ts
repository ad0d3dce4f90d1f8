import { describe, expect, it } from 'vitest';
import { parseCommercialPoints, parseTechnicalQa } from './call-analysis.ts';

describe('parseCommercialPoints', () => {
  it('reads "1- Title: text" points', () => {
    const points = parseCommercialPoints(
      '1- Budget: $50,000 approved.\n2- Timeline: Go live in Q3.\n3- Decision makers: VP Sales signs.',
    );
    expect(points).toEqual([
      { number: 1, title: 'Budget', text: '$50,000 approved.' },
      { number: 2, title: 'Timeline', text: 'Go live in Q3.' },
      { number: 3, title: 'Decision makers', text: 'VP Sales signs.' },
    ]);
  });

  it('strips an AI preamble, bold markers and Response: labels', () => {
    const text = `Here are the key commercial points from the call:\n\nResponse: 1. **Budget**: Approved for this year.\n2) **Pricing:** Wants a per-seat price.`;
    expect(parseCommercialPoints(text)).toEqual([
      { number: 1, title: 'Budget', text: 'Approved for this year.' },
      { number: 2, title: 'Pricing', text: 'Wants a per-seat price.' },
    ]);
  });

  it('joins continuation lines to their point', () => {
    const points = parseCommercialPoints(
      '1- Competition: Two vendors in the running,\n   one already in use at a subsidiary.\n2- Next steps: Send the questionnaire.',
    );
    expect(points[0]!.text).toBe('Two vendors in the running, one already in use at a subsidiary.');
    expect(points).toHaveLength(2);
  });

  it('falls back to bullets, then to paragraphs', () => {
    expect(parseCommercialPoints('- Budget: Approved\n- Risk: Security review pending')).toEqual([
      { number: 1, title: 'Budget', text: 'Approved' },
      { number: 2, title: 'Risk', text: 'Security review pending' },
    ]);
    expect(parseCommercialPoints('The client wants to start in June.\n\nThey need SSO before rollout.')).toEqual([
      { number: 1, title: '', text: 'The client wants to start in June.' },
      { number: 2, title: '', text: 'They need SSO before rollout.' },
    ]);
  });

  it('handles French preambles and empty input', () => {
    expect(parseCommercialPoints('Voici les points clés :\n1- Budget : 40 000 € validés.')).toEqual([
      { number: 1, title: 'Budget', text: '40 000 € validés.' },
    ]);
    expect(parseCommercialPoints('')).toEqual([]);
    expect(parseCommercialPoints(null)).toEqual([]);
  });

  it('does not split a long sentence on a late colon', () => {
    const [point] = parseCommercialPoints(
      '1- The customer explained at length that the procurement team will need the following: three quotes',
    );
    expect(point!.title).toBe('');
  });
});

describe('parseTechnicalQa', () => {
  const five = Array.from({ length: 5 }, (_, i) => `Question: Q${i + 1}?\nResponse: A${i + 1}.`).join('\n\n');

  it('reads Question:/Response: pairs', () => {
    const pairs = parseTechnicalQa(five);
    expect(pairs).toHaveLength(5);
    expect(pairs[0]).toEqual({ question: 'Q1?', response: 'A1.' });
  });

  it('accepts bold labels, numbering and multi-line answers', () => {
    const pairs = parseTechnicalQa(
      '**Question 1:** Do you support SSO?\n**Answer:** Yes, SAML 2.0\nand OIDC.\n\n2. Question: Where is data hosted?\nRéponse : EU or US.',
    );
    expect(pairs).toEqual([
      { question: 'Do you support SSO?', response: 'Yes, SAML 2.0 and OIDC.' },
      { question: 'Where is data hosted?', response: 'EU or US.' },
    ]);
  });

  it('falls back to question-mark lines when fewer than 5 labelled pairs exist and that finds more', () => {
    const text =
      'Question: Is there an API?\nResponse: Yes, REST.\nDo you support SSO?\nYes, SAML.\nCan we export data?\nCSV and Parquet.';
    const pairs = parseTechnicalQa(text);
    expect(pairs.map((p) => p.question)).toEqual(['Is there an API?', 'Do you support SSO?', 'Can we export data?']);
  });

  it('ignores a question without an answer and empty input', () => {
    expect(parseTechnicalQa('Question: Anything else?')).toEqual([]);
    expect(parseTechnicalQa(undefined)).toEqual([]);
  });
});
