// `npm run bench calls`: scores the call analysis on the development set (bench/calls/set, generated, and
// bench/calls/dev/set, hand-written) and the held-out set (bench/calls/held-out/set) side by side — the
// offline analyzer always, an OpenAI-compatible endpoint too when AI_BASE_URL is set — then times a
// 60-minute call and a 2 MB transcript in the analysis worker. Prints one table (docs/call-analysis.md)
// and writes bench/results/calls.json.
// `-- --verbose` also prints the development calls' misses (never the held-out ones).
// `-- --record` also writes bench/calls/scores.json, the figures call-evaluation.test.ts holds both sets to.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/cli/call-eval-run.ts'), ...process.argv.slice(2)],
  { cwd: path.join(root, 'apps/server'), stdio: 'inherit' },
);
process.exit(result.status ?? 1);
