import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessControl, MissingAccessRuleError } from '../src/auth/access.ts';
import { createAuth } from '../src/auth/auth.ts';
import { startTestServer, testConfig, type TestServer } from './test-app.ts';
import { testDatabaseKind } from './database-target.ts';

describe(`platform (${testDatabaseKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => server.close());

  it('answers health with 200 while the database answers', async () => {
    const res = await server.anonymous.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await server.anonymous.get('/api/x');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route GET /api/x' } });
  });

  it('serves the OpenAPI document with the public routes in it', async () => {
    const res = await server.anonymous.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/me']));
  });

  it('sends the security headers', async () => {
    const res = await server.anonymous.get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it("tells the server's time for an answer and the part spent on the database (Server-Timing)", async () => {
    const timings = (header: string | null) => {
      const match = /^app;dur=(\d+\.\d{3}), db;dur=(\d+\.\d{3})$/.exec(header ?? '');
      expect(match, header ?? 'no header').not.toBeNull();
      return { app: Number(match![1]), db: Number(match![2]) };
    };
    // Health asks the database; the OpenAPI document does not.
    const health = timings((await server.anonymous.get('/api/health')).headers.get('server-timing'));
    expect(health.db).toBeGreaterThan(0);
    expect(health.db).toBeLessThanOrEqual(health.app);
    expect(timings((await server.anonymous.get('/api/openapi.json')).headers.get('server-timing')).db).toBe(0);
    // A signed-in read waits on the session lookup and its own statement.
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const list = timings((await client.get('/api/opportunities?pageSize=10')).headers.get('server-timing'));
    expect(list.db).toBeGreaterThan(0);
    expect(list.db).toBeLessThanOrEqual(list.app);
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const good = await server.anonymous.get('/api/health', { 'x-request-id': 'abc-123' });
    expect(good.headers.get('x-request-id')).toBe('abc-123');
    const bad = await server.anonymous.get('/api/health', { 'x-request-id': 'no spaces <allowed>' });
    expect(bad.headers.get('x-request-id')).not.toBe('no spaces <allowed>');
  });

  it('refuses a body over the configured limit with 413 and a JSON error', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const res = await client.patch('/api/me', { full_name: 'x'.repeat(4096) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('answers invalid input with 400 naming the field', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const res = await client.patch('/api/me', { full_name: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', field: 'full_name' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const res = await client.request('PATCH', '/api/me', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    const broken = await fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: client.cookie, origin: 'http://localhost:3000' },
      body: '{"full_name": ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as any).error.code).toBe('bad_request');
  });
});

describe('access rules', () => {
  it('refuses to register an /api route without an access rule', async () => {
    const app = Fastify();
    const auth = createAuth(testConfig(), {} as never);
    await app.register(accessControl, { auth, db: {} as never, ping: async () => {} });
    app.register(async (scoped) => {
      scoped.get('/api/oops', async () => ({}));
    });
    await expect(app.ready()).rejects.toBeInstanceOf(MissingAccessRuleError);
  });
});

describe(`health when the database is gone (${testDatabaseKind()})`, () => {
  it('answers 503', async () => {
    const server = await startTestServer();
    await server.database.close();
    const res = await server.anonymous.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable' });
    await server.close().catch(() => {});
  });
});
