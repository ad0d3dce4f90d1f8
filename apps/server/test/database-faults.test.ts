import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.ts';
import pg from 'pg';
import { adminUrl, testDatabaseKind } from './database-target.ts';
import { startRefusingPostgres } from './refusing-postgres.ts';
import { openThroughProxy, type TcpProxy } from './tcp-proxy.ts';
import { HttpClient, openTestDatabase, startTestServer, testConfig, type TestServer } from './test-app.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A server over this database, with no job worker (it would poll a database that is not there). */
async function serve(database: Database): Promise<{ app: App; client: HttpClient }> {
  const app = await buildApp({
    config: testConfig({ JOBS_CONCURRENCY: '0', LEADS_RATE_LIMIT_MAX: '1000', INGEST_RATE_LIMIT_MAX: '1000' }),
    database,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, client: new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`) };
}

let leadCount = 0;
const earlyAccess = {
  request_type: 'early_access',
  full_name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  company_name: 'Analytical Engines',
  role: 'Sales Manager',
};
const callInsight = { external_id: 'bot-call-1', account_manager: 'Alice Archer', client_company_name: 'Acme', product: 'CRM' };

/** The public form, the ingest API and sign-in: each must answer the API's 503, never a 500. */
async function expectUnavailableEverywhere(client: HttpClient) {
  const answers = {
    signIn: await client.post('/api/auth/sign-in/email', { email: 'ada@analytical.example', password: 'correct-horse-battery' }),
    leadForm: await client.post('/api/leads/demo-requests', { ...earlyAccess, email: `ada${++leadCount}@analytical.example` }),
    ingest: await client.post('/api/v1/call-insights', callInsight, {
      authorization: `Bearer nexa_${'k'.repeat(40)}`,
      origin: '',
    }),
    health: await client.get('/api/health'),
  };
  for (const [name, res] of Object.entries(answers)) {
    expect({ name, status: res.status }).toEqual({ name, status: 503 });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    if (name !== 'health') expect(res.body.error.code).toBe('service_unavailable');
    expect(res.text).not.toMatch(/ECONN|at \w+ \(|SELECT|postgres|57P|55000|53300/i);
  }
}

// Faults are proven against PostgreSQL, where a connection can really drop.
describe.runIf(testDatabaseKind() === 'postgres')('when the database connection is cut', () => {
  let own: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let server: TestServer;
  let client: HttpClient;
  let anonymous: HttpClient;

  beforeAll(async () => {
    // A database of its own, reached through a proxy the test controls.
    own = await openTestDatabase();
    const proxied = await openThroughProxy(own.url);
    proxy = proxied.proxy;
    server = await startTestServer({}, { database: proxied.database });
    anonymous = server.anonymous;
    // A correctly signed cookie: the server must reach the database to know whether it is valid.
    const token = 'session-token-checked-while-the-database-is-down';
    const signature = createHmac('sha256', server.config.authSecret).update(token).digest('base64');
    client = new HttpClient(server.url, `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await own?.close();
  });

  it('answers 503 JSON within 5 s while it is down, and recovers by itself', async () => {
    expect((await anonymous.get('/api/health')).status).toBe(200);

    proxy.cut();
    const started = Date.now();
    const down = await anonymous.get('/api/health');
    expect(down.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);

    const signedIn = await client.get('/api/me');
    expect(signedIn.status).toBe(503);
    expect(signedIn.body.error.code).toBe('service_unavailable');
    expect(signedIn.text).not.toMatch(/ECONN|at \w+ \(|SELECT|postgres/i);

    // Signing in reads the database through the auth library, which turned the failure into a 500.
    const signIn = await anonymous.post('/api/auth/sign-in/email', { email: 'ada@example.com', password: 'correct-horse' });
    expect(signIn.status).toBe(503);
    expect(signIn.body.error.code).toBe('service_unavailable');
    expect(signIn.text).not.toMatch(/ECONN|at \w+ \(|SELECT|postgres/i);

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await anonymous.get('/api/health')).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
  }, 30_000);

  it('answers 503 when PostgreSQL refuses connections to the database (ALLOW_CONNECTIONS false: 55000)', async () => {
    const name = new URL(own.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    // A pool of its own: the open connections of the other one are still allowed in.
    const refused = await openDatabase(own.url, { poolMax: 2 });
    const { app: refusing, client: visitor } = await serve(refused);
    try {
      await expect(refused.ping()).rejects.toMatchObject({ cause: { code: '55000' } });
      await expectUnavailableEverywhere(visitor);
    } finally {
      await refusing.close();
      await refused.close();
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  }, 30_000);
});

// drizzle-orm 0.45 sends a pooled transaction's BEGIN before the code that gives its client back
// (drizzle-team/drizzle-orm#6023); db/client.ts gives it back when BEGIN fails.
describe.runIf(testDatabaseKind() === 'postgres')(
  'a transaction whose BEGIN fails (the connection dropped after checkout)',
  () => {
    it('gives its connection back, so the pool still serves and closes', async () => {
      const own = await openTestDatabase();
      const { proxy, database } = await openThroughProxy(own.url);
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      try {
        // The cut lands between the checkout and BEGIN.
        pool.once('acquire', () => proxy.cut());
        await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        expect({ checkedOut: pool.totalCount - pool.idleCount }).toEqual({ checkedOut: 0 });
        proxy.restore();
        const answer = await database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
        expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
      } finally {
        // A client never given back made this wait forever.
        await database.close();
        await proxy.close();
        await own.close();
      }
    });
  },
);

// A server that refuses at the door needs no real PostgreSQL: this runs with either test database.
describe('when PostgreSQL refuses connections', () => {
  let refusing: Awaited<ReturnType<typeof startRefusingPostgres>>;
  let database: Database;
  let app: App;
  let client: HttpClient;

  beforeAll(async () => {
    refusing = await startRefusingPostgres({ code: '57P03', message: 'the database system is starting up' });
    database = await openDatabase(refusing.url, { poolMax: 2 });
    ({ app, client } = await serve(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await refusing?.close();
  });

  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['55000', 'database "nexa" is not currently accepting connections'],
    ['53300', 'sorry, too many clients already'],
    ['08004', 'the server rejected the connection'],
    ['42501', 'permission denied for database "nexa"'],
  ])('answers 503 JSON on sign-in, the lead form and the ingest API (SQLSTATE %s)', async (code, message) => {
    refusing.refuseWith(code, message);
    await expect(database.ping()).rejects.toMatchObject({ cause: { code } });
    await expectUnavailableEverywhere(client);
  });
});
