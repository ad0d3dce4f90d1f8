/* global fetch */
// `npm run bench tasks`: the task lists (issue 37) on PostgreSQL (a database of its own, dropped after)
// with 1,000,000 tasks over 50 representatives (20,000 each: 60 % done, 38 % open, 2 % dismissed, due
// times spread over four months around now). The built server under autocannon, 20 connections: a
// representative's four lists (today, overdue, upcoming, done; a page of 50 with the tabs' counts) and
// the manager's team overdue view; target p95 ≤ 25 ms. With each run its CPU per request (the
// server's process and the database's backends, from /proc), steadier than a p95 on a shared machine.
// Writes bench/results/tasks.json. BENCH_TASKS_KEEP=1 keeps the generated database (its name is
// printed) instead of dropping it, and BENCH_TASKS_DATABASE=<that name> measures on it again without
// generating anything: a before/after comparison on the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { backendPids, cpuMeter } from './lib/cpu.mjs';
import { connectPostgres, createPostgresDatabase, existingDatabase } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { loadOf } from './lib/load.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const REPS = 50;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MS = 25;
const KEEP = process.env.BENCH_TASKS_KEEP === '1';
const REUSE = process.env.BENCH_TASKS_DATABASE;

const log = (...args) => console.log('  ', ...args);
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** 1,000,000 tasks (TASKS) over Alex and 49 more representatives, then VACUUM ANALYZE. */
async function generate(client, alexId, dealId) {
  await client.query(
    `INSERT INTO users (id, email, full_name, role)
     SELECT 'bench-task-rep-' || g, 'bench-task-rep-' || g || '@bench.test', 'Bench Rep ' || g, 'Sales Representative'
     FROM generate_series(1, $1::int) g`,
    [REPS - 1],
  );
  // Row g belongs to Alex when g % 50 = 0 (his on his first deal), else to one of the 49 others; its
  // status and due time follow fixed strides of h = g / 50, so every run holds the same rows. (Strides
  // of g itself gave Alex, whose g are the multiples of 50, only done tasks on 24 days: his three open
  // lists were empty, and the bench measured them so until 28 Nov.)
  await client.query(
    `INSERT INTO tasks (title, due_at, owner_id, opportunity_id, source, status, completed_at, created_by)
     SELECT 'Follow up ' || g,
       now() + ((h * 104729 % 120) - 60) * interval '1 day' + (g * 7 % 1440) * interval '1 minute',
       CASE WHEN g % $2::int = 0 THEN $3 ELSE 'bench-task-rep-' || (g % ($2::int - 1) + 1) END,
       CASE WHEN g % $2::int = 0 THEN $4::int END,
       'person',
       CASE WHEN h * 7919 % 100 < 60 THEN 'done' WHEN h * 7919 % 100 < 98 THEN 'open' ELSE 'dismissed' END,
       CASE WHEN h * 7919 % 100 < 60 THEN now() END,
       NULL
     FROM generate_series(1::bigint, $1::bigint) g, LATERAL (SELECT g / $2::int AS h) stride`,
    [TASKS, REPS, alexId, dealId],
  );
  // As autovacuum leaves a table in use: its visibility map set, so the tabs' counts read the index alone.
  await client.query('VACUUM ANALYZE tasks');
}

const database = REUSE ? existingDatabase(REUSE, /^bench_tasks_\d+$/) : await createPostgresDatabase('bench_tasks');
let server;
let client;
let results;
try {
  server = await startServer({ DATABASE_URL: database.url });
  client = await connectPostgres(database.url);
  const {
    rows: [alex],
  } = await client.query(`SELECT id FROM users WHERE email = $1`, [DEMO.alex]);
  const {
    rows: [deal],
  } = await client.query(`SELECT id FROM opportunities WHERE owner_id = $1 ORDER BY id LIMIT 1`, [alex.id]);
  const started = Date.now();
  if (!REUSE) await generate(client, alex.id, deal?.id ?? null);
  const generatedS = REUSE ? null : Math.round((Date.now() - started) / 100) / 10;
  const {
    rows: [counts],
  } = await client.query(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE owner_id = $1)::int AS alex,
       count(*) FILTER (WHERE status = 'open' AND due_at < now())::int AS overdue FROM tasks`,
    [alex.id],
  );
  log(
    `${counts.all.toLocaleString('en')} tasks${REUSE ? ` in ${REUSE}` : ` in ${generatedS} s`}; Alex has ${counts.alex}, the team ${counts.overdue} overdue`,
  );

  const { measure, warmUp } = loadOf({
    connections: CONNECTIONS,
    duration: DURATION_S,
    runs: RUNS,
    log,
    cpu: cpuMeter(server.pid, () => backendPids(client)),
  });
  const rep = await signIn(server.url, DEMO.alex);
  const manager = await signIn(server.url, DEMO.manager);
  const repCalls = {
    'rep: today': '/api/tasks?view=today&pageSize=50',
    'rep: overdue': '/api/tasks?view=overdue&pageSize=50',
    'rep: upcoming': '/api/tasks?view=upcoming&pageSize=50',
    'rep: done': '/api/tasks?view=done&pageSize=50',
  };
  const managerCalls = { 'manager: team overdue': '/api/team/tasks/overdue?pageSize=50' };
  for (const [name, p] of [...Object.entries(repCalls), ...Object.entries(managerCalls)]) {
    const res = await fetch(`${server.url}${p}`, { headers: { cookie: name.startsWith('rep') ? rep : manager } });
    if (res.status !== 200) throw new Error(`${name} ${p}: ${res.status} ${await res.text()}`);
  }
  const loadBefore = loadAverage();
  await warmUp(server.url, rep, repCalls);
  await warmUp(server.url, manager, managerCalls);
  const http = { ...(await measure(server.url, rep, repCalls)), ...(await measure(server.url, manager, managerCalls)) };
  const loadAfter = loadAverage();
  const worst = Math.max(...Object.values(http).map((r) => r.p95));
  results = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    runs: RUNS,
    tasks: counts.all,
    representatives: REPS,
    generatedS,
    database: KEEP || REUSE ? database.name : undefined,
    loadBefore,
    loadAfter,
    http,
    summary: { worstP95: worst, limitMs: LIMIT_MS, withinLimit: worst <= LIMIT_MS },
  };
} finally {
  await server?.stop();
  await client?.end().catch(() => {});
  if (KEEP && !REUSE) log(`kept database ${database.name}`);
  await (KEEP ? database.keep() : database.drop());
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/tasks.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n worst p95 ${results.summary.worstP95} ms (target ${LIMIT_MS} ms)`);
process.exit(results.summary.withinLimit ? 0 : 1);
