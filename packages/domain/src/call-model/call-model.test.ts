import { describe, expect, it } from 'vitest';
import { analyzeCallOffline } from '../call-analyzer.ts';
import { parseTranscript } from '../transcript.ts';
import { clauses, fold, textFeatures, tokens } from './features.ts';
import { callTurnModel } from './index.ts';
import { scoreOf } from './model.ts';

// Sentences written for this test, in no call of any set: the trained model must read them as a
// rep would, not because it has seen them.
const reference = new Date('2026-05-04T14:00:00Z');
const analyse = (lines: string[], sellerName = 'Maya Chen') =>
  analyzeCallOffline(parseTranscript(lines.join('\n')), {
    language: 'en',
    referenceDate: reference,
    sellerName,
    model: callTurnModel,
  });
const requirementLines = (lines: string[], sellerName?: string) =>
  analyse(lines, sellerName).technicalRequirements.map((r) => r.lines[0]);

describe('the turn model’s features', () => {
  it('folds accents and apostrophes and splits French elisions', () => {
    expect(fold('Ça peut pas sortir du Québec’)')).toBe("ca peut pas sortir du quebec')");
    expect(tokens(fold("L'hébergement n'est pas négociable, can't"))).toEqual([
      "l'",
      'hebergement',
      "n'",
      'est',
      'pas',
      'negociable',
      "can't",
    ]);
  });

  it('cuts a long turn into clauses, keeping "99.9%" whole', () => {
    expect(clauses('We need 99.9% uptime. Also — nothing in the US; ever?')).toEqual([
      'We need 99.9% uptime.',
      'Also',
      'nothing in the US;',
      'ever?',
    ]);
  });

  it('marks modality, perspective and the question form, crossed with the side', () => {
    const said = textFeatures('Our lawyers require that the archive stays in Quebec.', 'prospect');
    expect(said).toEqual(expect.arrayContaining(['c:modal@prospect', 'c:we@prospect', 'c:noquestion']));
    const asked = textFeatures('Est-ce que vous gardez les journaux un an ?', 'prospect');
    expect(asked).toEqual(expect.arrayContaining(['c:question@prospect', 'c:estce', 'c:you']));
  });
});

describe('requirements read by the trained model', () => {
  it('takes a constraint said as a statement for a requirement (English)', () => {
    const lines = [
      'Maya Chen (rep): Thanks for making time. Where would you like to start?',
      'Owen Price (client): Straight to the blocker. Patient files are never copied to a server outside Ontario, our privacy officer will not sign anything that allows it.',
      'Maya Chen (rep): Understood, we can keep everything in our Toronto region.',
    ];
    expect(requirementLines(lines)).toContain(2);
  });

  it('takes a French and a Québec constraint for requirements', () => {
    const lines = [
      'Maya Chen (rep): Parfait, on commence par vos contraintes ?',
      'Claire Dubois (client): Les fiches de paie ne doivent jamais quitter nos serveurs, c’est une exigence de la direction financière.',
      'Maya Chen (rep): C’est noté, on a une installation sur vos serveurs.',
      'Luc Tremblay (client): Pis faut que ça marche sur les vieilles tablettes de l’entrepôt, on les change pas avant deux ans.',
      'Maya Chen (rep): Ça marche sur Android 9 et plus.',
    ];
    expect(requirementLines(lines)).toEqual(expect.arrayContaining([2, 4]));
  });

  it('does not take the seller’s own claims for requirements', () => {
    const lines = [
      'Owen Price (client): Tell me how the storage works.',
      'Maya Chen (rep): We encrypt every file at rest with your own keys, and our platform keeps three copies in two Canadian data centres.',
      'Owen Price (client): Okay, good.',
    ];
    expect(requirementLines(lines)).not.toContain(2);
  });

  it('does not take a negated wish for a requirement', () => {
    const lines = [
      'Maya Chen (rep): Do your drivers need the mobile app?',
      'Owen Price (client): No, we really don’t need a mobile app, everyone on the dock works from the desktop terminals.',
      'Maya Chen (rep): Good, that keeps it simple.',
    ];
    expect(requirementLines(lines)).not.toContain(2);
  });
});

describe('answers attached by the trained model', () => {
  it('attaches a reply that answers and leaves a deflection unattached', () => {
    const result = analyse([
      'Owen Price (client): How long do you keep the audit logs?',
      'Maya Chen (rep): Audit logs are kept for seven years by default, and you can export them to your archive.',
      'Owen Price (client): Good. And do you support single sign-on with Okta?',
      'Maya Chen (rep): Great question! Why don’t we set up a demo with our product team next week and go through it?',
      'Owen Price (client): Sure.',
    ]);
    const answers = Object.fromEntries((result.questions ?? []).map((q) => [q.lines[0], q.answerLines]));
    expect(answers[1]).toEqual([2]);
    expect(answers[3]).toEqual([]);
  });
});

describe('the committed weights', () => {
  it('are small, pruned, and score a constraint above a seller claim', () => {
    const size = JSON.stringify(callTurnModel).length;
    expect(size).toBeLessThan(300 * 1024);
    const constraint = scoreOf(
      callTurnModel.requirements,
      textFeatures('Nothing can be installed on the production servers, that is our policy.', 'prospect'),
    );
    const claim = scoreOf(callTurnModel.requirements, textFeatures('We support every production server out of the box.', 'rep'));
    expect(constraint).toBeGreaterThan(claim);
  });
});
