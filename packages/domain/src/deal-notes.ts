/**
 * Notes on a deal and the people they mention (issue 37). Pure rules shared by the note box (which
 * `@` is being typed, what picking a person inserts) and the server (which of the ids sent with a note
 * are really mentioned). No zod here: the web's note box imports this file.
 */

export const NOTE_MAX_LENGTH = 5_000;
/** A note names a handful of people at most: past this, it is a broadcast, not a mention. */
export const MAX_MENTIONS = 20;

export interface MentionablePerson {
  id: string;
  full_name: string;
}

/** Letters, digits and the joiners a name holds: what may follow `@` while a name is being typed. */
const NAME_PART = /^[\p{L}\p{M}\p{N}'’.-]*( [\p{L}\p{M}\p{N}'’.-]*)?$/u;

/**
 * The `@name` being typed just before the caret, if any: the `@` must start the text or follow a space
 * or a line break (an e-mail address is not a mention), and what follows it is at most two words.
 * Answers where the `@` is and the words typed after it.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/u.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length > 60 || !NAME_PART.test(query)) return null;
  return { start: at, query };
}

/** Case and accents do not matter when a name is looked up ("@eric" finds Éric). */
export const foldName = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** The people whose name has a word starting with what was typed (all of them for a bare `@`). */
export function matchPeople<P extends MentionablePerson>(people: readonly P[], query: string): P[] {
  const q = foldName(query.trim());
  if (!q) return [...people];
  return people.filter((person) => {
    const name = foldName(person.full_name);
    return name.startsWith(q) || name.split(/\s+/u).some((word) => word.startsWith(q));
  });
}

/** Picking a person replaces the typed `@query` with `@Full Name ` and puts the caret after it. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  fullName: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${fullName} `;
  const rest = text.slice(end).replace(/^ /u, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}

/**
 * Who a note mentions: the ids sent with it that name one of the people who may see the deal, whose
 * `@Full Name` is still in the text (a mention picked then erased is not one), never the author; each
 * once, at most MAX_MENTIONS. A name alone never mentions anyone, and an id alone neither.
 */
export function resolveMentions<P extends MentionablePerson>(
  text: string,
  sentIds: readonly string[],
  people: readonly P[],
  authorId: string,
): P[] {
  const byId = new Map(people.map((person) => [person.id, person]));
  const found: P[] = [];
  for (const id of new Set(sentIds)) {
    const person = byId.get(id);
    if (!person || person.id === authorId || !text.includes(`@${person.full_name}`)) continue;
    found.push(person);
    if (found.length === MAX_MENTIONS) break;
  }
  return found;
}

/** A note's text cut into plain runs and mentions, for showing the names as names. */
export function noteParts(text: string, mentions: readonly { full_name: string }[]): Array<{ text: string; mention: boolean }> {
  const names = [...new Set(mentions.map((m) => `@${m.full_name}`))].sort((a, b) => b.length - a.length);
  const parts: Array<{ text: string; mention: boolean }> = [];
  let plain = '';
  for (let i = 0; i < text.length;) {
    const name = text[i] === '@' ? names.find((n) => text.startsWith(n, i)) : undefined;
    if (name) {
      if (plain) parts.push({ text: plain, mention: false });
      plain = '';
      parts.push({ text: name, mention: true });
      i += name.length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) parts.push({ text: plain, mention: false });
  return parts;
}
