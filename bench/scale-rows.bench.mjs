/* global performance */
// `npm run bench scale-rows`: does a call's cost stay flat as the data grows? PostgreSQL (a database
// of its own per size, dropped after) with 100,000, 1,000,000 and 10,000,000 opportunities, one
// representative per 2,000 deals (50 → 5,000 representatives), so a representative's own work is
// the same at every size and only what the design shares grows. For each size the built server
// answers 20 connections on the representative's dashboard, a filtered opportunities page, the
// board's first page, a filtered My Companies page and the manager's team dashboard.
// Targets: p95 ≤ 25 ms at 1,000,000 (the manager's dashboard too, since it reads kept totals), and each p95
// at 10,000,000 at most 1.5 × its p95 at 100,000. BENCH_SCALE_SIZES=100000,1000000 picks sizes;
// seeding 10,000,000 rows takes 20–60 minutes (as busy as the machine is) and 14 GB of disk here.
// Writes bench/results/scale-rows.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { connectPostgres, createPostgresDatabase } from './lib/database.mjs';
import { loadOf } from './lib/load.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { addRepsSql, generateSql } from './team-data.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000,10000000').split(',').map(Number);
const ROWS_PER_REP = 2_000;
const CHUNK = 1_000_000;
const CONNECTIONS = 20;
const LIMIT_MS = 25;
const GROWTH_LIMIT = 1.5;
const log = (...args) => console.log('  ', ...args);
const { measure, warmUp } = loadOf({
  connections: CONNECTIONS,
  duration: Number(process.env.BENCH_DURATION ?? 5),
  runs: Number(process.env.BENCH_RUNS ?? 3),
  log,
});

const REP_CALLS = {
  dashboard: '/api/pipeline',
  filteredPage: '/api/opportunities?product=CRM%20Platform&status=On-going&sort=next_meeting_date&pageSize=25&page=2',
  board: '/api/pipeline/board',
  companiesFiltered: '/api/companies?pageSize=25&industry=Manufacturing',
};
const MANAGER_CALLS = { managerDashboard: '/api/team' };

async function seed(client, rows) {
  const reps = Math.max(50, Math.round(rows / ROWS_PER_REP));
  // The demo has 3 representatives: the others are bench reps.
  await client.query(addRepsSql(reps - 3));
  const started = performance.now();
  // In chunks: one statement's transition tables (the summaries' triggers read them) stay bounded.
  for (let done = 0; done < rows; done += CHUNK) {
    const count = Math.min(CHUNK, rows - done);
    // Offsetting the series keeps each chunk's rows spread over every representative.
    await client.query(
      generateSql(count, { reps, firstOwnerEmail: DEMO.alex }).replace(
        'generate_series(1,',
        `generate_series(${done + 1}, ${done} +`,
      ),
    );
    if (rows > CHUNK) log(`  ${(done + count).toLocaleString('en')} rows`);
  }
  await client.query('VACUUM ANALYZE');
  const [{ mine }] = (
    await client.query(`select count(*)::int mine from opportunities where owner_id = (select id from users where email = $1)`, [
      DEMO.alex,
    ])
  ).rows;
  return { reps, repRows: mine, seedSeconds: Math.round((performance.now() - started) / 1000) };
}

async function benchSize(rows) {
  console.log(`\n ${rows.toLocaleString('en')} opportunities`);
  const database = await createPostgresDatabase(`nexa_bench_rows_${rows}`);
  let server;
  let client;
  try {
    server = await startServer({ DATABASE_URL: database.url });
    await server.stop();
    client = await connectPostgres(database.url);
    const seeded = await seed(client, rows);
    log(`${seeded.reps} representatives, ${seeded.repRows} deals for the measured one, seeded in ${seeded.seedSeconds} s`);
    await client.end();
    client = undefined;
    server = await startServer({ DATABASE_URL: database.url });
    const [rep, manager] = [await signIn(server.url, DEMO.alex), await signIn(server.url, DEMO.manager)];
    await warmUp(server.url, rep, REP_CALLS);
    await warmUp(server.url, manager, MANAGER_CALLS);
    const loadBefore = os.loadavg()[0];
    const http = { ...(await measure(server.url, rep, REP_CALLS)), ...(await measure(server.url, manager, MANAGER_CALLS)) };
    return { rows, ...seeded, load: [loadBefore, os.loadavg()[0]].map((n) => Math.round(n * 100) / 100), http };
  } finally {
    await server?.stop();
    await client?.end().catch(() => {});
    await database.drop();
  }
}

const results = {
  when: new Date().toISOString(),
  connections: CONNECTIONS,
  machine: { cpus: os.cpus().length, node: process.version },
};
results.sizes = [];
for (const rows of SIZES) results.sizes.push(await benchSize(rows));

const calls = [...Object.keys(REP_CALLS), ...Object.keys(MANAGER_CALLS)];
const at = (rows) => results.sizes.find((s) => s.rows === rows);
const [smallest, largest, million] = [results.sizes[0], results.sizes.at(-1), at(1_000_000)];
results.summary = Object.fromEntries(
  calls.map((call) => {
    const growth = Math.round((largest.http[call].p95 / smallest.http[call].p95) * 100) / 100;
    return [
      call,
      {
        p95: Object.fromEntries(results.sizes.map((s) => [s.rows, s.http[call].p95])),
        growth,
        withinGrowth: growth <= GROWTH_LIMIT,
        withinLimitAt1M: million ? million.http[call].p95 <= LIMIT_MS : null,
      },
    ];
  }),
);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/scale-rows.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n p95 (ms) by size, growth ${smallest.rows.toLocaleString('en')} → ${largest.rows.toLocaleString('en')}:`);
for (const [call, s] of Object.entries(results.summary)) {
  console.log(
    `   ${call.padEnd(20)} ${Object.values(s.p95).join(' · ')}   ×${s.growth}${s.withinGrowth ? '' : ' (over 1.5)'}${s.withinLimitAt1M === false ? ` (over ${LIMIT_MS} ms at 1M)` : ''}`,
  );
}
const failed =
  Object.values(results.summary).some((s) => !s.withinGrowth || s.withinLimitAt1M === false) ||
  results.sizes.some((s) => Object.values(s.http).some((r) => r.errors));
process.exit(failed ? 1 : 0);
