// `npm test`: every check. The steps run two at a time (the machine's cores; `npm test -- --serial`:
// one at a time), in the order a failure is cheapest to find, the end-to-end suite as soon as the
// build is done (decision 028). Each step's output goes to .test-reports/<step>.log and is printed
// whole when the step ends; every step runs even when another failed (except what needs a build), and
// the summary gives each step's time and CPU seconds, then the tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureNginx, ensureRadicale, projectNode, root } from './lib.mjs';

const started = Date.now();
const results = path.join(root, '.test-reports');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

ensureDependencies();

const vitest = (name, projects, files = []) => [
  'npx',
  'vitest',
  'run',
  ...files,
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=.test-reports/${name}.json`,
];

/**
 * With PostgreSQL reachable, the whole API suite runs on it, and PGlite runs the files whose answer
 * depends on the engine: figures and scoping computed in SQL, writes that race, prepared plans,
 * migrations and the seed, and every file that asks which database it is on. Validation, HTTP
 * hardening, the analyzers and the fuzzer go through the same Drizzle statements on both and run once,
 * on PostgreSQL, where the same files cost about two thirds of PGlite's CPU (decision 054). Without
 * PostgreSQL, everything runs on PGlite. `npm run test:api pglite|postgres` runs everything on one.
 */
const SQL_SENSITIVE = [
  'accounts',
  'accounts-deals',
  'accounts-migration',
  'access-ownership',
  'auth',
  'calendar',
  'contacts-ingest',
  'contacts-io',
  'call-people',
  'contacts',
  'contacts-list-bounds',
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

/** The API test files run on both engines: the list above, and every file that asks which one it is on. */
function bothEnginesFiles() {
  const dir = path.join(root, 'apps/server/test');
  const all = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
  for (const name of SQL_SENSITIVE) {
    if (!all.includes(`${name}.test.ts`)) throw new Error(`scripts/test.mjs lists ${name}.test.ts, which does not exist`);
  }
  const asksWhichDatabase = (f) =>
    /testDatabaseKind\(\) [!=]== '(postgres|pglite)'/.test(fs.readFileSync(path.join(dir, f), 'utf8'));
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

const hasPostgres = process.env.NEXA_SKIP_POSTGRES ? false : await postgresReachable();
// Installed (apt-get) before any step starts, so an installer's questions and output stay whole.
const nginx = hasPostgres ? ensureNginx() : undefined;
const chromium = ensureChromium();
// The calendar tests talk CalDAV to a real radicale on loopback (apps/server/test/caldav-target.ts).
const radicale = ensureRadicale();
const e2eDataDir = path.join(root, '.e2e-data');

/** Where a vitest step's test files write their CPU seconds, one line each (scripts/vitest-file-cpu.ts). */
const fileCpu = (id) => path.join(results, `${id}-files.jsonl`);

/**
 * The steps, in the order they start when a lane is free. A step with `after` waits for those steps
 * and is not run when one of them failed. `skip` gives the reason a step does not run.
 */
const steps = [
  { id: 'build', name: 'build (web, server)', command: [projectNode(), 'scripts/build.mjs'] },
  { id: 'lint', name: 'lint (eslint, prettier)', command: ['npm', 'run', '--silent', 'lint'] },
  {
    id: 'e2e',
    name: 'end-to-end tests (Chromium)',
    after: ['build'],
    before: () => fs.rmSync(e2eDataDir, { recursive: true, force: true }),
    command: ['npx', 'playwright', 'test'],
    env: { CHROMIUM_PATH: chromium, E2E_DATA_DIR: e2eDataDir },
  },
  { id: 'typecheck', name: 'type check', command: ['npm', 'run', '--silent', 'typecheck'] },
  {
    id: 'unit',
    name: 'unit tests (domain, web)',
    command: vitest('unit', ['domain', 'web']),
    env: { NEXA_FILE_CPU: fileCpu('unit') },
  },
  {
    id: 'api-postgres',
    name: 'API tests on PostgreSQL',
    skip: hasPostgres
      ? undefined
      : 'PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): the PostgreSQL API run is SKIPPED ' +
        'and every API test file runs on PGlite.',
    before: () =>
      console.log(
        `PostgreSQL reachable (${process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}): every API test file.`,
      ),
    command: vitest('api-postgres', ['api']),
    // The scale-out test puts two instances behind nginx (apps/server/test/scale-out.test.ts).
    env: { NEXA_TEST_DB: 'postgres', NGINX_PATH: nginx, RADICALE_PATH: radicale, NEXA_FILE_CPU: fileCpu('api-postgres') },
  },
  {
    id: 'api-pglite',
    name: 'API tests on PGlite',
    before: () => {
      if (!hasPostgres) return [];
      const files = bothEnginesFiles();
      console.log(`${files.length} test files check what the two databases could answer differently (scripts/test.mjs).`);
      return files;
    },
    command: (files) => vitest('api-pglite', ['api'], files),
    env: { NEXA_TEST_DB: 'pglite', RADICALE_PATH: radicale, NEXA_FILE_CPU: fileCpu('api-pglite') },
  },
];

const lanes = process.argv.includes('--serial') ? 1 : Math.max(1, Math.min(2, os.availableParallelism()));
const seconds = (ms) => Math.round(ms / 1000);
const clock = () => `${seconds(Date.now() - started)}s`.padStart(5);

/** Runs one step through scripts/measured.mjs, its output into its log; resolves with its status and CPU. */
function runStep(step) {
  const t0 = Date.now();
  const log = path.join(results, `${step.id}.log`);
  const cpuFile = path.join(results, `${step.id}.cpu`);
  let status;
  try {
    const prepared = step.before?.();
    const [command, ...args] = typeof step.command === 'function' ? step.command(prepared) : step.command;
    const out = fs.openSync(log, 'w');
    const child = spawn(projectNode(), [path.join(root, 'scripts/measured.mjs'), cpuFile, command, ...args], {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...step.env },
    });
    fs.closeSync(out);
    console.log(`${clock()} ▸ ${step.name} started (output: .test-reports/${step.id}.log)`);
    return new Promise((resolve) => {
      child.on('close', (code) => resolve(finish(step, code ?? 1, t0, log, cpuFile)));
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    status = 1;
  }
  return Promise.resolve(finish(step, status, t0, log, cpuFile));
}

function finish(step, status, t0, log, cpuFile) {
  const cpu = fs.existsSync(cpuFile) ? JSON.parse(fs.readFileSync(cpuFile, 'utf8')).cpu : Number.NaN;
  Object.assign(step, { status, seconds: seconds(Date.now() - t0), cpu: Number.isFinite(cpu) ? Math.round(cpu) : '?' });
  console.log(`\n━━ ${step.name} (${clock()} into the run)`);
  if (fs.existsSync(log)) process.stdout.write(fs.readFileSync(log));
  console.log(`${status === 0 ? '✓' : '✗'} ${step.name}: ${step.seconds}s, ${step.cpu}s of CPU`);
  return step;
}

async function lane() {
  for (;;) {
    const next = steps.find(
      (s) =>
        s.status === undefined &&
        !s.running &&
        (s.after ?? []).every((id) => steps.find((t) => t.id === id).status !== undefined),
    );
    if (!next) {
      if (steps.some((s) => s.status === undefined && !s.running)) {
        await Promise.race(steps.filter((s) => s.running).map((s) => s.running));
        continue;
      }
      return;
    }
    const blocked = (next.after ?? []).find((id) => steps.find((t) => t.id === id).status !== 0);
    if (next.skip || blocked) {
      if (next.skip) console.log(`\n━━ ${next.name}\n${next.skip}`);
      Object.assign(next, { status: next.skip ? 'skipped' : 1, seconds: 0, cpu: 0 });
      if (blocked) console.log(`\n━━ ${next.name}: not run, ${blocked} failed`);
      continue;
    }
    next.running = runStep(next);
    await next.running;
    next.running = undefined;
  }
}

await Promise.all(Array.from({ length: lanes }, lane));

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

console.log(`\n━━ summary (${lanes === 1 ? 'one step at a time' : `${lanes} steps at a time`})`);
for (const s of steps) {
  const mark = s.status === 0 ? 'ok     ' : s.status === 'skipped' ? 'skipped' : 'FAILED ';
  console.log(`${mark} ${s.name} (${s.seconds}s, ${s.cpu}s of CPU)`);
}
const cpu = steps.reduce((sum, s) => sum + (Number.isFinite(s.cpu) ? s.cpu : 0), 0);
console.log(`total time ${seconds(Date.now() - started)}s, ${cpu}s of CPU (load average now ${os.loadavg()[0].toFixed(1)})`);
// Where the CPU of the vitest steps went: their costliest files (docs/performance.md, the test suite).
for (const s of steps) {
  const file = fileCpu(s.id);
  if (!fs.existsSync(file)) continue;
  const files = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .sort((a, b) => b.cpu - a.cpu);
  const total = files.reduce((sum, f) => sum + f.cpu, 0);
  console.log(`${s.id}: ${files.length} files, ${Math.round(total)}s of CPU in their workers; the costliest:`);
  for (const f of files.slice(0, 8)) console.log(`  ${f.cpu.toFixed(1).padStart(6)}s ${f.file}`);
}
const stepFailed = steps.some((s) => s.status !== 0 && s.status !== 'skipped');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(stepFailed || failed > 0 ? 1 : 0);
