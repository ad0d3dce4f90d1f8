import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from './redis-target.ts';
import { startTestServer, type TestServer } from './test-app.ts';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) console.info('[api tests] Redis not reachable: the shared rate-limit test is skipped');

describe.runIf(available)('rate limits shared through Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const prefix = `nexa-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_MS: '60000' };
    [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts requests to both instances against one limit', async () => {
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await server.anonymous.get('/api/health')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await b.anonymous.get('/api/health');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
