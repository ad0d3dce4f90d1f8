import { speakerOf } from '@nexa/domain';

/** What an erased contact's name becomes wherever it was written. */
export const ERASED_NAME = '[erased contact]';
/** What the words an erased contact said become. */
export const ERASED_WORDS = '[erased]';

/** Shorter spoken lines are not looked for inside other texts ("Yes.", "Thanks"): too common to be theirs. */
const MIN_WORDS_LENGTH = 12;

export interface Person {
  /** Their full name, e-mail, phone: replaced wherever they stand. */
  terms: string[];
  /** The names they spoke under in their calls (call_speakers.speaker): a line under one of these is theirs. */
  labels: string[];
  /** What they said (their lines' words, from the calls they spoke in). */
  words: string[];
  /**
   * The words of their name ("Priya", "Nair"), replaced as capitalised whole words ("Hello Priya"),
   * so that "will" is not taken for a Will. Only the person's related rows are scrubbed at all.
   */
  nameWords: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces a person's name and words in stored text: a transcript line spoken under one of their
 * labels becomes "[erased contact]: [erased]", a text holding (or quoted from) one of their lines
 * becomes "[erased]", and their name, e-mail or phone anywhere becomes "[erased contact]".
 */
export function scrubber(person: Person) {
  const labels = new Set(person.labels.map((label) => label.trim().toLocaleLowerCase()).filter(Boolean));
  const words = [...new Set(person.words.map((w) => w.trim()).filter((w) => w.length >= MIN_WORDS_LENGTH))];
  const lowerWords = words.map((w) => w.toLocaleLowerCase());
  // Longest first, so "Priya Nair" goes whole before "Priya"; names as whole words, case aside.
  const terms = [...new Set(person.terms.map((t) => t.trim()).filter((t) => t.length >= 2))].sort((a, b) => b.length - a.length);
  const termPattern = terms.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : null;
  const capitalised = [...new Set(person.nameWords.filter((w) => w.length >= 3))].map(
    (w) => w.charAt(0).toLocaleUpperCase() + w.slice(1),
  );
  const namePattern = capitalised.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${capitalised.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu')
    : null;

  const line = (text: string): string => {
    const turn = speakerOf(text);
    if (turn.speaker && labels.has(turn.speaker.trim().toLocaleLowerCase())) return `${ERASED_NAME}: ${ERASED_WORDS}`;
    const lower = text.trim().toLocaleLowerCase();
    // A quote of their words (an analysis's evidence), or a text that repeats one of their lines.
    if (lower.length >= MIN_WORDS_LENGTH && lowerWords.some((w) => w.includes(lower))) return ERASED_WORDS;
    let out = text;
    for (const [i, w] of lowerWords.entries()) {
      if (out.toLocaleLowerCase().includes(w)) out = out.replace(new RegExp(escape(words[i]!), 'giu'), ERASED_WORDS);
    }
    if (termPattern) out = out.replace(termPattern, ERASED_NAME);
    return namePattern ? out.replace(namePattern, ERASED_NAME) : out;
  };

  const text = (value: string): string => (value.includes('\n') ? value.split('\n').map(line).join('\n') : line(value));

  /** Every string inside a JSON value (keys too), scrubbed; the same value back when nothing changed. */
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [text(k), json(v)]));
    }
    return value;
  };

  return { text, json };
}
