// `npm run bench calls`: scores the call analysis on the labelled set in bench/calls/set —
// the offline analyzer always, an OpenAI-compatible endpoint too when AI_BASE_URL is set.
// Prints the table (docs/call-analysis.md) and writes bench/results/calls.json.
// `--record` also writes bench/calls/scores.json, the score the unit test holds the analyzer to.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/cli/call-eval-run.ts'), ...process.argv.slice(2)],
  { cwd: path.join(root, 'apps/server'), stdio: 'inherit' },
);
process.exit(result.status ?? 1);
