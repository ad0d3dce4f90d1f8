// `npm run test:e2e`: builds if needed, then the Playwright suite on a fresh data folder.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, ensureChromium, root, run } from './lib.mjs';

ensureBuild();
const chromium = ensureChromium();
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(root, '.e2e-data'));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(
  run('npx', ['playwright', 'test', ...process.argv.slice(2)], { env: { CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir } }),
);
