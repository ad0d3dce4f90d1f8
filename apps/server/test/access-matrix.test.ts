import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ACCESS_RULES } from './access-rules.ts';
import { HttpClient, openTestDatabase, startTestServer, testConfig, type TestServer } from './test-app.ts';

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
/** A spelling the router decodes to the same route: the access rule must not depend on the raw text. */
const encoded = (url: string) => url.replace('/api/', '/%61pi/');

describe('access matrix', () => {
  it('lists every /api route with the rule it declares', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    const declared = Object.fromEntries(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    await app.close();
    await database.close();
    expect(declared).toEqual(ACCESS_RULES);
  });

  describe('over HTTP', () => {
    let server: TestServer;
    let rep: HttpClient;
    let manager: HttpClient;
    let integration: HttpClient;
    beforeAll(async () => {
      server = await startTestServer();
      const r = await server.createUser({ role: 'Sales Representative' });
      const m = await server.createUser({ role: 'Sales Manager' });
      rep = await server.signIn(r.email, r.password);
      manager = await server.signIn(m.email, m.password);
      const created = await manager.post('/api/api-keys', { name: 'access matrix' });
      integration = new HttpClient(server.url, '', { authorization: `Bearer ${created.body.key}`, origin: '' });
    });
    afterAll(() => server.close());

    const routes = Object.entries(ACCESS_RULES).map(([key, access]) => {
      const [method, url] = key.split(' ') as [string, string];
      return { method, url: concrete(url), access };
    });

    it.each(routes.filter((r) => r.access !== 'public'))('$method $url refuses a visitor with 401', async ({ method, url }) => {
      const res = await server.anonymous.request(method, url, method === 'GET' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    });

    it.each(routes)('$method $url answers a visitor the same through an encoded spelling', async ({ method, url }) => {
      const body = method === 'GET' ? undefined : {};
      const canonical = await server.anonymous.request(method, url, body);
      const other = await server.anonymous.request(method, encoded(url), body);
      expect([other.status, other.body?.error?.code]).toEqual([canonical.status, canonical.body?.error?.code]);
    });

    // A route open to both roles has no "other role" to refuse.
    const singleRole = routes.filter((r) => Array.isArray(r.access) && r.access.length === 1);
    it.each(singleRole)('$method $url refuses the other role with 403', async ({ method, url, access }) => {
      const other = (access as readonly string[]).includes('Sales Manager') ? rep : manager;
      const res = await other.request(method, url, method === 'GET' ? undefined : {});
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      const spelled = await other.request(method, encoded(url), method === 'GET' ? undefined : {});
      expect([spelled.status, spelled.body.error.code]).toEqual([403, 'forbidden']);
    });

    // An API key opens the ingest API and nothing else; a session opens everything but the ingest API.
    it.each(routes.filter((r) => r.access !== 'public' && r.access !== 'api-key'))(
      '$method $url refuses an API key with 401',
      async ({ method, url }) => {
        const res = await integration.request(method, url, method === 'GET' ? undefined : {});
        expect(res.status).toBe(401);
      },
    );

    const keyRoutes = routes.filter((r) => r.access === 'api-key');
    it.each(keyRoutes)('$method $url refuses a session with 401', async ({ method, url }) => {
      for (const session of [rep, manager]) {
        const res = await session.request(method, url, method === 'GET' ? undefined : {});
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
    });

    it.each(keyRoutes)('$method $url lets an API key past the access check', async ({ method, url }) => {
      const res = await integration.request(method, url, method === 'GET' ? undefined : {});
      expect([401, 403]).not.toContain(res.status);
    });

    it.each(routes.filter((r) => Array.isArray(r.access)))(
      '$method $url lets its role past the access check',
      async ({ method, url, access }) => {
        const own = (access as readonly string[]).includes('Sales Manager') ? manager : rep;
        const res = await own.request(method, url, method === 'GET' ? undefined : {});
        expect([401, 403]).not.toContain(res.status);
      },
    );
  });
});
