/**
 * The texts that once made the transcript reader and the deal-text readers quadratic (issue 33), and
 * the ladder that times a reader on them at growing sizes. Two users: `transcript-linear.test.ts`
 * checks that the cost grows linearly, by the thread's CPU time and never against a wall-clock budget,
 * at sizes up to a quarter of the upload limit; `npm run bench transcript` (bench/transcript.bench.mjs)
 * climbs to the limit itself and holds each reader to its time there. Test and bench code only: no
 * feature imports it.
 */
import { parseCommercialPoints, parseTechnicalQa } from './call-analysis.ts';
import { parseTranscriptStrict, TranscriptFormatError } from './transcript.ts';

/** The server's limit for one transcript, file or text (TRANSCRIPT_MAX_BYTES in apps/server). */
export const TRANSCRIPT_LIMIT = 2 * 1024 * 1024;
/** 4 × the text may cost up to 10 × the time; quadratic is 16 ×. */
export const MAX_GROWTH = 10;

export const VTT_CUE = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n';

/** `prefix` then `unit` repeated to about `size` characters. */
export const repeated = (prefix: string, unit: string, size: number) =>
  prefix + unit.repeat(Math.max(1, Math.floor((size - prefix.length) / unit.length)));

/** The reader as the server calls it for a form upload; a refusal is an answer too. */
export function readTranscript(text: string, fileName: string | null) {
  try {
    parseTranscriptStrict(text, fileName);
  } catch (error) {
    if (!(error instanceof TranscriptFormatError)) throw error;
  }
}

/** What the deal page and the PDF worker run on an analysis written into the deal. */
export function readAnalysisBack(text: string) {
  parseCommercialPoints(text);
  parseTechnicalQa(text);
}

export interface ReaderCase {
  name: string;
  build: (size: number) => string;
  fileName: string | null;
  /** Milliseconds the reader may take at the upload limit (the bench's line). */
  budgetMs: number;
}

/**
 * The three patterns of issue 33, and two more found by reading the patterns (the name before a
 * header's time, blank lines after an SRT cue number: both quadratic too, the first 205 s on 40 KB).
 * The last: two million lines, each one an object to allocate, the heaviest text there is at the
 * limit (about 0.1 s alone); it is given two seconds on a busy machine.
 */
export const READER_CASES: ReaderCase[] = [
  { name: 'an unclosed WebVTT tag repeated', build: (n) => repeated(VTT_CUE, '<c ', n), fileName: null, budgetMs: 1_000 },
  { name: 'an unclosed voice tag repeated', build: (n) => repeated(VTT_CUE, '<v a', n), fileName: null, budgetMs: 1_000 },
  { name: 'a long run of leading spaces', build: (n) => repeated('', ' ', n - 1) + 'x', fileName: null, budgetMs: 1_000 },
  {
    name: 'a long run of spaces between a name and a time',
    build: (n) => `A${' '.repeat(n / 2)}1:00\nB${' '.repeat(n / 2)}1:00\n`,
    fileName: null,
    budgetMs: 1_000,
  },
  {
    name: 'an unclosed voice tag repeated in an .srt',
    build: (n) => repeated('1\n00:00:01,000 --> 00:00:02,000\n', '<v a', n),
    fileName: 'call.srt',
    budgetMs: 1_000,
  },
  {
    name: 'a long run of spaces in a speaker turn',
    build: (n) => `Sam${' '.repeat(n)}x\nDana: hello`,
    fileName: null,
    budgetMs: 1_000,
  },
  { name: 'blank lines after an SRT cue number', build: (n) => `1${'\n'.repeat(n)}x`, fileName: null, budgetMs: 2_000 },
];

/**
 * What call-format writes is read back by these, in the browser that shows the deal and in the PDF
 * worker; a deal's text can hold anything an import or an edit put there. Each used to be quadratic
 * on one of these (4 s for 40,000 characters). The bench holds them well under a second at 1 MB.
 */
export const READ_BACK_CASES: Array<[string, (n: number) => string]> = [
  ['a run of spaces inside a paragraph', (n) => `a${' '.repeat(n)}b`],
  ['a run of blank lines', (n) => `a${'\n'.repeat(n)}b`],
  ['blank lines holding a space', (n) => `a${'\n '.repeat(n / 2)}b`],
  ['a question label followed by spaces', (n) => `q${' '.repeat(n)}x`],
  ['a numbered point whose line holds a U+2028', (n) => `1- ${' '.repeat(n)}a\u2028b`],
  ['a bullet whose line holds a U+2028', (n) => `- ${' '.repeat(n)}a\u2028b`],
];

export interface Rung {
  size: number;
  ms: number;
}

export interface LadderOptions {
  build: (size: number) => string;
  work: (text: string) => void;
  /** The top rung's size; the ladder is top/4^(rungs-1) … top. */
  top: number;
  rungs: number;
  /** Milliseconds of work so far: the test passes the thread's CPU time, the bench the wall clock. */
  clock: () => number;
  /** A rung over this fails (the bench's line at the limit); none in the test. */
  budgetMs?: number;
  /** Below this a rung is noise: the next rung is compared with this instead. */
  floorMs: number;
}

/**
 * Times `work` on each rung (the fastest of three: other work only ever adds time) and stops at the
 * first rung that is over the budget or more than MAX_GROWTH × the rung before, so a quadratic reader
 * fails in seconds instead of hanging the run. A rung that looks slow is measured again, with the rung
 * before it, before it counts: a garbage collection slows one run down, a quadratic reader every one.
 * Returns the rungs measured and, when one failed, why.
 */
export function climbLadder(options: LadderOptions): { rungs: Rung[]; failure?: string } {
  const { build, work, top, rungs, clock, budgetMs = Infinity, floorMs } = options;
  const fastest = (text: string, times: number) => {
    let best = Infinity;
    for (let i = 0; i < times; i += 1) {
      const start = clock();
      work(text);
      best = Math.min(best, clock() - start);
    }
    return best;
  };
  // Warm the JIT and the regular expressions up on a small input first.
  work(build(Math.max(64, Math.floor(top / 4 ** rungs))));
  const seen: Array<Rung & { text: string }> = [];
  const slow = (rung: Rung, previous: Rung | undefined) =>
    rung.ms >= budgetMs || (previous !== undefined && rung.ms >= MAX_GROWTH * Math.max(previous.ms, floorMs));
  const story = () => seen.map((r) => `${r.size} chars: ${r.ms.toFixed(1)} ms`).join(', ');
  for (let k = rungs - 1; k >= 0; k -= 1) {
    const text = build(Math.floor(top / 4 ** k));
    const rung = { size: text.length, ms: fastest(text, 3), text };
    const previous = seen[seen.length - 1];
    if (slow(rung, previous)) {
      if (previous) previous.ms = Math.min(previous.ms, fastest(previous.text, 5));
      rung.ms = Math.min(rung.ms, fastest(text, 5));
    }
    seen.push(rung);
    const measured = seen.map(({ size, ms }) => ({ size, ms }));
    if (rung.ms >= budgetMs) return { rungs: measured, failure: `over ${budgetMs} ms (${story()})` };
    if (previous && rung.ms >= MAX_GROWTH * Math.max(previous.ms, floorMs)) {
      return { rungs: measured, failure: `grew faster than linearly (${story()})` };
    }
  }
  return { rungs: seen.map(({ size, ms }) => ({ size, ms })) };
}
