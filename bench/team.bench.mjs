/* global fetch, performance, Buffer */
// `npm run bench team`: the manager workspace's endpoints under load, on figures kept by the team
// summaries, against the original approach (every row sent to the client and grouped there).
//   PostgreSQL (127.0.0.1:5432): 1,000,000 opportunities over 50 representatives, own database, dropped after.
//   PGlite (on disk):            100,000 opportunities over 50 representatives, own folder, removed after.
// Rows are generated with INSERT … SELECT generate_series; the summary triggers fold the statement
// into the summaries, and the bench checks they equal a full GROUP BY before measuring.
// The manager's insights too: forecast (and a figure's deals, the weekly changes), deals at risk, trends and
// coaching, over open deals with closing dates, forecast calls and analysed calls (insightsSql).
// Writes bench/results/team.json. Targets: p95 ≤ 40 ms (dashboard, list, insights), ≤ 25 ms (detail), 20 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/lib.mjs';
import { cpuMs } from './lib/cpu.mjs';
import { connectPostgres, createPostgresDatabase, openPglite } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { addRepsSql } from './team-data.mjs';

const PG_ROWS = Number(process.env.BENCH_TEAM_PG_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_TEAM_PGLITE_ROWS ?? 100_000);
const REPS = 50;
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_TEAM_SECONDS ?? 6);
const TARGETS = {
  dashboard: 40,
  list: 40,
  detail: 25,
  forecast: 40,
  forecastDeals: 40,
  forecastChanges: 40,
  risks: 40,
  risksRep: 40,
  trends: 40,
  trendsRep: 40,
  coaching: 40,
};

/**
 * Where CPU per request is read from: the server's process and, on PostgreSQL, the database's
 * backends. On a shared machine latency follows the others' load; CPU per request does not.
 */
let cpuOf = { server: () => [], database: async () => [] };

/** p50/p95/p99 from every response's own latency (autocannon's summary has no p95), CPU per request and the load average. */
async function load(url, cookie) {
  const times = [];
  let errors = 0;
  const pids = [...cpuOf.server(), ...(await cpuOf.database())];
  const cpuBefore = cpuMs(pids);
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status !== 200) errors++;
    times.push(ms);
  });
  const result = await instance;
  const cpuPerRequest = pids.length ? Math.round(((cpuMs(pids) - cpuBefore) / times.length) * 100) / 100 : null;
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;
  return {
    requests: times.length,
    rps: Math.round(result.requests.average),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
    cpuMsPerRequest: cpuPerRequest,
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  };
}

// 50 representatives: the 3 demo ones plus 47 more (addRepsSql); ~1 % of rows have no owner (Unassigned).
const rowsSql = (count) => `
  WITH reps AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'Sales Representative')
  INSERT INTO opportunities (owner_id, account_manager, product, status, stage, lead_status, amount, client_company_name,
    client_name, next_meeting_date, closing_date, company_industry, record_date, technical_scoring, commercial_scoring,
    technical_answers, commercial_answers, technical_feedback, commercial_feedback)
  SELECT
    CASE WHEN g % 97 = 0 THEN NULL ELSE reps.ids[1 + g % array_length(reps.ids, 1)] END,
    'Bench Rep', (ARRAY['CRM Platform','Marketing Suite','Analytics Platform','Sales Automation','Support Desk'])[1 + g % 5],
    s.status, s.stage, (ARRAY['Hot Lead','Warm Lead','Cold Lead','Qualified','Pending','Closed Won'])[1 + g % 6],
    (10 + (g::bigint * 7919) % 390) * 500, 'Company ' || (g % 5000), 'Contact ' || (g % 800),
    now() + ((g % 90) - 30) * interval '1 day',
    CASE WHEN s.status IN ('Closed-Win', 'lost') THEN (now() - (g % 180) * interval '1 day' + (10 + g % 80) * interval '1 day')::date
      -- Open deals expect to close within the next two quarters (or slipped a little): the forecast's rows.
      ELSE (now() + ((g % 200) - 20) * interval '1 day')::date END,
    'Software', now() - (g % 180) * interval '1 day', 3 + (g % 70) / 10.0, 3 + (g % 67) / 10.0,
    'Question: Does it integrate with Salesforce?' || chr(10) || 'Response: Yes, with native connectors syncing every 5 minutes.',
    '1- Budget: Approved for this fiscal year.' || chr(10) || '2- Timeline: Go live next quarter.',
    'Confirm the budget owner earlier.', 'Quantify the value before the price.'
  FROM generate_series(1, ${count}) g
  CROSS JOIN reps
  -- Each status with the stage resolvePipeline (@nexa/domain) gives it, as the application writes it.
  CROSS JOIN LATERAL (SELECT (ARRAY['On-going','Negotiation','Qualified','Closed-Win','lost'])[1 + (g / 7) % 5] AS status,
    (ARRAY['New','Negotiation','Qualified','Closed-Win','Closed-Lost'])[1 + (g / 7) % 5] AS stage) s`;

// What the insights read besides the rows: a forecast call on a third of the open deals, an analysed
// call (a short transcript naming a rival, no budget) on every 19th deal (19 and the 50 owners share
// no factor, so every representative has calls for coaching to read), some deals quiet for weeks.
const insightsSql = [
  `UPDATE opportunities SET forecast_category = (ARRAY['commit', 'best_case', 'pipeline'])[1 + id % 3]
    WHERE outcome = 'open' AND id % 3 = 0`,
  `UPDATE opportunities SET last_activity_at = now() - (id % 40) * interval '1 day',
    stage_changed_at = now() - (id % 70) * interval '1 day' WHERE id % 5 = 0`,
  `INSERT INTO call_analyses (opportunity_id, provider, language, transcript_lines, result, created_at)
    SELECT id, 'offline', 'en',
      '["Sam: Thanks for your time.", "Dana: We are also evaluating Gong.", "Sam: We integrate with Salesforce."]'::jsonb,
      ('{"technicalScore": {"score": ' || (3 + id % 7) || ', "reasons": []}, "commercialScore": {"score": ' || (2 + id % 8)
        || ', "reasons": []}, "nextMeeting": null, "nextSteps": []}')::jsonb,
      now() - (id % 91) * interval '1 day'
    FROM opportunities WHERE id % 19 = 0`,
];

/** After the week's snapshot: some deals move (won, slipped, recommitted), as a week of work would. */
const weekOfWorkSql = `
  UPDATE opportunities SET closing_date = closing_date + 120, forecast_category = 'commit'
  WHERE id IN (SELECT id FROM opportunities WHERE outcome = 'open' AND closing_date IS NOT NULL ORDER BY id LIMIT 1500)`;

const CHECK_SQL = `
  SELECT
    (SELECT count(*) FROM (
      SELECT coalesce(owner_id, '') AS k, outcome AS p, count(*)::bigint AS d, coalesce(sum(amount), 0)::numeric AS a
      FROM opportunities GROUP BY 1, 2
      EXCEPT SELECT owner_key, outcome, deals, amount_sum::numeric FROM team_summaries) x)::int AS mismatches,
    (SELECT coalesce(sum(deals), 0) FROM team_summaries)::bigint AS summarised`;

/** The original approach: every row of the table to the client, then grouped there. */
async function baseline(query) {
  const t0 = performance.now();
  const rows = await query('SELECT * FROM opportunities');
  const fetchMs = performance.now() - t0;
  // What the browser would download: the rows as one JSON array (sized row by row, as a
  // single string of a million rows is longer than V8 allows).
  let jsonBytes = 2;
  for (const row of rows) jsonBytes += Buffer.byteLength(JSON.stringify(row)) + 1;
  const groups = new Map();
  for (const row of rows) {
    const key = row.owner_id ?? '';
    const g = groups.get(key) ?? { deals: 0, amount: 0, won: 0, lost: 0, tech: 0, techN: 0, comm: 0, commN: 0 };
    g.deals++;
    g.amount += Number(row.amount ?? 0);
    if (row.pipeline_status === 'Closed-Win') g.won++;
    if (row.pipeline_status === 'Closed-Lost') g.lost++;
    if (row.technical_scoring !== null) {
      g.tech += row.technical_scoring;
      g.techN++;
    }
    if (row.commercial_scoring !== null) {
      g.comm += row.commercial_scoring;
      g.commN++;
    }
    groups.set(key, g);
  }
  return {
    ms: Math.round(performance.now() - t0),
    fetchMs: Math.round(fetchMs),
    jsonMB: Math.round((jsonBytes / 1e6) * 10) / 10,
    groups: groups.size,
  };
}

async function measure(url, afterSnapshot) {
  const cookie = await signIn(url, DEMO.manager);
  const list = await (await fetch(`${url}/api/team/representatives?pageSize=200`, { headers: { cookie } })).json();
  const repId = list.items.find((m) => m.id && m.totalDeals > 0).id;
  // The week's forecast snapshot, taken once before measuring (the changes view waits for it), then a week of work.
  const t0 = performance.now();
  const first = await fetch(`${url}/api/insights/forecast/changes`, { headers: { cookie } });
  if (first.status !== 200) throw new Error(`forecast changes answered ${first.status}`);
  const snapshotMs = Math.round(performance.now() - t0);
  await afterSnapshot();
  const rep = encodeURIComponent(repId);
  const results = {
    dashboard: await load(`${url}/api/team`, cookie),
    dashboardProfile: await load(`${url}/api/me`, cookie),
    list: await load(`${url}/api/team/representatives?sort=-totalSales`, cookie),
    listSearch: await load(`${url}/api/team/representatives?q=rep%201`, cookie),
    detail: await load(`${url}/api/team/representatives/${rep}`, cookie),
    forecast: await load(`${url}/api/insights/forecast?quarter=current`, cookie),
    forecastDeals: await load(`${url}/api/insights/forecast/deals?quarter=current&figure=commit`, cookie),
    forecastChanges: await load(`${url}/api/insights/forecast/changes`, cookie),
    risks: await load(`${url}/api/insights/risks`, cookie),
    risksRep: await load(`${url}/api/insights/risks?representative=${rep}`, cookie),
    trends: await load(`${url}/api/insights/trends`, cookie),
    trendsRep: await load(`${url}/api/insights/trends?representative=${rep}`, cookie),
    coaching: await load(`${url}/api/insights/representatives/${rep}/coaching`, cookie),
  };
  return { representatives: list.total, snapshotMs, results };
}

const verdict = (results) =>
  Object.fromEntries(
    Object.entries(TARGETS).map(([name, limit]) => [name, { p95: results[name].p95, limit, ok: results[name].p95 <= limit }]),
  );

function print(label, run) {
  console.log(`\n${label}`);
  for (const [name, r] of Object.entries(run.results)) {
    console.log(
      `  ${name.padEnd(17)} p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ${r.rps} req/s  errors ${r.errors}  ` +
        `CPU ${r.cpuMsPerRequest ?? '?'} ms/req  load ${r.loadAverage}`,
    );
  }
  console.log(
    `  original approach: ${run.baseline.ms} ms (${run.baseline.jsonMB} MB of JSON) → ${run.ratio}× the dashboard's p95`,
  );
}

async function benchPostgres() {
  const database = await createPostgresDatabase('nexa_team_bench');
  let server;
  try {
    server = await startServer({ DATABASE_URL: database.url }); // migrates and seeds the demo team
    const client = await connectPostgres(database.url); // the database is dropped with FORCE at the end
    await client.query(addRepsSql(REPS - 3));
    let t0 = performance.now();
    await client.query(rowsSql(PG_ROWS));
    for (const statement of insightsSql) await client.query(statement);
    const loadMs = Math.round(performance.now() - t0);
    await client.query('VACUUM ANALYZE');
    const { rows: check } = await client.query(CHECK_SQL);
    if (check[0].mismatches !== 0) throw new Error('team summaries differ from the rows');
    cpuOf = {
      server: () => [server.pid],
      database: async () =>
        (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid),
    };
    const run = await measure(server.url, () => client.query(weekOfWorkSql));
    console.log('PostgreSQL endpoints:', JSON.stringify(run.results));
    t0 = performance.now();
    await client.query('SELECT owner_id, pipeline_status, count(*), sum(amount) FROM opportunities GROUP BY 1, 2');
    const groupByMs = Math.round(performance.now() - t0);
    run.baseline = await baseline(async (q) => (await client.query(q)).rows);
    run.ratio = Math.round(run.baseline.ms / run.results.dashboard.p95);
    await client.end();
    return { rows: PG_ROWS, loadMs, summariesMatchRows: true, plainGroupByMs: groupByMs, ...run, verdict: verdict(run.results) };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

async function benchPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-team-bench-'));
  let server;
  try {
    // First start migrates and seeds; the rows are then loaded with the server stopped
    // (one process per PGlite folder), and the server started again on them.
    server = await startServer({ DATA_DIR: dataDir });
    await server.stop();
    const db = await openPglite(dataDir);
    await db.exec(addRepsSql(REPS - 3));
    let t0 = performance.now();
    await db.exec(rowsSql(PGLITE_ROWS));
    for (const statement of insightsSql) await db.exec(statement);
    const loadMs = Math.round(performance.now() - t0);
    await db.exec('VACUUM ANALYZE');
    const check = (await db.query(CHECK_SQL)).rows[0];
    if (Number(check.mismatches) !== 0) throw new Error('team summaries differ from the rows');
    t0 = performance.now();
    await db.query('SELECT owner_id, pipeline_status, count(*), sum(amount) FROM opportunities GROUP BY 1, 2');
    const groupByMs = Math.round(performance.now() - t0);
    const base = await baseline(async (q) => (await db.query(q)).rows);
    await db.close();
    server = await startServer({ DATA_DIR: dataDir });
    // PGlite has one process per folder: the week of work goes through the server's own data instead.
    cpuOf = { server: () => [server.pid], database: async () => [] };
    const run = await measure(server.url, async () => {});
    run.baseline = base;
    run.ratio = Math.round(run.baseline.ms / run.results.dashboard.p95);
    return {
      rows: PGLITE_ROWS,
      loadMs,
      summariesMatchRows: true,
      plainGroupByMs: groupByMs,
      ...run,
      verdict: verdict(run.results),
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=postgres or BENCH_ONLY=pglite measures one database only.
const only = process.env.BENCH_ONLY;
const started = Date.now();
const loadAtStart = Math.round(os.loadavg()[0] * 10) / 10;
const postgres = only === 'pglite' ? null : await benchPostgres();
if (postgres) {
  print(
    `PostgreSQL, ${PG_ROWS.toLocaleString('en-US')} opportunities, ${REPS} representatives, ${CONNECTIONS} connections`,
    postgres,
  );
}
const pglite = only === 'postgres' ? null : await benchPglite();
if (pglite) {
  print(
    `PGlite, ${PGLITE_ROWS.toLocaleString('en-US')} opportunities, ${REPS} representatives, ${CONNECTIONS} connections`,
    pglite,
  );
}

const output = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, Node ${process.version}`,
  // The machine is shared: the 1-minute load average at the start and the end of the run.
  loadAverage: { start: loadAtStart, end: Math.round(os.loadavg()[0] * 10) / 10 },
  connections: CONNECTIONS,
  secondsPerEndpoint: DURATION,
  targets: TARGETS,
  postgres,
  pglite,
  runtimeSeconds: Math.round((Date.now() - started) / 1000),
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/team.json'), JSON.stringify(output, null, 2) + '\n');
const failed = [postgres, pglite].some((run) => run && Object.values(run.verdict).some((v) => !v.ok));
console.log(`\nbench/results/team.json written (${output.runtimeSeconds} s)${failed ? ' — a target was missed' : ''}`);
process.exit(failed ? 1 : 0);
