/* global performance */
// `npm run bench transcript`: the transcript reader and the deal-text readers on the texts that once
// made them quadratic (issue 33), at the upload limit. Each climbs 8 KB … 2 MB (the read-back 1 KB …
// 1 MB), each rung 4 × the one before, timed by the wall clock (the fastest of three), and fails at a
// rung over its line at the limit (1 s; 2 s for two million blank lines; 1 s for the read-back at
// 1 MB) or costing more than 10 × the rung before. The unit test (packages/domain/src/transcript-linear.test.ts)
// checks the same growth by CPU time up to a quarter of the limit; the time at the limit is measured
// here, where a loaded machine shows in the figures instead of failing the suite.
// Writes bench/results/transcript.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  climbLadder,
  READ_BACK_CASES,
  READER_CASES,
  readAnalysisBack,
  readTranscript,
  TRANSCRIPT_LIMIT,
} from '../packages/domain/src/transcript-ladder.ts';

const root = path.resolve(import.meta.dirname, '..');
const clock = () => performance.now();
// Below this a rung's time is noise: copying a 2 MB string alone costs tens of milliseconds on a
// busy machine whatever the reader does.
const FLOOR_MS = 20;

const loadBefore = os.loadavg()[0];
const results = [];
const ladder = (name, options) => {
  const { rungs, failure } = climbLadder({ floorMs: FLOOR_MS, clock, ...options });
  const top = rungs[rungs.length - 1];
  console.log(
    `  ${failure ? '✗' : '✓'} ${name}: ${rungs.map((r) => `${Math.round(r.size / 1024)} KB ${r.ms.toFixed(1)} ms`).join(', ')}` +
      (failure ? ` — ${failure}` : ''),
  );
  results.push({ name, budgetMs: options.budgetMs, topMs: top?.ms, rungs, failure: failure ?? null });
};

console.log('The transcript reader, 8 KB … 2 MB (fastest of three, wall clock):');
for (const { name, build, fileName, budgetMs } of READER_CASES) {
  ladder(name, { build, work: (text) => readTranscript(text, fileName), top: TRANSCRIPT_LIMIT, rungs: 5, budgetMs });
}
console.log('Reading an analysis back from the deal, 1 KB … 1 MB:');
for (const [name, build] of READ_BACK_CASES) {
  ladder(name, { build, work: readAnalysisBack, top: 1024 * 1024, rungs: 6, budgetMs: 1_000 });
}

const load = { before: loadBefore, after: os.loadavg()[0] };
console.log(`load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/transcript.json'),
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load, results }, null, 2),
);
process.exit(results.some((r) => r.failure) ? 1 : 0);
