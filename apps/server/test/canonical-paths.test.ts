import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeApiPath } from '../src/http/api-route.ts';
import type { HttpClient } from './test-app.ts';
import { raw } from './raw-request.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from './test-app.ts';

/**
 * The router decodes a path before matching it, so `/%61pi/leads/demo-requests` reaches the same
 * handler as `/api/leads/demo-requests`. Every guard (origin check, rate limits, no-store) must hold
 * for every spelling that reaches a route, and a spelling that reaches no route must be a plain 404.
 * Requests go over raw sockets: fetch would fold dot segments before they reach the server.
 */

/** Spellings of a canonical `/api/a/b` path that the router maps to the same route. */
const sameRoute = (path: string): string[] => [
  path.replace('/api/', '/%61pi/'),
  path.replace('/api/', '/ap%69/'),
  path.replace(/\/api\/(\w)/, (_, c: string) => `/api/%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  `${path}/`,
];

/** Spellings that reach no route: each must be a 404, whatever it is sent with. */
const noRoute = (path: string): string[] => [
  `/${path}`,
  path.replace('/api/', '/api//'),
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
  path.replace('/api/', '/api%2F'),
  path.replace('/api/', '/x/../api/'),
  path.replace('/api/', '/api/./'),
  path.replace('/api/', '/%2561pi/'),
];

describe('non-canonical spellings of API paths', () => {
  let server: TestServer;
  let rep: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_MAX: '8',
      LEADS_RATE_LIMIT_MAX: '3',
      ANALYSIS_RATE_LIMIT_MAX: '3',
      INGEST_RATE_LIMIT_MAX: '3',
    });
    const user = await server.createUser({ role: 'Sales Representative' });
    rep = await server.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('folds the spellings the lenient 404 reads as API paths', () => {
    for (const spelling of [...sameRoute('/api/leads/x'), ...noRoute('/api/leads/x')]) {
      expect(looksLikeApiPath(spelling.split('?')[0]!), spelling).toBe(true);
    }
    expect(looksLikeApiPath('/rep/opportunities')).toBe(false);
    expect(looksLikeApiPath('/api-docs/../rep')).toBe(false);
  });

  it('refuses a foreign origin on every spelling that reaches a route, and 404s the rest', async () => {
    const path = '/api/me';
    const canonical = await raw(
      server.url,
      'PATCH',
      path,
      { origin: 'http://evil.test', cookie: rep.cookie },
      { full_name: 'X' },
    );
    expect(canonical.status).toBe(403);
    expect(canonical.body.error.code).toBe('untrusted_origin');
    for (const spelling of sameRoute(path)) {
      const res = await raw(
        server.url,
        'PATCH',
        spelling,
        { origin: 'http://evil.test', cookie: rep.cookie },
        { full_name: 'X' },
      );
      expect([res.status, res.body?.error?.code], spelling).toEqual([403, 'untrusted_origin']);
    }
    for (const spelling of noRoute(path)) {
      const res = await raw(
        server.url,
        'PATCH',
        spelling,
        { origin: 'http://evil.test', cookie: rep.cookie },
        { full_name: 'X' },
      );
      expect([res.status, res.body?.error?.code], spelling).toEqual([404, 'not_found']);
    }
    expect((await rep.get('/api/me')).body.full_name).not.toBe('X');
  });

  it('answers no-store for every spelling that reaches a route, and JSON (never the web app) for the rest', async () => {
    for (const spelling of sameRoute('/api/health')) {
      const res = await raw(server.url, 'GET', spelling);
      expect([res.status, res.headers['cache-control']], spelling).toEqual([200, 'no-store']);
    }
    for (const spelling of noRoute('/api/health')) {
      const res = await raw(server.url, 'GET', spelling);
      expect(res.status, spelling).toBe(404);
      expect(res.headers['content-type'], spelling).toMatch(/application\/json/);
    }
  });

  it('counts every spelling against the same general API budget', async () => {
    // A fresh address would be nicer; the budget is per IP, so use it all up here and check the last.
    const spellings = ['/api/health', ...sameRoute('/api/health')];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await raw(server.url, 'GET', spellings[i % spellings.length]!)).status);
    expect(statuses).toContain(429);
    const last = await raw(server.url, 'GET', '/%61pi/health');
    expect(last.status).toBe(429);
  });
});

describe('per-route budgets hold for every spelling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_MAX: '100000',
      LEADS_RATE_LIMIT_MAX: '2',
      ANALYSIS_RATE_LIMIT_MAX: '2',
      INGEST_RATE_LIMIT_MAX: '2',
      SIGN_IN_LIMIT_PER_IP: '2',
    });
  });
  afterAll(() => server.close());

  const budgetOf = async (method: string, canonical: string, headers: Record<string, string>, body: unknown) => {
    const statuses: number[] = [];
    for (const spelling of [canonical, ...sameRoute(canonical)]) {
      statuses.push((await raw(server.url, method, spelling, headers, body)).status);
    }
    return statuses;
  };

  it('lead forms', async () => {
    const statuses = await budgetOf('POST', '/api/leads/demo-requests', { origin: TEST_ORIGIN }, { request_type: 'x' });
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });

  it('company analysis', async () => {
    const statuses = await budgetOf('POST', '/api/analysis/company', { origin: TEST_ORIGIN }, { companyName: '' });
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });

  it('ingest key', async () => {
    const manager = await server.createUser({ role: 'Sales Manager' });
    const client = await server.signIn(manager.email, manager.password);
    const { key } = (await client.post('/api/api-keys', { name: 'spellings' })).body;
    const statuses = await budgetOf('POST', '/api/v1/call-insights', { authorization: `Bearer ${key}` }, {});
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });

  it('sign-in answers every spelling as the canonical path and counts it against the same budget', async () => {
    const wrong = { email: 'nobody@test.nexa', password: 'wrong-password-1' };
    const statuses = await budgetOf('POST', '/api/auth/sign-in/email', { origin: TEST_ORIGIN }, wrong);
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
  });
});
