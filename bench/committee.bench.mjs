/* global fetch, performance */
// `npm run bench committee`: accounts, contacts and buying committees (issue 36) at scale, on
// PostgreSQL (a database of its own, dropped after): 1,000,000 deals over 50 representatives, 300,000
// accounts and 2,000,000 contacts, each deal with two of its account's contacts on its committee
// (economic buyer, champion) and one call in ten analysed with both of them as speakers; then the same
// at a tenth (100,000 deals, 30,000 accounts, 200,000 contacts) to show whether the cost grows with
// the data. The built server under autocannon, 20 connections, on what a person opens: the account
// and contact lists (a representative's and a manager's), a contact's page (the contact and their
// activity: deals, calls, their words) and a deal's committee; target p95 ≤ 25 ms. With each run the
// database's own time for the same statements (EXPLAIN ANALYZE) and the machine's load.
// Writes bench/results/committee.json. BENCH_COMMITTEE_SCALES=1000000 runs one size only.
// BENCH_COMMITTEE_KEEP=1 keeps each generated database (its name is printed) instead of dropping it,
// and BENCH_COMMITTEE_DATABASE=<that name> (with the one scale it was filled for) measures on it
// again without generating anything: a before/after comparison on the same rows, without paying for
// the generation twice on a loaded machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { connectPostgres, createPostgresDatabase, existingDatabase } from './lib/database.mjs';
import { DEMO, signIn, startServer } from './lib/server.mjs';
import { loadOf } from './lib/load.mjs';
import { addRepsSql, generateSql, repAccountsSql } from './team-data.mjs';

const REPS = 50;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MS = 25;
const SCALES = (process.env.BENCH_COMMITTEE_SCALES ?? '1000000,100000').split(',').map(Number);
const KEEP = process.env.BENCH_COMMITTEE_KEEP === '1';
const REUSE = process.env.BENCH_COMMITTEE_DATABASE;
if (REUSE && SCALES.length !== 1)
  throw new Error('BENCH_COMMITTEE_DATABASE needs the one scale it holds in BENCH_COMMITTEE_SCALES');
// Per deal: 0.3 accounts and 2 contacts, as the issue's 1 M / 300 k / 2 M.
const accountsFor = (deals) => Math.round(deals * 0.3);
const contactsFor = (deals) => deals * 2;

const log = (...args) => console.log('  ', ...args);
const { measure, warmUp } = loadOf({ connections: CONNECTIONS, duration: DURATION_S, runs: RUNS, log });
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const FIRST = ['Priya', 'Omar', 'Claire', 'Lucas', 'Hannah', 'Mateo', 'Aiko', 'Noah', 'Lena', 'Samir', 'Julia', 'Tomás'];
const LAST = [
  'Nair',
  'Haddad',
  'Bernard',
  'Moreau',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Dubois',
  'Tanaka',
  'Silva',
  'Okafor',
  'Larsen',
];
const TITLES = ['CFO', 'VP Sales', 'Head of IT', 'Procurement lead', 'CTO', 'Operations manager', 'Data engineer', 'COO'];
const list = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

// Generated rows take ids of their own, far above what the demo seed's rows took: account N is
// ACCOUNT_BASE + N, contact N is CONTACT_BASE + N.
const ACCOUNT_BASE = 10_000_000;
const CONTACT_BASE = 100_000_000;

/** The accounts, each deal's account (set as the deals are generated), contacts, committees and calls. */
const accountsSql = (n) => `
INSERT INTO client_accounts (id, name, match_key, domain, industry, size, country)
SELECT ${ACCOUNT_BASE} + g, 'Account ' || g, 'account ' || g, 'account' || g || '.test',
  (${list(['Manufacturing', 'Healthcare', 'Financial Services', 'Logistics', 'Energy', 'Retail'])})[1 + g % 6], '51-200',
  (${list(['France', 'United States', 'Germany', 'Japan'])})[1 + g % 4]
FROM generate_series(1, ${n}) AS g`;

// Contact g belongs to account 1 + (g - 1) % accounts: account a's contacts are a, a + A, a + 2A, …
const contactsSql = (n, accounts) => `
INSERT INTO contacts (id, account_id, full_name, email, title, side)
SELECT ${CONTACT_BASE} + g, ${ACCOUNT_BASE} + 1 + (g - 1) % ${accounts},
  (${list(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${list(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
  'contact' || g || '@account' || (1 + (g - 1) % ${accounts}) || '.test',
  (${list(TITLES)})[1 + g % ${TITLES.length}], 'buyer'
FROM generate_series(1, ${n}) AS g`;

const committeesSql = (accounts) => `
INSERT INTO deal_contacts (opportunity_id, contact_id, roles, source)
SELECT o.id, ${CONTACT_BASE} + (o.account_id - ${ACCOUNT_BASE}) + ${accounts} * k, CASE k WHEN 0 THEN '{economic_buyer}'::text[] ELSE '{champion}'::text[] END, 'import'
FROM opportunities o CROSS JOIN generate_series(0, 1) AS k WHERE o.account_id > ${ACCOUNT_BASE}`;

const LINES = JSON.stringify([
  'Sam: Thanks for joining, both of you.',
  'Buyer: We need nightly exports to our warehouse. Can you do that?',
  'Champion: I will push this internally if security signs off.',
]);
const RESULT = JSON.stringify({
  summary: 'Discovery call.',
  questions: [{ text: 'Can you export nightly to our warehouse?', lines: [2] }],
  technicalRequirements: [{ question: 'Security review before signature', lines: [3] }],
});
// One deal in ten has an analysed call, whose two buyer speakers are the deal's committee.
const callsSql = () => `
INSERT INTO call_analyses (opportunity_id, provider, language, transcript_name, transcript_lines, result, created_at)
SELECT o.id, 'offline', 'en', 'call-' || o.id || '.txt', '${LINES}'::jsonb, '${RESULT}'::jsonb, now() - (o.id % 90) * interval '1 day'
FROM opportunities o WHERE o.id % 10 = 0 AND o.account_id > ${ACCOUNT_BASE}`;
const speakersSql = () => `
INSERT INTO call_speakers (call_analysis_id, speaker, contact_id, side, talk_seconds, lines)
SELECT c.id, CASE WHEN 'economic_buyer' = ANY(dc.roles) THEN 'Buyer' ELSE 'Champion' END, dc.contact_id, 'buyer', 60 + c.opportunity_id % 300, 1
FROM call_analyses c JOIN deal_contacts dc ON dc.opportunity_id = c.opportunity_id AND dc.contact_id > ${CONTACT_BASE}`;

async function benchScale(deals) {
  const accounts = accountsFor(deals);
  const people = contactsFor(deals);
  const database = REUSE
    ? existingDatabase(REUSE, /^nexa_bench_committee_\d+_\d+$/)
    : await createPostgresDatabase(`nexa_bench_committee_${deals}`);
  let server;
  let client;
  try {
    log(
      `PostgreSQL, ${deals.toLocaleString('en')} deals, ${accounts.toLocaleString('en')} accounts, ${people.toLocaleString('en')} contacts`,
    );
    // The server migrates the database (a reused one too: a newer build may add an index).
    server = await startServer({ DATABASE_URL: database.url });
    await server.stop();
    client = await connectPostgres(database.url);
    let generatedS = null;
    if (!REUSE) {
      await client.query(addRepsSql(REPS - 3));
      await client.query(repAccountsSql(DEMO.alex));
      const started = performance.now();
      await client.query(accountsSql(accounts));
      await client.query(
        generateSql(deals, { reps: REPS, firstOwnerEmail: DEMO.alex, accounts: { count: accounts, firstId: ACCOUNT_BASE + 1 } }),
      );
      await client.query(contactsSql(people, accounts));
      await client.query(committeesSql(accounts));
      await client.query(callsSql());
      await client.query(speakersSql());
      generatedS = Math.round((performance.now() - started) / 1000);
    }
    await client.query('VACUUM ANALYZE');
    const count = async (table) => Number((await client.query(`select count(*)::int AS n from ${table}`)).rows[0].n);
    const sizes = {
      deals: await count('opportunities'),
      accounts: await count('client_accounts'),
      contacts: await count('contacts'),
      committeePlaces: await count('deal_contacts'),
      calls: await count('call_analyses'),
      speakers: await count('call_speakers'),
    };
    log(`generated in ${generatedS} s: ${JSON.stringify(sizes)}`);
    const [{ id: owner }] = (await client.query('select id from users where email = $1', [DEMO.alex])).rows;
    // The measured representative's newest deal with a call, its committee, and that deal's economic buyer.
    const [target] = (
      await client.query(
        `select o.id AS deal, dc.contact_id AS contact from opportunities o
          join call_analyses c on c.opportunity_id = o.id
          join deal_contacts dc on dc.opportunity_id = o.id and 'economic_buyer' = any(dc.roles)
          where o.owner_id = $1 order by o.id desc limit 1`,
        [owner],
      )
    ).rows;
    const [{ n: repContacts }] = (
      await client.query(
        `select count(*)::int AS n from contacts c where exists (select 1 from opportunities o where o.owner_id = $1 and o.account_id = c.account_id)`,
        [owner],
      )
    ).rows;
    // Their kept rows (rep_contacts, decision 046): what their unfiltered contact list reads.
    const [{ n: repKept }] = (await client.query(`select count(*)::int AS n from rep_contacts where owner_id = $1`, [owner]))
      .rows;
    log(
      `the measured representative sees ${repContacts} contacts of their accounts (${repKept} kept rows); deal ${target.deal}, contact ${target.contact}`,
    );
    await client.end();
    client = undefined;

    server = await startServer({ DATABASE_URL: database.url });
    const rep = await signIn(server.url, DEMO.alex);
    const manager = await signIn(server.url, DEMO.manager);
    const repCalls = {
      'rep: accounts': '/api/accounts?pageSize=25',
      'rep: contacts': '/api/contacts?pageSize=25',
      'rep: contacts search': '/api/contacts?pageSize=25&q=nair',
      'rep: contact': `/api/contacts/${target.contact}`,
      'rep: contact activity': `/api/contacts/${target.contact}/activity`,
      'rep: committee': `/api/opportunities/${target.deal}/committee`,
    };
    const managerCalls = {
      'manager: accounts': '/api/accounts?pageSize=25',
      'manager: contacts': '/api/contacts?pageSize=25',
      // Its search over every contact (decisions 052, amended, and 055): `nair`'s matches lie far into the name order,
      // found name by name from the kept dictionary of names.
      'manager: contacts search': '/api/contacts?pageSize=25&q=nair',
      'manager: contact activity': `/api/contacts/${target.contact}/activity`,
      'manager: committee': `/api/opportunities/${target.deal}/committee`,
    };
    for (const [name, p] of [...Object.entries(repCalls), ...Object.entries(managerCalls)]) {
      const res = await fetch(`${server.url}${p}`, { headers: { cookie: name.startsWith('rep') ? rep : manager } });
      // A call the server cannot answer is reported (its runs count the errors), not a reason to stop.
      if (res.status !== 200) log(`${name} ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    const loadBefore = loadAverage();
    await warmUp(server.url, rep, repCalls);
    await warmUp(server.url, manager, managerCalls);
    const http = { ...(await measure(server.url, rep, repCalls)), ...(await measure(server.url, manager, managerCalls)) };
    const loadAfter = loadAverage();
    await server.stop();
    server = undefined;
    return { deals, accounts, contacts: people, sizes, generatedS, repContacts, repKept, loadBefore, loadAfter, http };
  } finally {
    await server?.stop();
    await client?.end().catch(() => {});
    if (KEEP) log(`kept database ${database.name}`);
    await (KEEP ? database.keep() : database.drop());
  }
}

const results = {
  at: new Date().toISOString(),
  cpus: os.cpus().length,
  connections: CONNECTIONS,
  durationS: DURATION_S,
  runs: RUNS,
  scales: [],
};
for (const deals of SCALES) {
  console.log(`\n ${deals.toLocaleString('en')} deals`);
  results.scales.push(await benchScale(deals));
}
const worst = Math.max(...results.scales.flatMap((s) => Object.values(s.http).map((r) => r.p95)));
results.summary = { worstP95: worst, limitMs: LIMIT_MS, withinLimit: worst <= LIMIT_MS };
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/committee.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\n p95 (ms) by call and size:');
for (const name of Object.keys(results.scales[0].http)) {
  console.log(
    `   ${name.padEnd(26)} ${results.scales.map((s) => `${s.deals.toLocaleString('en')}: ${s.http[name].p95}`).join('   ')}`,
  );
}
console.log(`\n worst p95 ${worst} ms (target ${LIMIT_MS} ms)`);
process.exit(results.summary.withinLimit ? 0 : 1);
