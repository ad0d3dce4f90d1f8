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

// The abuse limits (sign-in, password reset, lead forms) use the same store: with Redis an attacker
// gains nothing by spreading attempts over instances.
describe.runIf(available)('abuse limits shared through Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const prefix = `nexa-test-abuse-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    const env = {
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SIGN_IN_LIMIT_PER_EMAIL: '2',
      RESET_LIMIT_PER_EMAIL: '2',
      LEADS_RATE_LIMIT_MAX: '2',
    };
    [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts failed sign-ins for one e-mail on both instances together', async () => {
    const attempt = (server: TestServer) =>
      server.anonymous.post('/api/auth/sign-in/email', { email: 'target@test.nexa', password: 'wrong-password' });
    expect([(await attempt(a)).status, (await attempt(b)).status]).toEqual([401, 401]);
    for (const server of [a, b]) {
      const limited = await attempt(server);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts reset requests for one e-mail on both instances together', async () => {
    const request = (server: TestServer) =>
      server.anonymous.post('/api/auth/request-password-reset', { email: 'reset@test.nexa' });
    expect([(await request(a)).status, (await request(b)).status, (await request(a)).status]).toEqual([200, 200, 429]);
  });

  it('counts lead submissions from one address on both instances together', async () => {
    const submit = (server: TestServer, n: number) =>
      server.anonymous.post('/api/leads/demo-requests', {
        request_type: 'early_access',
        full_name: `Spread ${n}`,
        email: `spread-${n}@example.com`,
        company_name: 'Spread Co',
        role: 'Sales Manager',
      });
    expect([(await submit(a, 1)).status, (await submit(b, 2)).status, (await submit(a, 3)).status]).toEqual([201, 201, 429]);
  });
});
