import { describe, expect, it } from 'vitest';
import { namesGivenInCall, selfNameOf, suggestCommitteeRoles, verifiedCommitteeRoles } from './committee-roles.ts';
import { parseTranscript } from './transcript.ts';

const sides = (reps: string[]) => (speaker: string) => (reps.includes(speaker) ? ('rep' as const) : ('prospect' as const));

describe('suggestCommitteeRoles', () => {
  it('reads first-person roles of the buyer side, with the cited line and its words', () => {
    const lines = parseTranscript(
      [
        'Sam Lee: Thanks for joining. Who signs on your side?',
        'Priya Sharma: I sign anything above a hundred K, so this one is mine.',
        "Tom Becker: And I'm the one pushing this internally.",
        "Dana Wu: I'll run the security review next week.",
        "Luis Ortega: I'm in procurement, I'll review the contract.",
        "Ken Ito: Honestly I'm not convinced we need another tool.",
      ].join('\n'),
    );
    const found = suggestCommitteeRoles(lines, { sideOf: sides(['Sam Lee']), sellerNames: ['Sam Lee'] });
    expect(found.map((s) => [s.speaker, s.role, s.lines])).toEqual([
      ['Priya Sharma', 'economic_buyer', [2]],
      ['Tom Becker', 'champion', [3]],
      ['Dana Wu', 'technical_evaluator', [4]],
      ['Luis Ortega', 'legal_procurement', [5]],
      ['Ken Ito', 'blocker', [6]],
    ]);
    expect(found[0]!.quote).toBe('I sign anything above a hundred K, so this one is mine.');
    expect(verifiedCommitteeRoles(found, lines)).toHaveLength(5);
  });

  it('never gives the seller a buying role', () => {
    const lines = parseTranscript("Sam Lee: I'm the one pushing this internally at our company.\nDana: ok");
    expect(suggestCommitteeRoles(lines, { sideOf: sides(['Sam Lee']) })).toEqual([]);
  });

  it('third person: "Priya signs anything above a hundred K" is about Priya', () => {
    const lines = parseTranscript('Tom: Priya signs anything above a hundred K.\nSam: Got it.');
    const [s] = suggestCommitteeRoles(lines, { sideOf: sides(['Sam']), sellerNames: ['Sam'] });
    expect(s).toMatchObject({ speaker: null, name: 'Priya', role: 'economic_buyer', lines: [1] });
    const other = parseTranscript('Tom: Then Priya signs off on anything over budget.');
    expect(suggestCommitteeRoles(other, { sideOf: () => 'prospect' })[0]).toMatchObject({ name: 'Priya' });
  });

  it('an unlabelled speaker known by the name it gives itself', () => {
    const lines = parseTranscript(
      [
        'Sam: Welcome everyone.',
        'Speaker 2: Hi, this is Priya, the CFO.',
        'Sam: Great to have you.',
        'Speaker 2: For the record, I sign anything above a hundred K.',
      ].join('\n'),
    );
    expect(namesGivenInCall(lines).get('Speaker 2')).toBe('Priya');
    const [s] = suggestCommitteeRoles(lines, { sideOf: sides(['Sam']) });
    expect(s).toMatchObject({ speaker: 'Speaker 2', name: 'Priya', role: 'economic_buyer', lines: [4] });
  });

  it('a line with no speaker at all that names itself', () => {
    const lines = [
      { number: 1, speaker: 'Sam', text: 'Who do we have?' },
      { number: 2, speaker: null, text: 'This is Priya, the CFO. I sign anything above a hundred K.' },
    ];
    const [s] = suggestCommitteeRoles(lines, { sideOf: sides(['Sam']) });
    expect(s).toMatchObject({ speaker: null, name: 'Priya', role: 'economic_buyer', lines: [2] });
  });

  it('French', () => {
    const lines = parseTranscript(
      ["Camille: C'est moi qui signe au-delà de cent mille euros.", 'Hugo: Je porte le projet en interne.'].join('\n'),
    );
    expect(suggestCommitteeRoles(lines, { sideOf: () => 'prospect' }).map((s) => s.role)).toEqual(['economic_buyer', 'champion']);
  });

  it('one suggestion per person and role', () => {
    const lines = parseTranscript('Priya: I sign the contract.\nPriya: Again, I sign anything above 100k.');
    expect(suggestCommitteeRoles(lines, { sideOf: () => 'prospect' })).toHaveLength(1);
  });
});

describe('verifiedCommitteeRoles', () => {
  const lines = parseTranscript('Priya: I sign anything above a hundred K.\nSam: ok');
  it('drops a quote not in its line, an unknown speaker, a line out of range', () => {
    const base = { speaker: 'Priya', name: null, role: 'economic_buyer' as const, lines: [1], quote: 'I sign anything' };
    expect(verifiedCommitteeRoles([base], lines)).toHaveLength(1);
    expect(verifiedCommitteeRoles([{ ...base, quote: 'I approve budgets' }], lines)).toHaveLength(0);
    expect(verifiedCommitteeRoles([{ ...base, speaker: 'Zed' }], lines)).toHaveLength(0);
    expect(verifiedCommitteeRoles([{ ...base, lines: [9] }], lines)).toHaveLength(0);
  });
});

describe('selfNameOf', () => {
  it.each([
    ['Hi, this is Priya, the CFO.', 'Priya'],
    ['Priya here.', 'Priya'],
    ["It's Priya Sharma from finance", 'Priya Sharma'],
    ["Bonjour, c'est Camille.", 'Camille'],
    ['This is great.', null],
    ['I think this is fine', null],
  ])('%s', (text, name) => expect(selfNameOf(text)).toBe(name));
});
