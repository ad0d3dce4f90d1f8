// `npm run bench [name…]`: runs every bench/<name>.bench.mjs (or the ones named) in turn.
// Each benchmark prints its own figures and writes them to bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, ensureDependencies, root, run } from '../scripts/lib.mjs';

const dir = path.join(root, 'bench');
// Names choose benchmarks; flags (`npm run bench calls -- --verbose`) are passed to each one.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('-'));
// Benchmarks that run from the sources (tsx) and need no build of the app.
const FROM_SOURCE = new Set(['calls', 'transcript']);
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .map((f) => f.replace(/\.bench\.mjs$/, ''))
  .sort();
const chosen = wanted.length ? all.filter((name) => wanted.includes(name)) : all;
if (!chosen.length) {
  console.log(`No benchmark matched. Available: ${all.join(', ') || 'none'}`);
  process.exit(wanted.length ? 1 : 0);
}

ensureDependencies();
if (!chosen.every((name) => FROM_SOURCE.has(name))) ensureBuild();
fs.mkdirSync(path.join(dir, 'results'), { recursive: true });
let failed = 0;
for (const name of chosen) {
  console.log(`\n━━ bench: ${name}`);
  if (run(process.execPath, [path.join(dir, `${name}.bench.mjs`), ...flags]) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
