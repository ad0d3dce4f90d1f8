import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from './redis-target.ts';
import { buildApp, type App } from '../src/app.ts';
import { HttpClient, startTestServer, testConfig, type TestServer } from './test-app.ts';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) console.info('[api tests] Redis not reachable: the shared per-key limit test is skipped');

describe.runIf(available)('the per-key ingest limit shared through Redis', () => {
  let server: TestServer;
  let second: App;
  let secondUrl: string;
  const env = {
    REDIS_URL,
    REDIS_PREFIX: `nexa-test-ingest-${process.pid}-${Date.now()}:`,
    INGEST_RATE_LIMIT_MAX: '3',
    INGEST_RATE_LIMIT_WINDOW_MS: '60000',
    JOBS_CONCURRENCY: '0',
  };

  beforeAll(async () => {
    server = await startTestServer(env);
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({ config: testConfig(env), database: server.database, logger: false });
    await second.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it('counts one key’s calls to both instances against one budget', async () => {
    const m = await server.createUser({ role: 'Sales Manager' });
    const manager = await server.signIn(m.email, m.password);
    const { key } = (await manager.post('/api/api-keys', { name: 'shared' })).body;
    const headers = { authorization: `Bearer ${key}`, origin: '' };
    const a = new HttpClient(server.url, '', headers);
    const b = new HttpClient(secondUrl, '', headers);
    const statuses = [];
    for (const [i, client] of [a, b, a, b].entries()) {
      const res = await client.post('/api/v1/call-insights', {
        external_id: `redis-${i}`,
        account_manager: 'Nobody',
        client_company_name: 'Shared Ltd',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
