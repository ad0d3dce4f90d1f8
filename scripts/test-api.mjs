// `npm run test:api [pglite|postgres]`: the API suite against one database.
import { run } from './lib.mjs';

const target = process.argv[2] ?? 'pglite';
process.exit(run('npx', ['vitest', 'run', '--project', 'api'], { env: { NEXA_TEST_DB: target } }));
