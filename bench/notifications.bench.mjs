/* global fetch, setTimeout, setInterval, clearInterval */
// `npm run bench notifications`: the bell (issue 37) on PostgreSQL (a database of its own, dropped
// after unless BENCH_KEEP=1) with 1,000,000 notifications over 50 people (20,000 each, a third
// unread). The built server under autocannon, 20 connections: the bell's unread count, the panel's
// first and fifth pages and a representative's dashboard; target p95 ≤ 25 ms for the bell and panel.
//
// Then a weekly digest to 5,000 managers (the jobs the Monday tick enqueues, one per manager, sent by
// the server's own job worker to its outbox folder at NOTIFICATIONS_MAIL_PER_SECOND, passed on when
// set; 0 sends them unpaced). Target: the API's p95 slowed by at most 10 % while they go. On a machine
// whose p95 moves by a third from one run to the next, one "quiet" run against one "while sent" run
// tells nothing, so the digests are switched on and off: the jobs wait with a far run_after, and
// BENCH_PAIRS pairs of windows alternate (off-on, then on-off, …) at the same load — in an "on" window
// the next jobs are made due, in an "off" one the rest are held again. Each window measures every call
// for BENCH_DURATION seconds with every response's latency kept; a pair's ratio is the on window's p95
// over the off window's, per call and for the four calls' responses pooled. The figure is the median
// ratio over the pairs, with its spread (quartiles, min and max) and the load average of each window.
//
// Before the windows, with the API idle: the CPU one digest costs, server process and PostgreSQL
// backends from /proc (BENCH_CPU_DIGESTS of them, less the idle server's own use over the same time),
// the figure the neighbours' load does not move. BENCH_CPU_PROF=<folder> starts the server with
// --cpu-prof there. BENCH_FINISH=1 sends the rest of the 5,000 after the windows and checks that each
// manager got one, once. Writes bench/results/notifications.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { cpuMs, machineBusy } from './lib/cpu.mjs';
import { connectPostgres, createPostgresDatabase } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { loadOf, quantile, timedRun } from './lib/load.mjs';
import { addRepsSql } from './team-data.mjs';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const PEOPLE = 50;
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? 5_000);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 12);
const CPU_DIGESTS = Number(process.env.BENCH_CPU_DIGESTS ?? 100);
const FINISH = process.env.BENCH_FINISH === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const CPU_PROF = process.env.BENCH_CPU_PROF;
const LIMIT_MS = 25;
const SLOWDOWN_LIMIT = 1.1;
const MAIL_PER_SECOND = Number(process.env.NOTIFICATIONS_MAIL_PER_SECOND ?? 2);
/** Before a window is measured: the worker (polling every 2 s when idle) has found the jobs made due, or finished those running. */
const LEAD_IN_MS = 2_500;
const HELD = `now() + interval '100 years'`;

const log = (...args) => console.log('  ', ...args);
const { warmUp } = loadOf({ connections: CONNECTIONS, duration: DURATION_S, runs: 1, log });
const loadAverage = () => Math.round(os.loadavg()[0] * 100) / 100;
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createPostgresDatabase('bench_notifications');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-bench-notifications-'));
let server;
let client;
let results;
try {
  // The sweep and the forecast call reminders stay off: the bench writes the rows and enqueues the
  // digests itself, and nothing else of the worker's runs while it measures.
  server = await startServer(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NOTIFICATIONS_EVERY_MS: '0',
      FORECAST_CALL_REMINDER_EVERY_MS: '0',
      NOTIFICATIONS_MAIL_PER_SECOND: String(MAIL_PER_SECOND),
    },
    { nodeArgs: CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [] },
  );
  client = await connectPostgres(database.url);
  const query = async (text, values) => (await client.query(text, values)).rows;
  const [alex] = await query(`SELECT id FROM users WHERE email = $1`, [DEMO.alex]);
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
  // The Monday tick's work for 5,000 managers: one job each, keyed by the manager and the week, held
  // (run_after far away) until a window makes some due. Half write French, zones differ.
  await client.query(
    `INSERT INTO users (id, email, full_name, role, language, time_zone)
     SELECT 'bench-manager-' || g, 'bench-manager-' || g || '@bench.test', 'Bench Manager ' || g, 'Sales Manager',
       CASE WHEN g % 2 = 0 THEN 'fr' ELSE 'en' END, (ARRAY['Europe/Paris', 'America/New_York', 'Asia/Tokyo'])[g % 3 + 1]
     FROM generate_series(1, $1::int) g`,
    [DIGESTS],
  );
  await client.query(
    `INSERT INTO jobs (kind, payload, owner_id, unique_key, run_after)
     SELECT 'weekly_digest', jsonb_build_object('week', '2026-11-23'), 'bench-manager-' || g, 'weekly_digest:bench-manager-' || g || ':2026-11-23', ${HELD}
     FROM generate_series(1, $1::int) g`,
    [DIGESTS],
  );
  await client.query('VACUUM ANALYZE notifications');
  await client.query('VACUUM ANALYZE jobs');
  const generatedS = round((Date.now() - started) / 1000, 1);
  const [counts] = await query(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE user_id = $1)::int AS alex,
       count(*) FILTER (WHERE user_id = $1 AND read_at IS NULL)::int AS unread FROM notifications`,
    [alex.id],
  );
  log(`${counts.all.toLocaleString('en')} notifications in ${generatedS} s; Alex has ${counts.alex}, ${counts.unread} unread`);

  const sent = async () =>
    (await query(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'weekly_digest' AND status = 'succeeded'`))[0].n;
  const waitIdle = async () => {
    for (;;) {
      const [row] = await query(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = 'weekly_digest' AND (status = 'running' OR (status = 'queued' AND run_after <= now()))`,
      );
      if (row.n === 0) return;
      await sleep(100);
    }
  };
  /** Makes the next `n` held digests due now. */
  const release = (n) =>
    client.query(
      `UPDATE jobs SET run_after = now() WHERE id IN (
         SELECT id FROM jobs WHERE kind = 'weekly_digest' AND status = 'queued' AND run_after > now() ORDER BY id LIMIT $1)`,
      [n],
    );
  /** Holds again every digest still queued. */
  const hold = () =>
    client.query(`UPDATE jobs SET run_after = ${HELD} WHERE kind = 'weekly_digest' AND status = 'queued' AND run_after <= now()`);
  const [{ pid: benchBackend }] = await query('SELECT pg_backend_pid() AS pid');
  /** The database's CPU: its backends serving the server (not this bench's own connection). */
  const backends = async () =>
    (await query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1`, [benchBackend])).map(
      (r) => r.pid,
    );
  /**
   * A CPU meter over the server and its backends: read() gives the ms each used since the meter began.
   * Sampled every 200 ms, so a backend the pool closes meanwhile keeps what it used until then.
   */
  const cpuMeter = async () => {
    const start = new Map([[server.pid, cpuMs([server.pid])]]);
    const last = new Map(start);
    const sample = async () => {
      for (const pid of new Set([...last.keys(), ...(await backends())])) {
        const used = cpuMs([pid]);
        if (!start.has(pid)) start.set(pid, 0); // opened meanwhile: all its use is the window's
        if (used > 0) last.set(pid, used);
      }
    };
    await sample();
    for (const pid of last.keys()) start.set(pid, last.get(pid));
    let sampling = sample();
    const timer = setInterval(() => (sampling = sampling.then(sample)), 200);
    return async () => {
      clearInterval(timer);
      await sampling;
      await sample();
      let serverMs = 0;
      let databaseMs = 0;
      for (const [pid, used] of last) {
        if (pid === server.pid) serverMs += used - start.get(pid);
        else databaseMs += used - start.get(pid);
      }
      return { server: serverMs, database: databaseMs };
    };
  };

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
  const outboxFiles = () =>
    fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')).length : 0;
  const outboxBefore = outboxFiles();
  await warmUp(server.url, rep, calls);

  // CPU of one digest, the API idle: the server and its backends while CPU_DIGESTS are sent, less
  // what they use idle over as long (timers, the pool's pings). The first digest of a minute reads the
  // team's figures for all (decision 043): it is counted, as it would be on a Monday.
  const pace = MAIL_PER_SECOND > 0 ? `${MAIL_PER_SECOND} a second` : 'unpaced';
  log(`— CPU of a digest, the API idle: ${CPU_DIGESTS} digests (${pace}) —`);
  await sleep(3_000);
  let meter = await cpuMeter();
  let t0 = Date.now();
  await sleep(10_000);
  const idle = await meter();
  const idleS = (Date.now() - t0) / 1000;
  const sentBefore = await sent();
  meter = await cpuMeter();
  t0 = Date.now();
  await release(CPU_DIGESTS);
  await waitIdle();
  const busy = await meter();
  const busyS = (Date.now() - t0) / 1000;
  const cpuSent = (await sent()) - sentBefore;
  const perDigest = (part) => round((busy[part] - (idle[part] / idleS) * busyS) / cpuSent);
  const cpu = {
    digests: cpuSent,
    seconds: round(busyS, 1),
    idleMsPerSecond: { server: round(idle.server / idleS), database: round(idle.database / idleS) },
    msPerDigest: { server: perDigest('server'), database: perDigest('database') },
    load: loadAverage(),
  };
  log(
    `${cpuSent} digests in ${cpu.seconds} s: CPU ${cpu.msPerDigest.server} ms a digest in the server, ${cpu.msPerDigest.database} ms in PostgreSQL (idle: ${cpu.idleMsPerSecond.server} / ${cpu.idleMsPerSecond.database} ms a second; load ${cpu.load})`,
  );

  // Alternating windows at the same load: off-on, on-off, off-on, …
  const perWindow = MAIL_PER_SECOND > 0 ? Math.ceil(MAIL_PER_SECOND * ((LEAD_IN_MS / 1000 + DURATION_S * 4) * 1.5)) + 5 : 2_000;
  const busyMeter = machineBusy();
  const windows = [];
  log(`— ${PAIRS} pairs of windows, digests off and on (${pace}), ${DURATION_S} s per call —`);
  for (let pair = 0; pair < PAIRS; pair += 1) {
    for (const on of pair % 2 === 0 ? [false, true] : [true, false]) {
      const before = await sent();
      busyMeter();
      if (on) await release(perWindow);
      else {
        await hold();
        await waitIdle();
      }
      await sleep(LEAD_IN_MS);
      const meterW = await cpuMeter();
      const window = { pair, on, calls: {}, load: loadAverage() };
      const pooled = [];
      let errors = 0;
      for (const [name, p] of Object.entries(calls)) {
        const run = await timedRun(server.url, p, rep, { connections: CONNECTIONS, duration: DURATION_S });
        window.calls[name] = {
          p50: round(quantile(run.times, 0.5)),
          p95: round(quantile(run.times, 0.95)),
          requests: run.times.length,
        };
        pooled.push(...run.times);
        errors += run.errors;
      }
      pooled.sort((a, b) => a - b);
      window.p95 = round(quantile(pooled, 0.95));
      window.requests = pooled.length;
      window.errors = errors;
      window.cpu = await meterW();
      window.cpu = { server: Math.round(window.cpu.server), database: Math.round(window.cpu.database) };
      window.machineBusy = busyMeter();
      if (on) await hold();
      window.digests = (await sent()) - before;
      windows.push(window);
      log(
        `pair ${String(pair + 1).padStart(2)} ${on ? 'on ' : 'off'}  p95 ${window.p95} ms (${Object.values(window.calls)
          .map((c) => c.p95)
          .join(
            ' / ',
          )})  ${window.digests} digests  load ${window.load}  machine ${Math.round((window.machineBusy ?? 0) * 100)} % busy`,
      );
    }
  }
  await waitIdle();

  // The figure: per pair, on over off; the median over the pairs and its spread.
  const spread = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    if (!sorted.length) return null;
    return {
      median: round(quantile(sorted, 0.5)),
      q1: round(quantile(sorted, 0.25)),
      q3: round(quantile(sorted, 0.75)),
      min: round(sorted[0]),
      max: round(sorted.at(-1)),
    };
  };
  const pairsOf = (pick) =>
    Array.from({ length: PAIRS }, (_, pair) => {
      const off = windows.find((w) => w.pair === pair && !w.on);
      const on = windows.find((w) => w.pair === pair && w.on);
      return pick(on) / pick(off);
    });
  const ratio = { pooled: spread(pairsOf((w) => w.p95)) };
  const p95Off = {};
  for (const name of Object.keys(calls)) {
    ratio[name] = spread(pairsOf((w) => w.calls[name].p95));
    p95Off[name] = spread(windows.filter((w) => !w.on).map((w) => w.calls[name].p95))?.median ?? null;
  }
  const digestsOn = windows.filter((w) => w.on).reduce((s, w) => s + w.digests, 0);
  const digestsOff = windows.filter((w) => !w.on).reduce((s, w) => s + w.digests, 0);

  let finish = null;
  if (FINISH) {
    t0 = Date.now();
    await client.query(`UPDATE jobs SET run_after = now() WHERE kind = 'weekly_digest' AND status = 'queued'`);
    await waitIdle();
    finish = { seconds: round((Date.now() - t0) / 1000, 1) };
  }
  const [outcome] = await query(
    `SELECT count(*) FILTER (WHERE status = 'succeeded' AND result->>'sent' = 'true')::int AS sent,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       (SELECT count(*)::int FROM notifications WHERE kind = 'weekly_digest') AS in_app,
       (SELECT count(DISTINCT user_id)::int FROM notifications WHERE kind = 'weekly_digest') AS people
     FROM jobs WHERE kind = 'weekly_digest'`,
  );
  const outbox = outboxFiles() - outboxBefore;
  log(
    `${outcome.sent} digests sent (${outcome.failed} failed), ${outbox} new files in the outbox, ${outcome.in_app} in-app digests for ${outcome.people} people${finish ? `; the rest in ${finish.seconds} s` : ''}`,
  );
  log(`digests during "on" windows: ${digestsOn}; during "off" windows: ${digestsOff} (should be 0)`);
  for (const [name, r] of Object.entries(ratio).filter(([, r]) => r))
    log(`${name.padEnd(22)} ×${r.median} (quartiles ${r.q1}–${r.q3}, min ${r.min}, max ${r.max})`);

  const worstP95 = PAIRS
    ? Math.max(p95Off['bell: unread count'], p95Off['panel: first page'], p95Off['panel: fifth page'])
    : null;
  results = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    pairs: PAIRS,
    notifications: counts.all,
    people: PEOPLE,
    generatedS,
    mailPerSecond: MAIL_PER_SECOND,
    cpu,
    p95Off,
    ratio,
    windows,
    digest: {
      managers: DIGESTS,
      sent: outcome.sent,
      failed: outcome.failed,
      inApp: outcome.in_app,
      people: outcome.people,
      outbox,
      duringOn: digestsOn,
      duringOff: digestsOff,
      finish,
    },
    summary: {
      worstP95,
      limitMs: LIMIT_MS,
      slowdown: ratio.pooled?.median ?? null,
      worstCallSlowdown: PAIRS ? Math.max(...Object.keys(calls).map((name) => ratio[name].median)) : null,
      slowdownLimit: SLOWDOWN_LIMIT,
      withinLimit: PAIRS > 0 && worstP95 <= LIMIT_MS && ratio.pooled.median <= SLOWDOWN_LIMIT,
    },
  };
} finally {
  await server?.stop();
  await client?.end().catch(() => {});
  if (KEEP) {
    await database.keep();
    console.log(`   kept database ${database.name} (drop it with DROP DATABASE ${database.name})`);
  } else await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/notifications.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\n worst p95 ${results.summary.worstP95} ms (target ${LIMIT_MS} ms); API p95 ×${results.summary.slowdown} (median of ${PAIRS} pairs, quartiles ${results.ratio.pooled?.q1}–${results.ratio.pooled?.q3}) while digests were sent at ${MAIL_PER_SECOND || 'an unpaced rate'}${MAIL_PER_SECOND ? ' a second' : ''} (target ×${SLOWDOWN_LIMIT}); CPU ${results.cpu.msPerDigest.server} + ${results.cpu.msPerDigest.database} ms a digest (server + PostgreSQL)`,
);
process.exit(results.summary.withinLimit ? 0 : 1);
