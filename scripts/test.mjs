// `npm test`: every check, in the order a failure is cheapest to find. Each step runs even when
// an earlier one failed (except what needs a build), and the last line sums up the tests.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, ensureNginx, root, run } from './lib.mjs';

const started = Date.now();
const results = path.join(root, '.test-reports');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

ensureDependencies();

const steps = [];
function step(name, fn) {
  const t0 = Date.now();
  console.log(`\n━━ ${name}`);
  let status;
  try {
    status = fn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    status = 1;
  }
  steps.push({ name, status, seconds: Math.round((Date.now() - t0) / 1000) });
  return status === 0 || status === 'skipped';
}

const vitest = (name, projects, env = {}, files = []) =>
  run(
    'npx',
    [
      'vitest',
      'run',
      ...files,
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=.test-reports/${name}.json`,
    ],
    { env },
  );

/**
 * The whole API suite runs on PGlite; on PostgreSQL it runs the files whose answer depends on the
 * engine: figures and scoping computed in SQL, writes that race, prepared plans, and every file that
 * asks which database it is on (a test only PostgreSQL can run). Validation, HTTP hardening, the
 * analyzers and the fuzzer go through the same Drizzle statements on both and run once.
 * `npm run test:api postgres` still runs everything on PostgreSQL.
 */
const SQL_SENSITIVE = [
  'accounts',
  'accounts-deals',
  'accounts-migration',
  'access-ownership',
  'auth',
  'contacts-io',
  'call-people',
  'contacts',
  'insight-summaries',
  'insights',
  'integrations-ingest',
  'integrations-owner-match',
  'jobs',
  'leads',
  'lifecycle',
  'literal-limit',
  'metrics-property',
  'opportunities',
  'opportunities-edit',
  'opportunities-import',
  'opportunities-suggestions',
  'opportunities-team-list',
  'pipeline',
  'pipeline-board',
  'pipeline-model',
  'privacy-erasure',
  'plan-reuse',
  'platform',
  'seed',
  'settings',
  'tasks',
  'team',
  'team-admin',
  'team-dashboard-property',
  'team-summaries',
];

function postgresPassFiles() {
  const dir = path.join(root, 'apps/server/test');
  const all = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
  for (const name of SQL_SENSITIVE) {
    if (!all.includes(`${name}.test.ts`)) throw new Error(`scripts/test.mjs lists ${name}.test.ts, which does not exist`);
  }
  const asksWhichDatabase = (f) => /testDatabaseKind\(\) === 'postgres'/.test(fs.readFileSync(path.join(dir, f), 'utf8'));
  return all
    .filter((f) => SQL_SENSITIVE.includes(f.replace(/\.test\.ts$/, '')) || asksWhichDatabase(f))
    .map((f) => `apps/server/test/${f}`);
}

function postgresReachable() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 1500 });
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

step('lint (eslint, prettier)', () => run('npm', ['run', '--silent', 'lint']));
step('type check', () => run('npm', ['run', '--silent', 'typecheck']));
step('unit tests (domain, web)', () => vitest('unit', ['domain', 'web']));
step('API tests on PGlite', () => vitest('api-pglite', ['api'], { NEXA_TEST_DB: 'pglite' }));
const hasPostgres = process.env.NEXA_SKIP_POSTGRES ? false : await postgresReachable();
step('API tests on PostgreSQL', () => {
  if (!hasPostgres) {
    console.log('PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): the PostgreSQL API run is SKIPPED.');
    return 'skipped';
  }
  console.log(
    `PostgreSQL reachable: running the API tests against ${process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}`,
  );
  // The scale-out test puts two instances behind nginx (apps/server/test/scale-out.test.ts).
  const nginx = ensureNginx();
  const files = postgresPassFiles();
  console.log(`${files.length} test files check what the two databases could answer differently (scripts/test.mjs).`);
  return vitest('api-postgres', ['api'], { NEXA_TEST_DB: 'postgres', NGINX_PATH: nginx }, files);
});
const built = step('build (web, server)', () => (ensureBuild({ force: true }), 0));
step('end-to-end tests (Chromium)', () => {
  if (!built) return 1;
  const chromium = ensureChromium();
  const dataDir = path.join(root, '.e2e-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  return run('npx', ['playwright', 'test'], { env: { CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir } });
});

// Sum the test counts from the runners' JSON reports.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(results) ? fs.readdirSync(results) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(results, file), 'utf8'));
  if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}

console.log('\n━━ summary');
for (const s of steps) {
  const mark = s.status === 0 ? 'ok     ' : s.status === 'skipped' ? 'skipped' : 'FAILED ';
  console.log(`${mark} ${s.name} (${s.seconds}s)`);
}
console.log(`total time ${Math.round((Date.now() - started) / 1000)}s`);
const stepFailed = steps.some((s) => s.status !== 0 && s.status !== 'skipped');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(stepFailed || failed > 0 ? 1 : 0);
