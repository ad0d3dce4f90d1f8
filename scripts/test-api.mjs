// `npm run test:api [pglite|postgres]`: the API suite against one database.
import { ensureNginx, ensureRadicale, run } from './lib.mjs';

const target = process.argv[2] ?? 'pglite';
// On PostgreSQL the scale-out test puts two instances behind nginx (installed when missing).
// The calendar tests need Debian's radicale (a CalDAV server on loopback), installed when missing too.
const env = {
  NEXA_TEST_DB: target,
  RADICALE_PATH: ensureRadicale(),
  ...(target === 'postgres' ? { NGINX_PATH: ensureNginx() } : {}),
};
process.exit(run('npx', ['vitest', 'run', '--project', 'api'], { env }));
