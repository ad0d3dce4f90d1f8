import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTechnicalAnswers, withoutMarkdown } from './call-format.ts';
import { CLEAN_WINDOW, cleanTranscriptText } from './transcript.ts';
import {
  climbLadder,
  READ_BACK_CASES,
  READER_CASES,
  readAnalysisBack,
  readTranscript,
  repeated,
  TRANSCRIPT_LIMIT,
  VTT_CUE,
  type LadderOptions,
} from './transcript-ladder.ts';

/**
 * The transcript reader runs on text anyone with an API key or a form sends, in the one analysis
 * worker everybody shares (issue 33): its time must grow linearly with the text. Each check climbs a
 * ladder of sizes, each rung 4 × the one before, and fails at the first rung that costs more than
 * 10 × the one before (quadratic is 16 ×), so a quadratic reader fails in seconds instead of hanging
 * the run for hours. The cost is the thread's CPU time, not the wall clock: another process on a
 * loaded two-core machine does not add to it, and no test here has a time budget. The ladders stop at
 * a quarter of the upload limit; the time each reader takes at the limit
 * itself is `npm run bench transcript`'s line (bench/transcript.bench.mjs), not a unit test's.
 */

// The domain package compiles without Node's types; vitest runs it in Node 24.
declare const process: { threadCpuUsage(): { user: number; system: number } };

/** Milliseconds of CPU this thread has used. */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/**
 * Below this many milliseconds of CPU a rung is too short to compare (a collection of the young
 * generation alone costs a few): the next rung is compared with this instead.
 */
const FLOOR_MS = 10;

function expectLinear(options: Omit<LadderOptions, 'clock' | 'floorMs'> & { floorMs?: number }) {
  const { failure } = climbLadder({ floorMs: FLOOR_MS, ...options, clock: threadCpuMs });
  expect(failure).toBeUndefined();
}

describe('the transcript reader takes linear time', () => {
  for (const { name, build, fileName } of READER_CASES) {
    it(`${name}: linear up to a quarter of the limit`, () => {
      // 8 KB, 32 KB, 128 KB, 512 KB.
      expectLinear({ build, work: (text) => readTranscript(text, fileName), top: TRANSCRIPT_LIMIT / 4, rungs: 4 });
    }, 60_000);
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
        fc.integer({ min: 64 * 1024, max: TRANSCRIPT_LIMIT / 4 }),
        (start, unit, file, top) => {
          // top/16, top/4, top. This catches a cliff on any pattern; the named patterns above climb
          // higher. Hundreds of thousands of lines outgrow V8's young generation, and the collector's
          // cost steps up on one rung (once seen: 21 ms, then 273 ms for 4 × the text; a million
          // one-letter lines: 16 ms, then 116 ms for 2.8 ×), so below 50 ms a rung is not compared.
          expectLinear({
            build: (n) => repeated(start, unit, n),
            work: (text) => readTranscript(text, file),
            top,
            rungs: 3,
            floorMs: 50,
          });
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
    expectLinear({
      build: nested,
      work: (response) => formatTechnicalAnswers(Array.from({ length: 100 }, () => ({ question: 'Q?', response, lines: [1] }))),
      top: 4_000,
      rungs: 3,
    });
  }, 60_000);
});

describe('reading an analysis back from the deal takes linear time', () => {
  for (const [name, build] of READ_BACK_CASES) {
    it(`${name}: linear up to 256 KB`, () => {
      // 1 KB … 256 KB; `npm run bench transcript` climbs to 1 MB.
      expectLinear({ build, work: readAnalysisBack, top: 256 * 1024, rungs: 5 });
    }, 60_000);
  }
});
