import { describe, expect, it } from 'vitest';
import { resolveRoles, swappedRoles, talkShare } from './call-roles.ts';
import { parseTranscript } from './transcript.ts';

const CALL = parseTranscript(
  [
    '[00:00:05] Sam (rep): Thanks for joining, Dana. Where does it hurt most?',
    '[00:00:21] Dana (prospect): Visibility. We have about 5,000 devices in the field and nobody trusts the dashboards.',
    '[00:00:40] Sam (rep): How long do you keep the data?',
    '[00:00:45] Dana (prospect): A full year of audit logs.',
  ].join('\n'),
);

describe('resolveRoles', () => {
  it('reads explicit labels first, in English and French, and says so', () => {
    expect(resolveRoles(CALL)).toEqual([
      { speaker: 'Sam', role: 'rep', rule: 'label' },
      { speaker: 'Dana', role: 'prospect', rule: 'label' },
    ]);
    const fr = parseTranscript('Léa (commerciale) : Bonjour.\n[Client] Paul : Bonjour.\nMarc (vendeur) : Voici la démo.');
    expect(resolveRoles(fr).map((d) => [d.speaker, d.role, d.rule])).toEqual([
      ['Léa', 'rep', 'label'],
      ['Paul', 'prospect', 'label'],
      ['Marc', 'rep', 'label'],
    ]);
  });

  it('then the representative’s and the contact’s names, then metadata, then wording', () => {
    // Unlabelled and worded against the grain: the names decide, not the words.
    const lines = parseTranscript('Alex Martin: Do you support SSO?\nPriya Shah: Our platform supports SAML, we offer it.');
    expect(resolveRoles(lines, { sellerName: 'Alex Martin' })).toEqual([
      { speaker: 'Alex Martin', role: 'rep', rule: 'name' },
      { speaker: 'Priya Shah', role: 'prospect', rule: 'wording' },
    ]);
    expect(resolveRoles(lines, { contactName: 'Priya Shah' }).map((d) => d.rule)).toEqual(['wording', 'name']);
    expect(resolveRoles(lines, { metadata: { 'alex martin': 'rep', 'Priya Shah': 'prospect' } }).map((d) => d.rule)).toEqual([
      'metadata',
      'metadata',
    ]);
    expect(resolveRoles(lines).map((d) => [d.speaker, d.role])).toEqual([
      ['Alex Martin', 'prospect'],
      ['Priya Shah', 'rep'],
    ]);
  });

  it('lets a person swap the roles, over every rule', () => {
    const swapped = swappedRoles(resolveRoles(CALL));
    expect(swapped).toEqual({ Sam: 'prospect', Dana: 'rep' });
    expect(resolveRoles(CALL, { overrides: swapped })).toEqual([
      { speaker: 'Sam', role: 'prospect', rule: 'person' },
      { speaker: 'Dana', role: 'rep', rule: 'person' },
    ]);
  });

  it('a speaker labelled with the deal’s company is the prospect', () => {
    const lines = parseTranscript('Hannah Cole (Globex): Hi.\nAlice: Welcome.');
    expect(resolveRoles(lines, { clientCompany: 'Globex Corp' })[0]).toEqual({
      speaker: 'Hannah Cole',
      role: 'prospect',
      rule: 'label',
    });
  });
});

describe('talkShare', () => {
  it('counts words, and time where timestamps exist', () => {
    const roles = new Map(resolveRoles(CALL).map((d) => [d.speaker, d.role]));
    const share = talkShare(CALL, (l) => roles.get(l.speaker!) ?? null);
    // Sam: 9 + 7 words of 36; Sam's turns: 16 s + 5 s; Dana's: 19 s + ~2 s (6 words at 2.5/s).
    expect(share.repWords).toBe(Math.round((16 / 36) * 100));
    expect(share.repTime).toBe(Math.round((21 / (21 + 19 + 6 / 2.5)) * 100));
    const untimed = parseTranscript('Sam (rep): one two three\nDana (client): four');
    expect(talkShare(untimed, (l) => (l.speaker === 'Sam' ? 'rep' : 'prospect'))).toEqual({ repWords: 75, repTime: null });
  });
});
