// `npm run bench scale`: the workspace endpoints through nginx with one Nexa instance behind it, then
// with two, on this machine, and the ratio (issue 11). PostgreSQL (127.0.0.1:5432, a database of its
// own, dropped after) holds a team of 50 representatives with BENCH_SCALE_ROWS opportunities (default
// 200,000) from bench/team-data.mjs; Redis (127.0.0.1:6379, when it answers) holds the rate-limit
// counters, as in a real scale-out. Two nginx run side by side, one with instance A as its only
// upstream and one with A and B, and each endpoint is measured through the first and at once through
// the second, so both see the same load from whatever else runs on this shared machine.
// Writes bench/results/scale.json. On 2 cores PostgreSQL, nginx, autocannon and the instances share
// the same CPUs: the ratio says whether anything serialises on one process, not what more machines give.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePorts, startInstance, startNginx } from '../scripts/cluster.mjs';
import { ensureNginx } from '../scripts/lib.mjs';
import { connectPostgres, createPostgresDatabase } from './lib/database.mjs';
import { DEMO, signIn } from './lib/server.mjs';
import { addRepsSql, generateSql } from './team-data.mjs';

const root = path.resolve(import.meta.dirname, '..');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
const REPS = 50;
const ENDPOINTS = [
  { name: 'rep: pipeline', path: '/api/pipeline', as: 'rep' },
  { name: 'rep: opportunities page', path: '/api/opportunities?pageSize=10', as: 'rep' },
  { name: 'rep: opportunity facets', path: '/api/opportunities/facets', as: 'rep' },
  { name: 'manager: team', path: '/api/team', as: 'manager' },
  { name: 'manager: representatives', path: '/api/team/representatives', as: 'manager' },
];

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const load = () => os.loadavg().map((n) => round(n, 2));
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${load().join(', ')}`;
  }
};

const answers = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });

// CPU use during a run, in cores: the whole machine's (/proc/stat: every process of every user on
// this shared machine) and that of the parts of the setup (/proc/<pid>/stat), to tell what the
// ceiling was. "other" is the machine minus the parts: builds and tests of other people, mostly.
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
function machineTicks() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + fields[4], total: fields.reduce((s, n) => s + n, 0) };
}
/** utime + stime of every process, by the part of the setup it belongs to. */
function partTicks(instances) {
  const parts = { A: 0, B: 0, postgres: 0, nginx: 0, redis: 0, bench: 0 };
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const part =
      Number(pid) === instances.A
        ? 'A'
        : Number(pid) === instances.B
          ? 'B'
          : Number(pid) === process.pid
            ? 'bench'
            : comm === 'postgres'
              ? 'postgres'
              : comm === 'nginx'
                ? 'nginx'
                : comm === 'redis-server'
                  ? 'redis'
                  : null;
    if (part) parts[part] += ticks;
  }
  return parts;
}
function cpuMeter(instances) {
  const machine = machineTicks();
  const parts = partTicks(instances);
  const t0 = Date.now();
  return () => {
    const seconds = (Date.now() - t0) / 1000;
    const now = machineTicks();
    const cores = { machine: round((1 - (now.idle - machine.idle) / (now.total - machine.total)) * os.cpus().length, 2) };
    const after = partTicks(instances);
    for (const part of Object.keys(parts)) cores[part] = round((after[part] - parts[part]) / TICKS_PER_SECOND / seconds, 2);
    cores.other = round(cores.machine - Object.keys(parts).reduce((s, part) => s + cores[part], 0), 2);
    return cores;
  };
}

/** autocannon for `seconds`; p50/p95/p99 from every response's own latency (its summary has no p95). */
async function hammer(url, cookie, seconds, instances = {}) {
  const cpu = cpuMeter(instances);
  const times = [];
  let failed = 0;
  const run = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status !== 200) failed++;
    times.push(ms);
  });
  const result = await run;
  times.sort((x, y) => x - y);
  const at = (p) => round(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN);
  return {
    requests: times.length,
    rps: round(times.length / seconds, 0),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: failed + result.errors + result.timeouts,
    cpu: cpu(),
  };
}

async function main() {
  const nginx = ensureNginx();
  const withRedis = await answers(Number(new URL(REDIS_URL).port || 6379), new URL(REDIS_URL).hostname);
  const redisPrefix = `nexa-bench-scale-${process.pid}:`;
  const database = await createPostgresDatabase('nexa_bench_scale');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-bench-scale-'));
  const started = { load: load(), uptime: uptime(), at: new Date().toISOString() };
  const [portA, portB, portOne, portTwo] = await freePorts(4);
  const env = (instance) => ({
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(dataDir, instance),
    AUTH_SECRET: 'bench-scale-secret-bench-scale-secret-0000',
    PUBLIC_URL: `http://127.0.0.1:${portOne}`,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    // All the load comes from one address: the limits would measure the bench, not the servers.
    RATE_LIMIT_MAX: '100000000',
    ...(withRedis ? { REDIS_URL, REDIS_PREFIX: redisPrefix } : {}),
  });
  const main = path.join(root, 'apps/server/dist/main.js');
  const stoppers = [];
  try {
    // A migrates and seeds the demo team; the bench then grows it to 50 representatives and ROWS rows.
    const a = startInstance({ port: portA, args: [main], env: env('a'), cwd: root });
    stoppers.push(() => a.stop());
    await a.ready;
    const client = await connectPostgres(database.url);
    console.log(`  seeding ${ROWS.toLocaleString('en-US')} opportunities over ${REPS} representatives…`);
    const t0 = Date.now();
    await client.query(addRepsSql(REPS - 3));
    await client.query(generateSql(ROWS, { reps: REPS, firstOwnerEmail: DEMO.alex }));
    await client.query('VACUUM ANALYZE');
    const [{ mine }] = (
      await client.query(
        `SELECT count(*)::int AS mine FROM opportunities o JOIN users u ON u.id = o.owner_id WHERE u.email = $1`,
        [DEMO.alex],
      )
    ).rows;
    await client.end();
    console.log(`  seeded in ${Math.round((Date.now() - t0) / 1000)} s (${mine} rows for the measured rep)`);

    const b = startInstance({ port: portB, args: [main], env: env('b'), cwd: root });
    stoppers.push(() => b.stop());
    await b.ready;
    const one = await startNginx({ nginx, port: portOne, upstreams: [portA], accessLog: false });
    stoppers.push(() => one.stop());
    const two = await startNginx({ nginx, port: portTwo, upstreams: [portA, portB], accessLog: false });
    stoppers.push(() => two.stop());
    // A session made through one nginx opens both: the cookie is the same wherever it is used.
    const cookies = { rep: await signIn(one.url, DEMO.alex), manager: await signIn(one.url, DEMO.manager) };

    const results = [];
    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const row = { ...endpoint };
      const setups = [
        ['one', one],
        ['two', two],
      ];
      // Which goes first alternates, so neither always meets the warmer caches or the quieter minute.
      for (const [label, lb] of index % 2 ? setups.reverse() : setups) {
        await hammer(lb.url + endpoint.path, cookies[endpoint.as], WARMUP_SECONDS);
        row[label] = await hammer(lb.url + endpoint.path, cookies[endpoint.as], SECONDS, { A: a.child.pid, B: b.child.pid });
      }
      row.ratio = round(row.two.rps / row.one.rps, 2);
      // Other people's processes took more than a quarter of the machine during either run: the pair
      // measured the contention more than the setups.
      row.disturbed = Math.max(row.one.cpu.other, row.two.cpu.other) > os.cpus().length / 4;
      results.push(row);
      const show = (r) =>
        `${String(r.rps).padStart(5)} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, cores: ${Object.entries(r.cpu)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`;
      console.log(
        `  ${endpoint.name}\n    one: ${show(row.one)}\n    two: ${show(row.two)}\n    ×${row.ratio}${row.disturbed ? ' (disturbed)' : ''}`,
      );
      if (row.one.errors + row.two.errors) console.log(`    errors: one ${row.one.errors}, two ${row.two.errors}`);
    }
    const geometricMean = round(Math.exp(results.reduce((s, r) => s + Math.log(r.ratio), 0) / results.length), 2);
    const output = {
      date: started.at,
      machine: `${os.cpus().length} cores, Node ${process.version}`,
      // The machine is shared: the load average at the start and at the end of the run.
      loadAverage: { start: started.load, end: load() },
      uptime: { start: started.uptime, end: uptime() },
      rows: ROWS,
      repRows: mine,
      representatives: REPS,
      connections: CONNECTIONS,
      secondsPerRun: SECONDS,
      redis: withRedis,
      endpoints: results,
      ratio: geometricMean,
      errors: results.reduce((s, r) => s + r.one.errors + r.two.errors, 0),
      disturbedPairs: results.filter((r) => r.disturbed).map((r) => r.name),
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/scale.json'), `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\n  two instances / one: ×${geometricMean} (geometric mean over the endpoints), errors ${output.errors}`);
    if (output.disturbedPairs.length) {
      console.log(`  disturbed by other work on the machine (over a quarter of its CPU): ${output.disturbedPairs.join(', ')}`);
    }
    console.log(`  load average ${output.loadAverage.start.join(' ')} → ${output.loadAverage.end.join(' ')}`);
    console.log('  bench/results/scale.json written');
    return output.errors === 0;
  } finally {
    for (const stop of stoppers.reverse()) await stop().catch(() => {});
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (withRedis) await dropRedisKeys(redisPrefix);
  }
}

/** The counters the run left in Redis (they would expire within a minute anyway). */
async function dropRedisKeys(prefix) {
  const { createRequire } = await import('node:module');
  const { Redis } = createRequire(path.join(root, 'apps/server/package.json'))('ioredis');
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

process.exit((await main()) ? 0 : 1);
