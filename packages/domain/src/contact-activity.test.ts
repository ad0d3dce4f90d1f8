import { describe, expect, it } from 'vitest';
import { wordsOfSpeaker } from './contact-activity.ts';

const transcript = [
  'Alex Rep: Thanks for the time today.',
  'Priya Sharma: Does it support SAML single sign-on?',
  'Alex Rep: Yes, SAML and OIDC.',
  'Tom Becker: We need the data hosted in the EU.',
  'priya sharma: And an audit log, please.',
];

describe('what a contact asked and required', () => {
  it('keeps the questions and requirements whose cited line the speaker said, with those lines', () => {
    const result = {
      questions: [
        { text: 'Does it support SAML SSO?', lines: [2], answer: 'Yes', answerLines: [3] },
        { text: 'EU hosting?', lines: [4], answer: null, answerLines: [] },
      ],
      technicalRequirements: [
        { question: 'Audit log', response: 'Available', lines: [5, 99] },
        { question: 'EU data residency', response: 'Frankfurt', lines: [4] },
      ],
    };
    expect(wordsOfSpeaker(result, transcript, 'Priya Sharma')).toEqual([
      { kind: 'question', text: 'Does it support SAML SSO?', lines: [{ line: 2, text: 'Does it support SAML single sign-on?' }] },
      { kind: 'requirement', text: 'Audit log', lines: [{ line: 5, text: 'And an audit log, please.' }] },
    ]);
    expect(wordsOfSpeaker(result, transcript, 'Tom Becker').map((w) => w.text)).toEqual(['EU hosting?', 'EU data residency']);
  });

  it('reads an old or odd analysis defensively: nothing, never an error', () => {
    expect(wordsOfSpeaker(null, null, 'Priya')).toEqual([]);
    expect(wordsOfSpeaker({ questions: 'x', technicalRequirements: [{ lines: [2] }] }, transcript, 'Priya Sharma')).toEqual([]);
    expect(wordsOfSpeaker({ questions: [{ text: 'Q', lines: [2] }] }, null, 'Priya Sharma')).toEqual([]);
  });
});
