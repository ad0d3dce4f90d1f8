import { describe, expect, it } from 'vitest';
import { insertMention, matchPeople, MAX_MENTIONS, mentionQuery, noteParts, resolveMentions } from './deal-notes.ts';

const PEOPLE = [
  { id: 'm1', full_name: 'Morgan Lee' },
  { id: 'm2', full_name: 'Éric Martin' },
  { id: 'r1', full_name: 'Rita Rep' },
];

describe('the @name being typed', () => {
  it('is the words after an @ that starts the text or follows a space, up to the caret', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('Ask @Mor', 8)).toEqual({ start: 4, query: 'Mor' });
    expect(mentionQuery('Ask\n@Morgan L', 13)).toEqual({ start: 4, query: 'Morgan L' });
  });

  it('is none in an e-mail address, after a third word, or before the caret reaches it', () => {
    expect(mentionQuery('mail ana@acme.com', 17)).toBeNull();
    expect(mentionQuery('@Morgan Lee said', 16)).toBeNull();
    expect(mentionQuery('no at sign', 5)).toBeNull();
    expect(mentionQuery('Ask @Mor', 3)).toBeNull();
  });

  it('finds people by any word of their name, ignoring case and accents', () => {
    expect(matchPeople(PEOPLE, '').map((p) => p.id)).toEqual(['m1', 'm2', 'r1']);
    expect(matchPeople(PEOPLE, 'eric').map((p) => p.id)).toEqual(['m2']);
    expect(matchPeople(PEOPLE, 'LEE').map((p) => p.id)).toEqual(['m1']);
    expect(matchPeople(PEOPLE, 'morgan l').map((p) => p.id)).toEqual(['m1']);
    expect(matchPeople(PEOPLE, 'zed')).toEqual([]);
  });

  it('is replaced by the full name and a space, the caret after it', () => {
    expect(insertMention('Ask @Mor now', { start: 4, query: 'Mor' }, 'Morgan Lee')).toEqual({
      text: 'Ask @Morgan Lee now',
      caret: 16,
    });
    expect(insertMention('@', { start: 0, query: '' }, 'Rita Rep')).toEqual({ text: '@Rita Rep ', caret: 10 });
  });
});

describe('who a note mentions', () => {
  it('is each id sent that names someone who may see the deal and is still in the text, once, never the author', () => {
    const text = 'Ask @Morgan Lee and @Éric Martin, cc @Rita Rep';
    expect(resolveMentions(text, ['m1', 'm2', 'm1', 'r1'], PEOPLE, 'r1').map((p) => p.id)).toEqual(['m1', 'm2']);
  });

  it('is nobody for an id of someone who may not see the deal, or a name typed without picking the person', () => {
    expect(resolveMentions('Hi @Outsider', ['x9'], PEOPLE, 'r1')).toEqual([]);
    expect(resolveMentions('Hi @Morgan Lee', [], PEOPLE, 'r1')).toEqual([]);
    // Picked, then the name erased from the text.
    expect(resolveMentions('Hi Morgan', ['m1'], PEOPLE, 'r1')).toEqual([]);
  });

  it('stops at MAX_MENTIONS people', () => {
    const many = Array.from({ length: MAX_MENTIONS + 5 }, (_, i) => ({ id: `p${i}`, full_name: `Person ${i}` }));
    const text = many.map((p) => `@${p.full_name}`).join(' ');
    expect(
      resolveMentions(
        text,
        many.map((p) => p.id),
        many,
        'r1',
      ),
    ).toHaveLength(MAX_MENTIONS);
  });

  it('shows the names mentioned as parts of their own, the longest name first', () => {
    expect(noteParts('Hi @Morgan Lee, see @Morgan', [{ full_name: 'Morgan' }, { full_name: 'Morgan Lee' }])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Morgan Lee', mention: true },
      { text: ', see ', mention: false },
      { text: '@Morgan', mention: true },
    ]);
    expect(noteParts('plain', [])).toEqual([{ text: 'plain', mention: false }]);
  });
});
