/* global fetch, setTimeout */
// `npm run bench notifications`: the bell (issue 37) on PostgreSQL (a database of its own, dropped
// after) with 1,000,000 notifications over 50 people (20,000 each, a third unread). The built server
// under autocannon, 20 connections: the bell's unread count and the panel's first and fifth pages;
// target p95 ≤ 25 ms. Then a weekly digest to 5,000 managers (the jobs the Monday tick enqueues, one
// per manager): the same calls and a representative's dashboard measured before and while the
// server's job worker sends them (to its outbox folder), and how long the 5,000 took; target: the
// API's p95 slowed by at most 10 %. The worker paces them (NOTIFICATIONS_MAIL_PER_SECOND, 5 by default,
// passed on when set: 0 sends them unpaced, the figure before pacing). Writes bench/results/notifications.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { connectPostgres, createPostgresDatabase } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { loadOf } from './lib/load.mjs';
import { addRepsSql } from './team-data.mjs';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const PEOPLE = 50;
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? 5_000);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MS = 25;
const SLOWDOWN_LIMIT = 1.1;
const MAIL_PER_SECOND = Number(process.env.NOTIFICATIONS_MAIL_PER_SECOND ?? 5);

const log = (...args) => console.log('  ', ...args);
const { measure, warmUp } = loadOf({ connections: CONNECTIONS, duration: DURATION_S, runs: RUNS, log });
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const database = await createPostgresDatabase('bench_notifications');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-bench-notifications-'));
let server;
let client;
let results;
try {
  // The sweep stays off: the bench writes the rows, and enqueues the digests itself.
  server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, NOTIFICATIONS_EVERY_MS: '0' });
  client = await connectPostgres(database.url);
  const {
    rows: [alex],
  } = await client.query(`SELECT id FROM users WHERE email = $1`, [DEMO.alex]);
  const started = Date.now();
  await client.query(addRepsSql(PEOPLE - 1));
  // Row g belongs to Alex when g % 50 = 0, else to one of the 49 others; one in three is unread, one
  // in ten was e-mailed in a daily summary; made over the last 90 days.
  await client.query(
    `INSERT INTO notifications (user_id, kind, dedupe_key, data, opportunity_id, in_app, email, emailed_at, created_at, read_at)
     SELECT CASE WHEN g % $2::int = 0 THEN $3 ELSE 'bench-rep-' || (g % ($2::int - 1) + 1) END,
       (ARRAY['task_due', 'deal_moved', 'deal_at_risk', 'analysis_finished'])[g % 4 + 1],
       'bench:' || g,
       jsonb_build_object('deal', 'Company ' || (g % 997), 'by', 'Morgan Lee', 'from', 'New', 'to', 'Proposal', 'title', 'Follow up ' || g),
       NULL, true, CASE WHEN g % 10 = 0 THEN 'daily' ELSE 'off' END,
       CASE WHEN g % 10 = 0 THEN now() END,
       now() - (g * 7919 % (90 * 1440)) * interval '1 minute',
       CASE WHEN g % 3 = 0 THEN NULL ELSE now() END
     FROM generate_series(1::bigint, $1::bigint) g`,
    [NOTIFICATIONS, PEOPLE, alex.id],
  );
  await client.query('VACUUM ANALYZE notifications');
  const generatedS = Math.round((Date.now() - started) / 100) / 10;
  const {
    rows: [counts],
  } = await client.query(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE user_id = $1)::int AS alex,
       count(*) FILTER (WHERE user_id = $1 AND read_at IS NULL)::int AS unread FROM notifications`,
    [alex.id],
  );
  log(`${counts.all.toLocaleString('en')} notifications in ${generatedS} s; Alex has ${counts.alex}, ${counts.unread} unread`);

  const rep = await signIn(server.url, DEMO.alex);
  const calls = {
    'bell: unread count': '/api/notifications/unread-count',
    'panel: first page': '/api/notifications?page=1&pageSize=10',
    'panel: fifth page': '/api/notifications?page=5&pageSize=10',
    'rep: dashboard': '/api/pipeline',
  };
  for (const [name, p] of Object.entries(calls)) {
    const res = await fetch(`${server.url}${p}`, { headers: { cookie: rep } });
    if (res.status !== 200) throw new Error(`${name} ${p}: ${res.status} ${await res.text()}`);
  }
  const loadBefore = loadAverage();
  await warmUp(server.url, rep, calls);
  log('— quiet —');
  const quiet = await measure(server.url, rep, calls);

  // The Monday tick's work for 5,000 managers: one job each, keyed by the manager and the week.
  await client.query(
    `INSERT INTO users (id, email, full_name, role, language, time_zone)
     SELECT 'bench-manager-' || g, 'bench-manager-' || g || '@bench.test', 'Bench Manager ' || g, 'Sales Manager',
       CASE WHEN g % 2 = 0 THEN 'fr' ELSE 'en' END, 'Europe/Paris'
     FROM generate_series(1, $1::int) g`,
    [DIGESTS],
  );
  const digestStart = Date.now();
  await client.query(
    `INSERT INTO jobs (kind, payload, owner_id, unique_key)
     SELECT 'weekly_digest', jsonb_build_object('week', '2026-11-23'), 'bench-manager-' || g, 'weekly_digest:bench-manager-' || g || ':2026-11-23'
     FROM generate_series(1, $1::int) g`,
    [DIGESTS],
  );
  log(
    `— while ${DIGESTS.toLocaleString('en')} digests are sent (${MAIL_PER_SECOND ? `${MAIL_PER_SECOND} a second` : 'unpaced'}) —`,
  );
  const during = await measure(server.url, rep, calls);
  const measuredS = Math.round((Date.now() - digestStart) / 100) / 10;
  const doneWhileMeasured = Number(
    (await client.query(`SELECT count(*) AS n FROM jobs WHERE kind = 'weekly_digest' AND status = 'succeeded'`)).rows[0].n,
  );
  for (;;) {
    const {
      rows: [left],
    } = await client.query(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'weekly_digest' AND status IN ('queued', 'running')`,
    );
    if (left.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const digestS = Math.round((Date.now() - digestStart) / 100) / 10;
  const {
    rows: [sent],
  } = await client.query(
    `SELECT count(*) FILTER (WHERE result->>'sent' = 'true')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed
     FROM jobs WHERE kind = 'weekly_digest'`,
  );
  const outbox = fs.readdirSync(path.join(dataDir, 'outbox')).length;
  log(
    `${sent.sent} digests sent (${sent.failed} failed, ${outbox} in the outbox) in ${digestS} s; ${doneWhileMeasured} while measured (${measuredS} s)`,
  );
  const loadAfter = loadAverage();

  const worst = Math.max(...Object.values(quiet).map((r) => r.p95));
  const slowdown = Object.fromEntries(
    Object.keys(calls).map((name) => [name, Math.round((during[name].p95 / quiet[name].p95) * 100) / 100]),
  );
  const worstSlowdown = Math.max(...Object.values(slowdown));
  results = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    runs: RUNS,
    notifications: counts.all,
    people: PEOPLE,
    generatedS,
    loadBefore,
    loadAfter,
    quiet,
    during,
    digest: {
      managers: DIGESTS,
      mailPerSecond: MAIL_PER_SECOND,
      sent: sent.sent,
      failed: sent.failed,
      outbox,
      seconds: digestS,
      doneWhileMeasured,
      measuredS,
    },
    slowdown,
    summary: {
      worstP95: worst,
      limitMs: LIMIT_MS,
      worstSlowdown,
      slowdownLimit: SLOWDOWN_LIMIT,
      withinLimit: worst <= LIMIT_MS && worstSlowdown <= SLOWDOWN_LIMIT,
    },
  };
} finally {
  await server?.stop();
  await client?.end().catch(() => {});
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/notifications.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\n worst p95 ${results.summary.worstP95} ms (target ${LIMIT_MS} ms); API p95 ×${results.summary.worstSlowdown} while ${DIGESTS} digests were sent (target ×${SLOWDOWN_LIMIT})`,
);
process.exit(results.summary.withinLimit ? 0 : 1);
