import { describe, expect, it } from 'vitest';
import { draftFollowUp, formatMeeting, mailtoHref, meetingTitle, type FollowUpInput } from './follow-up.ts';

const analysis: FollowUpInput['analysis'] = {
  technicalRequirements: [
    { question: 'Does it support SSO?', response: 'Yes, SAML and OIDC.', lines: [3] },
    { question: 'Where is data hosted?', response: 'In the EU (Frankfurt).', lines: [5] },
  ],
  commercialPoints: [
    { text: 'Budget approved for Q1.', lines: [7] },
    { text: 'Three teams would use it', lines: [8] },
    { text: 'Legal review takes two weeks', lines: [9] },
    { text: 'A fourth point stays out of a short e-mail', lines: [10] },
  ],
  nextSteps: [{ text: 'Send the security questionnaire.', lines: [12] }],
  nextMeeting: { date: '2026-12-08T16:00:00Z', lines: [12] },
};

const input = (over: Partial<FollowUpInput> = {}): FollowUpInput => ({
  language: 'en',
  contactName: 'Claire Bernard',
  companyName: 'Northwind',
  product: 'CRM Platform',
  senderName: 'Alex Martin',
  analysis,
  nextMeeting: '2026-12-01T20:00:00Z',
  timeZone: 'America/New_York',
  ...over,
});

describe('draftFollowUp', () => {
  it('writes a recap, the technical answers and the next step with its date, in English', () => {
    const draft = draftFollowUp(input());
    expect(draft.subject).toBe('Following up on our call about CRM Platform — Northwind');
    expect(draft.body).toContain('Hello Claire,');
    expect(draft.body).toContain('- Budget approved for Q1\n- Three teams would use it\n- Legal review takes two weeks\n');
    expect(draft.body).not.toContain('fourth point');
    expect(draft.body).toContain(
      'Answers to your technical questions:\n- Does it support SSO?\n  Yes, SAML and OIDC.\n- Where is data hosted?',
    );
    // The deal's meeting, in the sender's zone with the zone named (20:00 UTC is 3 PM in New York in December).
    expect(draft.body).toMatch(
      /Next step: Send the security questionnaire — our next meeting on Tuesday, December 1, 2026 at 03:00\sPM EST\./,
    );
    expect(draft.body.endsWith('Best regards,\nAlex Martin')).toBe(true);
  });

  it('writes French for a French deal', () => {
    const draft = draftFollowUp(input({ language: 'fr', timeZone: 'Europe/Paris' }));
    expect(draft.subject).toBe('Suite à notre échange sur CRM Platform — Northwind');
    expect(draft.body).toContain('Bonjour Claire,');
    expect(draft.body).toContain('Réponses à vos questions techniques :');
    expect(draft.body).toMatch(
      /Prochaine étape : Send the security questionnaire — notre prochain rendez-vous le mardi 1 décembre 2026 à 21:00 UTC\+1\./,
    );
    expect(draft.body.endsWith('Bien cordialement,\nAlex Martin')).toBe(true);
  });

  it("falls back on the call's meeting, then on asking for one, and on a neutral greeting", () => {
    const callDate = draftFollowUp(input({ nextMeeting: null, timeZone: 'UTC' }));
    expect(callDate.body).toContain('our next meeting on Tuesday, December 8, 2026 at 04:00 PM UTC.');
    const none = draftFollowUp(
      input({
        nextMeeting: null,
        contactName: null,
        product: null,
        companyName: '  ',
        analysis: { ...analysis, nextSteps: [], nextMeeting: null, technicalRequirements: [] },
      }),
    );
    expect(none.subject).toBe('Following up on our call');
    expect(none.body).toContain('Hello there,');
    expect(none.body).not.toContain('technical questions');
    expect(none.body).toContain('Next step: let me know a time that suits you for our next conversation.');
    expect(draftFollowUp(input({ language: 'fr', contactName: null })).body.startsWith('Bonjour,\n')).toBe(true);
  });

  it('lists the accepted next steps with their due day, then the meeting and the invite (issue 37)', () => {
    const steps = [
      { title: 'Send the security questionnaire.', due: '2026-11-30T14:00:00Z' },
      { title: 'Book the legal review', due: null },
    ];
    const en = draftFollowUp(input({ acceptedSteps: steps, inviteAttached: true }));
    expect(en.body).toContain(
      'Next steps:\n- Send the security questionnaire (by Monday, November 30)\n- Book the legal review\n\nOur next meeting: Tuesday, December 1, 2026 at 03:00',
    );
    expect(en.body).toMatch(/EST\.\nThe invitation is attached\.\n\nBest regards,/);
    expect(en.body).not.toContain('Next step:');
    const fr = draftFollowUp(input({ language: 'fr', timeZone: 'Europe/Paris', acceptedSteps: steps, inviteAttached: true }));
    expect(fr.body).toContain("Prochaines étapes :\n- Send the security questionnaire (d'ici le lundi 30 novembre)");
    expect(fr.body).toContain("Notre prochain rendez-vous : mardi 1 décembre 2026 à 21:00 UTC+1.\nL'invitation est jointe.");
    // No meeting: the steps, then a request for one; no invite line without a meeting.
    const open = draftFollowUp(
      input({ acceptedSteps: steps, inviteAttached: true, nextMeeting: null, analysis: { ...analysis, nextMeeting: null } }),
    );
    expect(open.body).toContain(
      '- Book the legal review\n\nLet me know a time that suits you for our next conversation.\n\nBest',
    );
    expect(open.body).not.toContain('invitation');
  });

  it('thanks without announcing a recap when there is nothing to recap', () => {
    const bare = draftFollowUp(input({ analysis: { ...analysis, commercialPoints: [] } }));
    expect(bare.body).toContain('Hello Claire,\n\nThank you for your time today.\n\nAnswers');
    expect(meetingTitle('fr', 'Northwind')).toBe('Rendez-vous avec Northwind');
    expect(meetingTitle('en', ' ')).toBe('Meeting');
  });

  it('recaps what was said, not who said it, and each quote once', () => {
    const quoted = draftFollowUp(
      input({
        analysis: {
          ...analysis,
          commercialPoints: [
            { text: 'Budget: Client: Our budget is approved for Q1', lines: [1] },
            { text: 'Timeline: Client: Our budget is approved for Q1', lines: [1] },
            { text: 'Decision makers: Client: The CTO signs', lines: [2] },
            { text: 'Budget: approved', lines: [3] },
          ],
          nextSteps: [{ text: 'Rep: I will send the security questionnaire.', lines: [4] }],
        },
      }),
    );
    expect(quoted.body).toContain(
      '- Budget: Our budget is approved for Q1\n- Decision makers: The CTO signs\n- Budget: approved\n',
    );
    expect(quoted.body).toContain('Next step: I will send the security questionnaire — our next meeting');
  });

  it('names the zone beside the time, so the same moment reads right anywhere', () => {
    expect(formatMeeting('2026-07-01T12:00:00Z', 'en', 'Asia/Tokyo')).toMatch(/July 1, 2026 at 09:00\sPM GMT\+9/);
  });
});

describe('mailtoHref', () => {
  it('percent-encodes subject and body with CRLF line breaks', () => {
    const href = mailtoHref({ to: 'claire@northwind.test', subject: 'Suite & fin ? — oui', body: 'Bonjour,\n\n50% + 3 = ok' });
    expect(href).toBe(
      'mailto:claire@northwind.test?subject=Suite%20%26%20fin%20%3F%20%E2%80%94%20oui&body=Bonjour%2C%0D%0A%0D%0A50%25%20%2B%203%20%3D%20ok',
    );
    expect(mailtoHref({ subject: 'a', body: 'b' })).toBe('mailto:?subject=a&body=b');
  });
});
