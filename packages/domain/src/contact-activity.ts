import { speakerOf } from './transcript.ts';

/**
 * What a person asked and required in a call (a contact's page, issue 36): the analysis's prospect
 * questions and technical requirements whose cited line is theirs — spoken by the transcript's
 * speaker that was matched to the contact (call_speakers). A point none of whose lines they spoke
 * is someone else's, however close the words.
 */

export interface ContactWords {
  kind: 'question' | 'requirement';
  text: string;
  lines: Array<{ line: number; text: string }>;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const numbers = (value: unknown): number[] =>
  list(value).filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The points of one stored analysis (result + transcript lines) that `speaker` said. */
export function wordsOfSpeaker(result: unknown, transcriptLines: unknown, speaker: string): ContactWords[] {
  const lines = list(transcriptLines).map((l) => (typeof l === 'string' ? l : ''));
  const theirs = (n: number) => {
    const text = lines[n - 1];
    if (!text) return null;
    const turn = speakerOf(text);
    return turn.speaker && same(turn.speaker, speaker) ? { line: n, text: turn.text } : null;
  };
  const found: ContactWords[] = [];
  const take = (kind: ContactWords['kind'], text: unknown, cited: unknown) => {
    if (typeof text !== 'string' || !text.trim()) return;
    const spoken = numbers(cited)
      .map(theirs)
      .filter((l): l is { line: number; text: string } => l !== null);
    if (spoken.length) found.push({ kind, text, lines: spoken });
  };
  const r = record(result);
  for (const q of list(r.questions)) take('question', record(q).text, record(q).lines);
  for (const req of list(r.technicalRequirements)) take('requirement', record(req).question, record(req).lines);
  return found;
}
