/* global fetch, setInterval, clearInterval */
// `npm run bench load`: the production build under a realistic mix (issue 9, "Load").
// 1. Starts the built server on a free port with a fresh data folder (embedded database, demo
//    data) and a local chat-completions stand-in, so company analyses can come from the cache.
// 2. Signs in a representative and a manager, warms the analysis cache for a set of companies.
// 3. Runs autocannon LOAD_RUNS times (default 3) for LOAD_SECONDS (default 60) with
//    LOAD_CONNECTIONS (default 50): public pages and a static asset, demo slots, company analysis
//    from the cache, early-access submissions with unique e-mails, rep and manager dashboard calls.
//    The server's resident memory is sampled every second.
// 4. Stops the server and counts the submitted leads in its database: every acknowledged one must
//    be stored exactly once. Prints the figures and writes bench/results/load.json.
// Rate limits: all the load comes from one address, so the per-IP limits are raised out of the way
// (RATE_LIMIT_MAX, LEADS_RATE_LIMIT_MAX, ANALYSIS_RATE_LIMIT_MAX); a 429 would still be counted
// apart and allowed, any other non-2xx, socket error or timeout fails the bench.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/lib.mjs';
import { openPglite } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const RUNS = Number(process.env.LOAD_RUNS ?? 3);
const REP = DEMO.alex;
const MANAGER = DEMO.manager;
const COMPANIES = Array.from({ length: 20 }, (_, i) => `Load Company ${i + 1}`);
const RUN_ID = Date.now().toString(36);

const log = (...args) => console.log('  ', ...args);

/** An OpenAI-compatible endpoint answering one valid analysis at once; counts its calls. */
async function startModel() {
  let calls = 0;
  const content = JSON.stringify({
    diagnosis:
      'The company runs long technical sales cycles; its engineers answer the same integration questions on every call and the forecast is a guess.',
    cards: ['crm', 'deal-visibility'],
  });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-load',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'load-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, calls: () => calls, close: () => server.close() };
}

/** The server on a fresh data folder of its own, its analyses answered by the stand-in model. */
async function startLoadServer(modelUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-load-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    AI_BASE_URL: modelUrl,
    AI_MODEL: 'load-model',
    LEADS_RATE_LIMIT_MAX: '100000000',
    ANALYSIS_RATE_LIMIT_MAX: '100000000',
  });
  return { ...server, dataDir };
}

/** Resident memory of a process in MB (Linux /proc; ps elsewhere). */
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

/** The request mix, one list cycled by every connection. */
function mix(url, repCookie, managerCookie, asset, leads) {
  let company = 0;
  const rep = { cookie: repCookie };
  const manager = { cookie: managerCookie };
  const from = new Date(Date.now() + 86_400_000).toISOString();
  const to = new Date(Date.now() + 15 * 86_400_000).toISOString();
  const lead = {
    method: 'POST',
    path: '/api/leads/demo-requests',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request, context) => {
      leads.sent += 1;
      context.email = `load-${RUN_ID}-${leads.sent}@example.com`;
      return {
        ...request,
        body: JSON.stringify({
          request_type: 'early_access',
          full_name: `Load Visitor ${leads.sent}`,
          email: context.email,
          company_name: 'Load Testing Inc',
          role: 'Sales Representative',
        }),
      };
    },
    onResponse: (status, _body, context) => {
      if (status === 201) leads.acknowledged.add(context.email);
    },
  };
  const analysis = {
    method: 'POST',
    path: '/api/analysis/company',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({ companyName: COMPANIES[company++ % COMPANIES.length], language: company % 2 ? 'en' : 'fr' }),
    }),
  };
  const get = (p, headers) => ({ method: 'GET', path: p, ...(headers ? { headers } : {}) });
  return [
    get('/'),
    get('/why-nexa'),
    get(asset),
    get(`/api/leads/demo-slots?from=${from}&to=${to}`),
    analysis,
    lead,
    get('/api/pipeline', rep),
    get('/api/companies', rep),
    get('/api/opportunities?pageSize=10&sort=next_meeting_date', rep),
    get('/book-demo'),
    analysis,
    get('/api/team', manager),
    get('/api/team/representatives', manager),
    get('/api/leads?pageSize=25', manager),
    get('/api/opportunities?pageSize=25', manager),
  ];
}

function cannon(url, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function countLeads(dataDir) {
  const db = await openPglite(dataDir);
  try {
    const { rows } = await db.query(`select email, count(*)::int as n from demo_requests where email like $1 group by email`, [
      `load-${RUN_ID}-%`,
    ]);
    return new Map(rows.map((r) => [r.email, r.n]));
  } finally {
    await db.close();
  }
}

const model = await startModel();
const server = await startLoadServer(model.baseUrl);
const runs = [];
const leads = { sent: 0, acknowledged: new Set() };
let modelCalls = 0;
try {
  const [repCookie, managerCookie] = [await signIn(server.url, REP), await signIn(server.url, MANAGER)];
  const html = await (await fetch(server.url)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/';
  for (const companyName of COMPANIES) {
    for (const language of ['en', 'fr']) {
      const res = await fetch(`${server.url}/api/analysis/company`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyName, language }),
      });
      if (!res.ok) throw new Error(`warming the analysis cache failed: ${res.status}`);
    }
  }
  const modelCallsBefore = model.calls();
  log(`server ${server.url} (pid ${server.pid}), ${CONNECTIONS} connections, ${RUNS} × ${SECONDS} s`);

  for (let run = 1; run <= RUNS; run++) {
    const samples = [rssMb(server.pid)];
    const sampler = setInterval(() => samples.push(rssMb(server.pid)), 1_000);
    const result = await cannon(server.url, mix(server.url, repCookie, managerCookie, asset, leads));
    clearInterval(sampler);
    samples.push(rssMb(server.pid));
    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    const unintended = Object.entries(statuses)
      .filter(([code]) => !code.startsWith('2') && !code.startsWith('3') && code !== '429')
      .reduce((n, [, count]) => n + count, 0);
    const figures = {
      run,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      statuses,
      rateLimited: statuses['429'] ?? 0,
      errors: result.errors + result.timeouts + unintended,
      rssMb: { start: samples[0], end: samples.at(-1), max: Math.max(...samples.filter((s) => s !== null)) },
    };
    runs.push(figures);
    log(
      `run ${run}: ${figures.requests} requests, ${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ` +
        `429 ${figures.rateLimited}, errors ${figures.errors} (${result.errors} socket, ${result.timeouts} timeouts, ${unintended} other non-2xx), ` +
        `RSS ${figures.rssMb.start} → ${figures.rssMb.end} MB (max ${figures.rssMb.max})`,
    );
  }
  modelCalls = model.calls() - modelCallsBefore;
  log(`analysis: ${modelCalls} model calls during the runs (cache warmed with ${COMPANIES.length * 2})`);
} finally {
  await server.stop();
  model.close();
}

const stored = await countLeads(server.dataDir);
fs.rmSync(server.dataDir, { recursive: true, force: true });
const duplicates = [...stored.values()].filter((n) => n > 1).length;
const missing = [...leads.acknowledged].filter((email) => stored.get(email) !== 1).length;
const unacknowledgedStored = [...stored.keys()].filter((email) => !leads.acknowledged.has(email)).length;
log(
  `leads: ${leads.sent} sent, ${leads.acknowledged.size} acknowledged (201), ${stored.size} stored, ` +
    `${missing} acknowledged but not stored exactly once, ${duplicates} duplicated, ${unacknowledgedStored} stored without a 201`,
);
const rss = runs.map((r) => r.rssMb.end);
const growth = { mb: rss.at(-1) - rss[0], percent: Math.round(((rss.at(-1) - rss[0]) / rss[0]) * 1000) / 10 };
log(`resident memory at the end of each run: ${rss.join(' → ')} MB (growth ${growth.mb} MB, ${growth.percent} %)`);

const results = {
  measuredAt: new Date().toISOString(),
  machine: `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  database: 'embedded (PGlite)',
  seconds: SECONDS,
  connections: CONNECTIONS,
  rateLimits: 'per-IP limits raised (all load from one address); 429 allowed and counted',
  runs: runs.map(({ run, requests, rps, p50, p99, max, statuses, rateLimited, errors, rssMb: mem }) => ({
    run,
    requests,
    rps,
    p50,
    p99,
    max,
    statuses,
    rateLimited,
    errors,
    rssMb: mem,
  })),
  analysisModelCallsDuringRuns: modelCalls,
  leads: {
    sent: leads.sent,
    acknowledged: leads.acknowledged.size,
    stored: stored.size,
    missing,
    duplicates,
    unacknowledgedStored,
  },
  memoryGrowth: growth,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/load.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('→ bench/results/load.json');
// A lead still in flight when a run's time is up may be stored without its 201 having been read.
if (runs.some((r) => r.errors > 0) || missing || duplicates || unacknowledgedStored > CONNECTIONS * RUNS) {
  console.log('✗ load: errors, or leads not stored exactly once');
  process.exitCode = 1;
}
