import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { HttpClient, openTestDatabase, testConfig } from './test-app.ts';

// Faults are proven against PostgreSQL, where a connection can really drop.
describe.runIf(testDatabaseKind() === 'postgres')('when the database connection is cut', () => {
  let own: Database;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: HttpClient;
  let anonymous: HttpClient;

  beforeAll(async () => {
    // A database of its own, reached through a proxy the test controls.
    const target = await openTestDatabase();
    own = target;
    const url = new URL(target.url);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase(url.toString(), { poolMax: 4 });
    const config = testConfig();
    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    anonymous = new HttpClient(base);
    // A correctly signed cookie: the server must reach the database to know whether it is valid.
    const token = 'session-token-checked-while-the-database-is-down';
    const signature = createHmac('sha256', config.authSecret).update(token).digest('base64');
    client = new HttpClient(base, `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
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

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await anonymous.get('/api/health')).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
  }, 30_000);
});
