import { describe, expect, it } from 'vitest';
import { matchSpeakers, nameStrength, personNamed, speakerTalk } from './call-people.ts';
import { namesNobody } from './call-roles.ts';
import type { TranscriptLine } from './transcript.ts';

const contacts = [
  { id: 1, fullName: 'Priya Sharma', email: 'priya@globex.com' },
  { id: 2, fullName: 'Hélène Dubois', email: null },
  { id: 3, fullName: 'Tom Becker', email: 'tom.b@globex.com' },
];
const members = [{ id: 'u1', fullName: 'Sam Lee', email: 'sam@nexa.test', aliases: ['Samuel Lee'] }];

describe('matchSpeakers', () => {
  it('matches full names, initials and first names, accents and case aside', () => {
    const found = matchSpeakers(
      [{ speaker: 'Priya S.' }, { speaker: 'helene dubois' }, { speaker: 'Tom' }, { speaker: 'SAM LEE' }],
      contacts,
      members,
    );
    expect(found.map((m) => [m.speaker, m.contactId, m.userId, m.kind])).toEqual([
      ['Priya S.', 1, null, 'initial'],
      ['helene dubois', 2, null, 'full'],
      ['Tom', 3, null, 'first'],
      ['SAM LEE', null, 'u1', 'full'],
    ]);
  });

  it('makes no guess when two people share the first name, but the full name still decides', () => {
    const two = [...contacts, { id: 4, fullName: 'Priya Patel' }];
    const [alone, full, initial] = matchSpeakers(
      [{ speaker: 'Priya' }, { speaker: 'Priya Patel' }, { speaker: 'Priya P.' }],
      two,
      members,
    );
    expect(alone).toMatchObject({ contactId: null, userId: null, ambiguous: true });
    expect(full).toMatchObject({ contactId: 4, kind: 'full' });
    expect(initial).toMatchObject({ contactId: 4, kind: 'initial' });
  });

  it('a contact and a member of one first name: no guess either', () => {
    const [sam] = matchSpeakers([{ speaker: 'Sam' }], [{ id: 9, fullName: 'Sam Park' }], members);
    expect(sam).toMatchObject({ contactId: null, userId: null, ambiguous: true });
  });

  it('an e-mail decides before the name, case aside', () => {
    const [m] = matchSpeakers([{ speaker: 'Speaker 2', email: 'PRIYA@globex.com' }], contacts, members);
    expect(m).toMatchObject({ contactId: 1, kind: 'email' });
    const [member] = matchSpeakers([{ speaker: 'Host', email: 'sam@nexa.test' }], contacts, members);
    expect(member).toMatchObject({ userId: 'u1', contactId: null, kind: 'email' });
  });

  it('a generic speaker is matched only by the name the call gives it', () => {
    const [none, named] = matchSpeakers(
      [{ speaker: 'Speaker 2' }, { speaker: '+1 415 555 0134', calledInCall: 'Priya' }],
      contacts,
      members,
    );
    expect(none).toMatchObject({ contactId: null, kind: null, ambiguous: false });
    expect(named).toMatchObject({ contactId: 1, kind: 'introduced' });
  });

  it('a surname alone or another surname is no match', () => {
    expect(nameStrength('Sharma', 'Priya Sharma')).toBe(0);
    expect(nameStrength('Priya Patel', 'Priya Sharma')).toBe(0);
    expect(nameStrength('Sharma Priya', 'Priya Sharma')).toBe(3);
    expect(matchSpeakers([{ speaker: 'Sharma' }], contacts, members)[0]!.contactId).toBeNull();
  });

  it('member aliases count', () => {
    expect(matchSpeakers([{ speaker: 'Samuel' }], contacts, members)[0]).toMatchObject({ userId: 'u1', kind: 'first' });
  });

  it('personNamed finds one person or none', () => {
    expect(personNamed('priya', contacts)?.id).toBe(1);
    expect(personNamed('Priya', [...contacts, { id: 4, fullName: 'Priya Patel' }])).toBeNull();
    expect(personNamed('Zoe', contacts)).toBeNull();
  });

  it('namesNobody: generic names and phone numbers', () => {
    expect(namesNobody('Speaker 2')).toBe(true);
    expect(namesNobody('Intervenant 1')).toBe(true);
    expect(namesNobody('+33 1 23 45 67 89')).toBe(true);
    expect(namesNobody('Priya')).toBe(false);
  });
});

describe('speakerTalk', () => {
  it('counts turns and seconds per speaker', () => {
    const lines: TranscriptLine[] = [
      { number: 1, speaker: 'A', start: 0, end: 5, text: 'hi' },
      { number: 2, speaker: 'B', start: 5, text: 'hello there' },
      { number: 3, speaker: 'A', start: 12, end: 20, text: 'ok' },
      { number: 4, speaker: null, text: 'noise' },
    ];
    expect(speakerTalk(lines)).toEqual([
      { speaker: 'A', lines: 2, talkSeconds: 13 },
      { speaker: 'B', lines: 1, talkSeconds: 7 },
    ]);
  });
  it('no timestamps: no seconds', () => {
    expect(speakerTalk([{ number: 1, speaker: 'A', text: 'x' }])).toEqual([{ speaker: 'A', lines: 1, talkSeconds: null }]);
  });
});
