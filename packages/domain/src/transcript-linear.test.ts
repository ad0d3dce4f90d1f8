import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommercialPoints, parseTechnicalQa } from './call-analysis.ts';
import { formatTechnicalAnswers, withoutMarkdown } from './call-format.ts';
import { CLEAN_WINDOW, cleanTranscriptText, parseTranscriptStrict, TranscriptFormatError } from './transcript.ts';

/**
 * The transcript reader runs on text anyone with an API key or a form sends, in the one analysis
 * worker everybody shares (issue 33): its time must grow linearly with the text, up to the upload
 * limit. Each check climbs a ladder of sizes, each rung 4 × the one before, and stops at the first
 * rung that is slow, so a quadratic reader fails in seconds instead of hanging the run for hours.
 * The bounds are loose on purpose (4 × the text may cost up to 10 × the time; quadratic is 16 ×)
 * so a loaded two-core machine does not make them flaky: the fastest of three runs per rung, and a
 * floor of 20 ms below which timings are noise.
 */

/** The server's limit for one transcript, file or text (TRANSCRIPT_MAX_BYTES in apps/server). */
const LIMIT = 2 * 1024 * 1024;
/**
 * Below this, a rung's time is noise: copying a 2 MB string into fresh memory alone costs tens of
 * milliseconds on a busy machine whatever the reader does. A quadratic reader is far above it.
 */
const FLOOR_MS = 20;
const MAX_GROWTH = 10;

// The domain package compiles without Node's types; vitest runs it in Node.
declare const performance: { now(): number };

const VTT_CUE = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n';

/** The reader as the server calls it for a form upload; a refusal is an answer too. */
function read(text: string, fileName: string | null) {
  try {
    parseTranscriptStrict(text, fileName);
  } catch (error) {
    if (!(error instanceof TranscriptFormatError)) throw error;
  }
}

/** The fastest of a few runs: other work on the machine only ever adds time, so the minimum is the cost. */
function fastestMs(run: () => void, times = 3): number {
  let best = Infinity;
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** `prefix` then `unit` repeated to about `size` characters. */
const repeated = (prefix: string, unit: string, size: number) =>
  prefix + unit.repeat(Math.max(1, Math.floor((size - prefix.length) / unit.length)));

interface Rung {
  size: number;
  ms: number;
  text: string;
}

/**
 * Times `work` on the pattern at sizes top/4^k … top; fails at the first rung slower than
 * `budgetMs` or more than MAX_GROWTH × the rung before. A rung that looks slow is measured again,
 * with the rung before it, before the test says so: a busy machine slows one moment down, a
 * quadratic reader every time.
 */
function climb(
  build: (size: number) => string,
  work: (text: string) => void,
  top: number,
  rungs: number,
  budgetMs: number,
  floorMs = FLOOR_MS,
) {
  // Warm the JIT and the regular expressions up on a small input first.
  work(build(Math.max(64, Math.floor(top / 4 ** rungs))));
  const seen: Rung[] = [];
  const slow = (rung: Rung, previous: Rung | undefined) =>
    rung.ms >= budgetMs || (previous !== undefined && rung.ms >= MAX_GROWTH * Math.max(previous.ms, floorMs));
  for (let k = rungs - 1; k >= 0; k -= 1) {
    const text = build(Math.floor(top / 4 ** k));
    const rung = { size: text.length, ms: fastestMs(() => work(text)), text };
    const previous = seen[seen.length - 1];
    if (slow(rung, previous)) {
      if (previous)
        previous.ms = Math.min(
          previous.ms,
          fastestMs(() => work(previous.text), 5),
        );
      rung.ms = Math.min(
        rung.ms,
        fastestMs(() => work(text), 5),
      );
    }
    seen.push(rung);
    const story = seen.map((r) => `${r.size} chars: ${r.ms.toFixed(1)} ms`).join(', ');
    expect(rung.ms, `over ${budgetMs} ms (${story})`).toBeLessThan(budgetMs);
    if (previous) {
      expect(rung.ms, `grew faster than linearly (${story})`).toBeLessThan(MAX_GROWTH * Math.max(previous.ms, floorMs));
    }
  }
}

describe('the transcript reader takes linear time up to the upload limit', () => {
  // The three patterns of issue 33, and two more found by reading the patterns (the name before a
  // header's time, blank lines after an SRT cue number: both quadratic too, the first 205 s on 40 KB).
  // The last: two million lines, each one an object to allocate, the heaviest text there is at
  // the limit (about 0.1 s here alone); it is given two seconds on a busy machine.
  const patterns: Array<[string, (size: number) => string, string | null, number]> = [
    ['an unclosed WebVTT tag repeated', (n) => repeated(VTT_CUE, '<c ', n), null, 1_000],
    ['an unclosed voice tag repeated', (n) => repeated(VTT_CUE, '<v a', n), null, 1_000],
    ['a long run of leading spaces', (n) => repeated('', ' ', n - 1) + 'x', null, 1_000],
    [
      'a long run of spaces between a name and a time',
      (n) => `A${' '.repeat(n / 2)}1:00\nB${' '.repeat(n / 2)}1:00\n`,
      null,
      1_000,
    ],
    [
      'an unclosed voice tag repeated in an .srt',
      (n) => repeated('1\n00:00:01,000 --> 00:00:02,000\n', '<v a', n),
      'call.srt',
      1_000,
    ],
    ['a long run of spaces in a speaker turn', (n) => `Sam${' '.repeat(n)}x\nDana: hello`, null, 1_000],
    ['blank lines after an SRT cue number', (n) => `1${'\n'.repeat(n)}x`, null, 2_000],
  ];

  for (const [name, build, fileName, budgetMs] of patterns) {
    it(`${name}: under ${budgetMs / 1000} s at the limit`, () => {
      // 8 KB, 32 KB, 128 KB, 512 KB, 2 MB.
      climb(build, (text) => read(text, fileName), LIMIT, 5, budgetMs);
    }, 120_000);
  }

  it('any repeated pattern of tags, spaces, names, times and marks (property)', () => {
    const token = fc.constantFrom(
      '<c ',
      '<c.x ',
      '<v a',
      '<v ',
      '<',
      '>',
      '</v>',
      ' ',
      '   ',
      '\t',
      '\n',
      '\n\n',
      '\r',
      '\u2028',
      'a',
      'Sam',
      'é',
      ':',
      ': ',
      '[',
      ']',
      '(',
      ')',
      '1',
      '0:05',
      '00:00:01.000 --> 00:00:02.000',
      '-->',
      '-',
      ' - ',
      '.',
      '&amp;',
      '<00:00:01.000>',
      '*',
      '_',
      '`',
    );
    const prefix = fc.constantFrom('', VTT_CUE, '1\n00:00:01,000 --> 00:00:02,000\n', 'Sam Lee  0:05\n', 'Sam: ', '[00:00:05] ');
    const fileName = fc.constantFrom(null, 'call.vtt', 'call.srt', 'call.txt', 'call.docx');
    fc.assert(
      fc.property(
        prefix,
        fc.array(token, { minLength: 1, maxLength: 6 }).map((tokens) => tokens.join('')),
        fileName,
        fc.integer({ min: 64 * 1024, max: LIMIT }),
        (start, unit, file, top) => {
          // top/16, top/4, top: the last rung is up to the limit. The budget is generous: this
          // catches a cliff, the named patterns above hold the one-second line. Hundreds of
          // thousands of lines outgrow V8's young generation, and the collector's cost steps up
          // on one rung (once seen: 21 ms, then 273 ms for 4 × the text; a million one-letter
          // lines: 16 ms, then 116 ms for 2.8 ×), so below 50 ms a rung is not compared.
          climb(
            (n) => repeated(start, unit, n),
            (text) => read(text, file),
            top,
            3,
            5_000,
            50,
          );
        },
      ),
      // No shrinking: a slow counterexample would be re-run many times; the message names the pattern.
      { numRuns: 12, endOnFailure: true },
    );
  }, 240_000);
});

describe('a line longer than the cleaning window', () => {
  /** The whole line cleaned at once, as the reader did before it cleaned in windows. */
  const whole = (text: string) =>
    text
      .replace(/<\/?(?:c|i|b|u|lang|ruby|rt)(?:\.[\w.-]+)?(?:\s[^<>]*)?>/g, '')
      .replace(/<\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}>/g, '')
      .replace(/<\/v>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('reads the same words as cleaned whole (property)', () => {
    const token = fc.constantFrom(
      '<c.loud a b>',
      '<i>',
      '</i>',
      '<c ',
      '<00:00:01.000>',
      '</v>',
      '&amp;',
      '&amp;lt;',
      '&lt;',
      '&nbsp;',
      '&',
      '<',
      '>',
      ' ',
      '   ',
      '\t',
      'word',
      'é',
      '😀',
    );
    const long = fc
      .array(token, { minLength: CLEAN_WINDOW / 2, maxLength: CLEAN_WINDOW * 2 })
      .map((tokens) => tokens.join(''))
      .filter((text) => text.length > CLEAN_WINDOW);
    fc.assert(
      fc.property(long, (text) => {
        expect(cleanTranscriptText(text)).toBe(whole(text));
      }),
      { numRuns: 40 },
    );
  });
});

describe('writing an analysis into the opportunity takes linear time', () => {
  /** The removal the stack replaces: pass after pass until nothing changes. */
  function byPasses(text: string): string {
    let previous: string;
    let out = text;
    do {
      previous = out;
      out = out.replace(/\*\*|__|`/g, '');
    } while (out !== previous);
    return out;
  }

  it('removes markdown marks exactly as repeated passes did (property)', () => {
    const text = fc.array(fc.constantFrom('*', '_', '`', 'a', ' '), { maxLength: 60 }).map((c) => c.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(withoutMarkdown(t)).toBe(byPasses(t));
      }),
      { numRuns: 2_000 },
    );
  });

  it('nested marks at the schema limit (4,000 characters, 100 requirements) read in linear time', () => {
    // "_*_*…`…*_*_" needs one pass per level; 100 requirements of 2,000 + 4,000 characters is what the schema lets through.
    const nested = (n: number) => {
      const half = Array.from({ length: Math.floor(n / 2) }, (_, i) => (i % 2 ? '*' : '_')).join('');
      return `Q${half}\`${[...half].reverse().join('')}?`;
    };
    climb(
      nested,
      (response) => formatTechnicalAnswers(Array.from({ length: 100 }, () => ({ question: 'Q?', response, lines: [1] }))),
      4_000,
      3,
      1_000,
    );
  }, 60_000);
});

describe('reading an analysis back from the deal takes linear time', () => {
  // What call-format writes is read back by these two, in the browser that shows the deal and in
  // the PDF worker; a deal's text can hold anything an import or an edit put there. Each used to
  // be quadratic on one of these (4 s for 40,000 characters).
  const texts: Array<[string, (n: number) => string]> = [
    ['a run of spaces inside a paragraph', (n) => `a${' '.repeat(n)}b`],
    ['a run of blank lines', (n) => `a${'\n'.repeat(n)}b`],
    ['blank lines holding a space', (n) => `a${'\n '.repeat(n / 2)}b`],
    ['a question label followed by spaces', (n) => `q${' '.repeat(n)}x`],
    ['a numbered point whose line holds a U+2028', (n) => `1- ${' '.repeat(n)}a\u2028b`],
    ['a bullet whose line holds a U+2028', (n) => `- ${' '.repeat(n)}a\u2028b`],
  ];
  for (const [name, build] of texts) {
    it(`${name}: well under a second at 1 MB`, () => {
      climb(
        build,
        (text) => {
          parseCommercialPoints(text);
          parseTechnicalQa(text);
        },
        1024 * 1024,
        4,
        1_000,
      );
    }, 60_000);
  }
});
