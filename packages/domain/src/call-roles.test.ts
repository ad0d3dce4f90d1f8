import { describe, expect, it } from 'vitest';
import { contentRoleOf, resolveRoles, sameName, swappedRoles, talkShare } from './call-roles.ts';
import { analyzeCallOffline } from './call-analyzer.ts';
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

const roleMap = (lines: ReturnType<typeof parseTranscript>, options: Parameters<typeof resolveRoles>[1] = {}) =>
  Object.fromEntries(resolveRoles(lines, options).map((d) => [d.speaker, `${d.role}/${d.rule}`]));

describe('speakers as people (issue 34)', () => {
  it('matches a name tolerantly: a first name, an initial, accents and case, not another surname', () => {
    expect(sameName('Ravi', 'Ravi Patel')).toBe(true);
    expect(sameName('Ravi P.', 'Ravi Patel')).toBe(true);
    expect(sameName('CHLOE MARTIN', 'Chloé Martin')).toBe(true);
    expect(sameName('Patel Ravi', 'Ravi Patel')).toBe(true);
    expect(sameName('Ravi Shah', 'Ravi Patel')).toBe(false);
    expect(sameName('+1 415 555 0134', '+1 415 555 0134')).toBe(true);
  });

  it('puts everyone of the workspace on the seller side, however the file spells them', () => {
    const lines = parseTranscript(
      'Sam Lee: Thanks for joining.\nRavi P.: We support SAML.\nDana Cruz: We need SSO for our 400 users.\nchloé: Je confirme.',
    );
    expect(roleMap(lines, { sellerName: 'Sam Lee', sellerTeam: ['Sam Lee', 'Ravi Patel', 'Chloé Martin'] })).toEqual({
      'Sam Lee': 'rep/name',
      'Ravi P.': 'rep/team',
      'Dana Cruz': 'prospect/wording',
      chloé: 'rep/team',
    });
  });

  it('reads English introductions: our solutions architect, this is X from our team, my colleague from IT', () => {
    const lines = parseTranscript(
      [
        "Sam: Hi Dana. I've brought our solutions architect, Maya, and this is Ravi from our engineering team.",
        'Dana: Hi Sam. My colleague Tom from IT is here too.',
        'Maya: Hello everyone.',
        'Ravi: Hi.',
        'Tom: Do you support SSO?',
      ].join('\n'),
    );
    expect(roleMap(lines, { sellerName: 'Sam' })).toEqual({
      Sam: 'rep/name',
      Dana: 'prospect/introduction',
      Maya: 'rep/introduction',
      Ravi: 'rep/introduction',
      Tom: 'prospect/introduction',
    });
  });

  it('reads French introductions: notre ingénieure avant-vente, de chez nous, notre RSSI, Bonjour X', () => {
    const lines = parseTranscript(
      [
        'Julie : Bonjour Pierre. Je vous présente notre ingénieure avant-vente, Chloé.',
        'Pierre : Bonjour Julie. Marc est notre RSSI, il a des questions.',
        'Julie : Et je suis avec Karim de chez nous, pour la partie contrat.',
        'Chloé : Bonjour à tous.',
        'Marc : Où sont hébergées les données ?',
        'Karim : Bonjour.',
      ].join('\n'),
    );
    expect(roleMap(lines, { sellerName: 'Julie Roy' })).toEqual({
      Julie: 'rep/name',
      Pierre: 'prospect/introduction',
      Chloé: 'rep/introduction',
      Marc: 'prospect/introduction',
      Karim: 'rep/introduction',
    });
  });

  it('places a person "from" the deal’s company on the prospect’s side, and the contact by name', () => {
    const lines = parseTranscript('Sam: Welcome. I see Omar from Globex joined.\nOmar: Hi.\nDana Cruz: Hi.');
    expect(roleMap(lines, { sellerName: 'Sam', contactName: 'Dana Cruz', clientCompany: 'Globex Corp' })).toEqual({
      Sam: 'rep/name',
      Omar: 'prospect/introduction',
      'Dana Cruz': 'prospect/name',
    });
  });

  it('keeps a dial-in named by its number with its turns, on the prospect’s side unless something says otherwise', () => {
    const lines = parseTranscript(
      [
        'Sam: Good morning Dana. The phone number is Erik, our sales engineer.',
        '+46 70 555 0192: Morning everyone, Erik here.',
        'Dana: Morning.',
        '(514) 555-0182: Allô, c’est Daniel.',
        'Caller 3: Hi, sorry I am late.',
      ].join('\n'),
    );
    expect(lines.map((l) => l.speaker)).toEqual(['Sam', '+46 70 555 0192', 'Dana', '(514) 555-0182', 'Caller 3']);
    expect(roleMap(lines, { sellerName: 'Sam' })).toEqual({
      Sam: 'rep/name',
      '+46 70 555 0192': 'rep/introduction',
      Dana: 'prospect/introduction',
      '(514) 555-0182': 'prospect/wording',
      'Caller 3': 'prospect/wording',
    });
  });

  it('does not read a call the prospect opens as inverted: who asks about the other’s budget and process sells', () => {
    const lines = parseTranscript(
      [
        'Femke: Hi Tom, Femke here. Let me start, since I asked for this call. We are looking for a tool to deploy our models.',
        'Tom: Thanks Femke. Before I show anything, what is your process today, and do you have a budget for this?',
        'Femke: We deploy by hand. We have about 80,000 euros for it.',
        'Tom: Who else is involved in the decision?',
        'Femke: Our CTO signs off. Are you ISO 27001 certified?',
        'Tom: Yes. I will check the audit date and get back to you.',
      ].join('\n'),
    );
    expect(roleMap(lines)).toEqual({ Femke: 'prospect/wording', Tom: 'rep/wording' });
    const fr = parseTranscript(
      [
        'Maxime : Bon, je commence. On cherche un outil de télémétrie pour nos jeux.',
        'Vincent : Très bien. Quel est votre calendrier, et qui d’autre est impliqué dans la décision ?',
        'Maxime : Catherine fait l’évaluation. Êtes-vous certifiés SOC 2 ?',
        'Vincent : Oui, je reviens vers vous avec le rapport.',
      ].join('\n'),
    );
    expect(roleMap(fr)).toEqual({ Maxime: 'prospect/wording', Vincent: 'rep/wording' });
  });

  it('re-runs an uploaded .vtt on its stored lines: they keep their speakers, the dial-in too', () => {
    const stored = ['Alex Moreau: Bonjour Hélène.', '+33 1 45 55 01 27: Bonjour, c’est Marc.', 'Hélène: Bonjour.'].join('\n');
    expect(parseTranscript(stored, 'appel.vtt').map((l) => l.speaker)).toEqual(['Alex Moreau', '+33 1 45 55 01 27', 'Hélène']);
    expect(parseTranscript(stored, 'call.srt').map((l) => l.speaker)).toEqual(['Alex Moreau', '+33 1 45 55 01 27', 'Hélène']);
  });

  it('remembers a role a person set: it wins over the team and the introductions', () => {
    const lines = parseTranscript("Sam: I've brought our architect, Maya.\nMaya: Hi.");
    expect(roleMap(lines, { sellerName: 'Sam', sellerTeam: ['Maya Stone'], overrides: { maya: 'prospect' } })).toEqual({
      Sam: 'rep/name',
      Maya: 'prospect/person',
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

describe('subtitles without speaker names (issue 34)', () => {
  const srt = (cues: string[]) =>
    cues
      .map(
        (text, i) =>
          `${i + 1}\n00:00:${String(i * 5).padStart(2, '0')},000 --> 00:00:${String(i * 5 + 4).padStart(2, '0')},000\n${text}\n`,
      )
      .join('\n');
  const reference = new Date('2026-03-02T09:00:00Z');

  it('says the names are missing, reads the lines by content, and gives no talk share nor talk-share coaching (English)', () => {
    const lines = parseTranscript(
      srt([
        'Thanks for joining. Our platform tracks every claim.',
        'We need single sign-on with Okta for our 300 adjusters.',
        'Do you support SAML?',
        'Yes, we support SAML and OIDC.',
      ]),
      'call.srt',
    );
    expect(lines.every((l) => l.speaker === null)).toBe(true);
    const result = analyzeCallOffline(lines, { language: 'en', referenceDate: reference, sellerName: 'Sam Lee' });
    expect(result.speakerNames).toBe('missing');
    expect(result.talk).toBeUndefined();
    expect(result.speakers).toEqual([]);
    expect(result.feedback.commercial).toMatch(/names no speaker/);
    expect(result.feedback.commercial).not.toMatch(/You spoke/);
    // Nothing dropped: the buyer's question is read as one.
    expect(result.questions?.map((q) => q.lines[0])).toContain(3);
  });

  it('a plain text whose turns run over several lines keeps its speakers; a lone "Autre affaire:" in subtitles is no speaker', () => {
    const paragraphs = parseTranscript(
      [
        'Sam Lee: Thanks for joining.',
        'Our platform tracks claims.',
        'It syncs every hour.',
        'It runs offline.',
        'It exports to SAP.',
        'Dana: We need SSO.',
        'For 300 users.',
        'Across five sites.',
        'With Okta.',
        'Before June.',
        'Sam Lee: Noted.',
      ].join('\n'),
    );
    const named = analyzeCallOffline(paragraphs, { language: 'en', referenceDate: reference, sellerName: 'Sam Lee' });
    expect(named.speakerNames).toBeUndefined();
    expect(named.speakers?.map((s) => s.speaker)).toEqual(['Sam Lee', 'Dana']);
    const cues = parseTranscript(
      srt([
        'Bonjour, merci pour votre temps.',
        'On a vingt-deux magasins.',
        'Autre affaire: nos données restent au Canada.',
        'Très bien, on héberge à Montréal.',
        'Parfait.',
        'Merci.',
      ]),
      'appel.srt',
    );
    const unnamed = analyzeCallOffline(cues, { language: 'fr', referenceDate: reference });
    expect(unnamed.speakerNames).toBe('missing');
    expect(unnamed.talk).toBeUndefined();
  });

  it('reads each unnamed line by content: a question about the product is the buyer’s, one about the buyer’s world the seller’s', () => {
    expect(contentRoleOf('Do you support single sign-on with Okta?')).toBe('prospect');
    expect(contentRoleOf('How much is it per user?')).toBe('prospect');
    expect(contentRoleOf('How many stores do you run today?')).toBe('rep');
    expect(contentRoleOf('What does your approval process look like?')).toBe('rep');
    expect(contentRoleOf('We need the data to stay in the EU.')).toBe('prospect');
    expect(contentRoleOf('Our platform supports SAML, we offer it on every plan.')).toBe('rep');
    expect(contentRoleOf('Est-ce que votre solution s’intègre avec SAP ?')).toBe('prospect');
    expect(contentRoleOf('Pouvez-vous héberger les données au Canada ?')).toBe('prospect');
    expect(contentRoleOf('Combien de magasins avez-vous ?')).toBe('rep');
    expect(contentRoleOf('Nous proposons un hébergement à Montréal.')).toBe('rep');
  });

  it('says so in French too', () => {
    const lines = parseTranscript(
      srt([
        'Merci pour votre temps. Notre plateforme gère les sinistres.',
        'Est-ce que vous supportez le SSO ?',
        'Oui, nous supportons SAML.',
      ]),
      'appel.srt',
    );
    const result = analyzeCallOffline(lines, { language: 'fr', referenceDate: reference });
    expect(result.speakerNames).toBe('missing');
    expect(result.talk).toBeUndefined();
    expect(result.feedback.commercial).toMatch(/ne nomme aucun intervenant/);
  });

  it('a named call has no flag and a talk share counting the second seller, the workspace passed as sellerTeam', () => {
    const lines = parseTranscript('Sam Lee: Hello there.\nRavi Patel: We support SAML and OIDC both.\nDana: Great thanks.');
    const result = analyzeCallOffline(lines, {
      language: 'en',
      referenceDate: reference,
      sellerName: 'Sam Lee',
      sellerTeam: ['Ravi Patel'],
    });
    expect(result.speakerNames).toBeUndefined();
    expect(result.talk?.repWords).toBe(Math.round((8 / 10) * 100));
  });
});
