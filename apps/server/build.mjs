// Bundles the server into dist/ (workspace packages inlined, npm dependencies kept external)
// and copies the SQL migrations and read models (db/read-models/*.sql) beside it. The worker
// threads are entries of their own: main.js
// starts dist/docx-worker.js (src/uploads/docx.ts), dist/call-worker.js (src/ai/call-thread.ts),
// dist/pdf-worker.js (src/workers/pdf.ts) and dist/import-worker.js (src/workers/import-body.ts).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@nexa/'));

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'docx-worker': path.join(here, 'src/uploads/docx-worker.ts'),
    'call-worker': path.join(here, 'src/ai/call-worker.ts'),
    'pdf-worker': path.join(here, 'src/workers/pdf-worker.ts'),
    'import-worker': path.join(here, 'src/workers/import-worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
fs.cpSync(path.join(here, 'src/db/read-models'), path.join(here, 'dist/read-models'), {
  recursive: true,
  filter: (source) => !path.extname(source) || source.endsWith('.sql'),
});
console.log('server built: apps/server/dist/main.js');
