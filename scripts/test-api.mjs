// `npm run test:api [pglite|postgres]`: the API suite against one database.
import { ensureNginx, run } from './lib.mjs';

const target = process.argv[2] ?? 'pglite';
// On PostgreSQL the scale-out test puts two instances behind nginx (installed when missing).
const env = target === 'postgres' ? { NEXA_TEST_DB: target, NGINX_PATH: ensureNginx() } : { NEXA_TEST_DB: target };
process.exit(run('npx', ['vitest', 'run', '--project', 'api'], { env }));
