import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, callAnalyses, opportunities } from '../src/db/schema.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/** An integration: no cookie, no Origin, a bearer key. */
const withKey = (server: TestServer, key: string) =>
  new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });

const insight = (externalId: string, extra: Record<string, unknown> = {}) => ({
  external_id: externalId,
  account_manager: 'Nobody Known',
  client_company_name: 'Acme Corp',
  product: 'Nexa Platform',
  amount: 12500.5,
  status: 'On-going',
  lead_status: 'Warm',
  next_meeting_date: '2026-12-01T15:00:00.000Z',
  closing_date: '2027-01-31',
  ...extra,
});

describe('integrations: API keys and the ingest API', () => {
  let server: TestServer;
  let manager: HttpClient;
  let rep: HttpClient;

  const rowCounts = async () => {
    const db = server.database.db;
    const [opps] = await db.select({ n: count() }).from(opportunities);
    const [history] = await db.select({ n: count() }).from(callAnalyses);
    return { opportunities: Number(opps!.n), analyses: Number(history!.n) };
  };
  const newKey = async (name = 'CRM') => {
    const res = await manager.post('/api/api-keys', { name });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string; prefix: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000' });
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Marie Curie' });
    await server.createUser({ role: 'Sales Representative', fullName: 'Pierre Dupont' });
    await server.createUser({ role: 'Sales Representative', fullName: 'Pierre Martin' });
    manager = await server.signIn(m.email, m.password);
    rep = await server.signIn(r.email, r.password);
  });
  afterAll(() => server.close());

  describe('key lifecycle', () => {
    it('shows a new key once and stores only its hash and prefix', async () => {
      const created = await newKey('Meeting bot');
      expect(created.key).toMatch(/^nexa_[A-Za-z0-9_-]{43}$/);
      expect(created.key.startsWith(created.prefix)).toBe(true);
      expect(created.prefix.length).toBeLessThan(16);

      const list = await manager.get('/api/api-keys');
      expect(list.status).toBe(200);
      const listed = list.body.items.find((k: { id: string }) => k.id === created.id);
      expect(listed).toMatchObject({ name: 'Meeting bot', prefix: created.prefix, lastUsedAt: null, revokedAt: null });
      expect(JSON.stringify(list.body)).not.toContain(created.key);

      const [stored] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(created.key.slice(12));
    });

    it('works, notes its last use (once a minute at most), and after revocation is refused without writing', async () => {
      const { id, key } = await newKey();
      const client = withKey(server, key);
      const first = await client.post('/api/v1/call-insights', insight('life-1'));
      expect(first.status).toBe(201);

      const lastUsed = async () => (await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.last_used_at;
      const usedAt = await lastUsed();
      expect(usedAt).toBeInstanceOf(Date);
      const listed = (await manager.get('/api/api-keys')).body.items.find((k: { id: string }) => k.id === id);
      expect(listed.lastUsedAt).toBe(usedAt!.toISOString());

      // A second call within the minute writes nothing to the key.
      await client.post('/api/v1/call-insights', insight('life-1'));
      expect((await lastUsed())!.getTime()).toBe(usedAt!.getTime());
      // A call after the minute moves it.
      await server.database.db
        .update(apiKeys)
        .set({ last_used_at: sql`now() - interval '2 minutes'` })
        .where(eq(apiKeys.id, id));
      const stale = await lastUsed();
      await client.post('/api/v1/call-insights', insight('life-1'));
      expect((await lastUsed())!.getTime()).toBeGreaterThan(stale!.getTime());

      const revoked = await manager.delete(`/api/api-keys/${id}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      const usedBeforeRevocation = await lastUsed();

      const before = await rowCounts();
      const refused = await client.post('/api/v1/call-insights', insight('life-2'));
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('unauthorized');
      expect(await rowCounts()).toEqual(before);
      expect((await lastUsed())!.getTime()).toBe(usedBeforeRevocation!.getTime());

      // Still listed, with when it was revoked; revoking again keeps that time.
      const again = await manager.delete(`/api/api-keys/${id}`);
      expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
      const listed2 = (await manager.get('/api/api-keys')).body.items.find((k: { id: string }) => k.id === id);
      expect(listed2.revokedAt).toBe(revoked.body.revokedAt);
    });

    it('refuses an unknown, malformed or missing key with 401 and writes nothing', async () => {
      const before = await rowCounts();
      const attempts = [
        withKey(server, `nexa_${'A'.repeat(43)}`),
        withKey(server, 'not-a-key'),
        new HttpClient(server.url, '', { authorization: 'Basic dXNlcjpwYXNz', origin: '' }),
        new HttpClient(server.url, '', { origin: '' }),
      ];
      for (const client of attempts) {
        const res = await client.post('/api/v1/call-insights', insight('unknown-1'));
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('answers 404 when revoking a key that does not exist', async () => {
      const res = await manager.delete('/api/api-keys/00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(404);
    });

    it('is managed by managers only: a representative gets 403, a visitor 401', async () => {
      const { id } = await newKey();
      for (const [client, status] of [
        [rep, 403],
        [server.anonymous, 401],
      ] as const) {
        expect((await client.get('/api/api-keys')).status).toBe(status);
        expect((await client.post('/api/api-keys', { name: 'mine' })).status).toBe(status);
        expect((await client.delete(`/api/api-keys/${id}`)).status).toBe(status);
      }
      const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(row!.revoked_at).toBeNull();
    });

    it('validates the key name', async () => {
      expect((await manager.post('/api/api-keys', { name: '   ' })).status).toBe(400);
      expect((await manager.post('/api/api-keys', { name: 'x'.repeat(101) })).status).toBe(400);
    });
  });

  describe('POST /api/v1/call-insights', () => {
    let client: HttpClient;
    beforeAll(async () => {
      client = withKey(server, (await newKey('upserts')).key);
    });

    it('creates once, then the same request changes nothing', async () => {
      const body = insight('idem-1');
      const created = await client.post('/api/v1/call-insights', body);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ opportunityId: expect.any(Number), created: true, changed: true });
      const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'idem-1'));
      expect(row).toMatchObject({
        client_company_name: 'Acme Corp',
        amount: 12500.5,
        lead_status: 'Warm',
        closing_date: '2027-01-31',
      });
      expect(row!.next_meeting_date!.toISOString()).toBe('2026-12-01T15:00:00.000Z');

      const before = await rowCounts();
      const repeat = await client.post('/api/v1/call-insights', body);
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual({ opportunityId: created.body.opportunityId, created: false, changed: false });
      expect(await rowCounts()).toEqual(before);
      const [after] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'idem-1'));
      expect(after).toEqual(row);
    });

    it('updates only what the request states, and says so', async () => {
      await client.post('/api/v1/call-insights', insight('idem-2'));
      const res = await client.post('/api/v1/call-insights', {
        external_id: 'idem-2',
        account_manager: 'Nobody Known',
        client_company_name: 'Acme Corp',
        amount: 20000,
        // The same instant written another way is no change.
        next_meeting_date: '2026-12-01T16:00:00+01:00',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: false, changed: true });
      const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'idem-2'));
      expect(row).toMatchObject({ amount: 20000, lead_status: 'Warm', product: 'Nexa Platform' });

      const same = await client.post('/api/v1/call-insights', {
        external_id: 'idem-2',
        account_manager: 'Nobody Known',
        client_company_name: 'Acme Corp',
        next_meeting_date: '2026-12-01T16:00:00+01:00',
      });
      expect(same.body.changed).toBe(false);
    });

    it('matches the account manager to a representative who then sees the deal', async () => {
      const cases: Array<[string, string | null]> = [
        ['Marie Curie', 'Marie Curie'],
        ['marie CURIE', 'Marie Curie'],
        ['Dupont', 'Pierre Dupont'],
        ['Pierre', null], // two Pierres: nobody gets it
        ['Someone Else', null],
      ];
      for (const [i, [name, expected]] of cases.entries()) {
        const res = await client.post('/api/v1/call-insights', insight(`am-${i}`, { account_manager: name }));
        expect(res.status).toBe(201);
        const [row] = await server.database.db
          .select({ owner: opportunities.owner_id, am: opportunities.account_manager })
          .from(opportunities)
          .where(eq(opportunities.external_id, `am-${i}`));
        expect(row!.am).toBe(name);
        const owner = row!.owner
          ? (await server.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, row!.owner!) }))!.full_name
          : null;
        expect(owner, name).toBe(expected);
      }
      const mine = await rep.get('/api/opportunities?pageSize=200');
      const ids = mine.body.items.map((o: { client_company_name: string; account_manager: string }) => o.account_manager);
      expect(ids.filter((n: string) => /marie curie/i.test(n))).toHaveLength(2);

      // A new account manager is matched again.
      await client.post('/api/v1/call-insights', insight('am-4', { account_manager: 'Martin' }));
      const [moved] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'am-4'));
      expect(moved!.owner_id).not.toBeNull();
    });

    it('answers 400 on invalid input and writes nothing', async () => {
      const before = await rowCounts();
      for (const body of [
        {},
        insight(''),
        insight('bad-1', { amount: -5 }),
        insight('bad-2', { closing_date: '31/01/2027' }),
        insight('bad-3', { analysis: { quick: 'yes' } }),
      ]) {
        const res = await client.post('/api/v1/call-insights', body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
      expect(await rowCounts()).toEqual(before);
    });
  });
});

describe('integrations: per-key rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '3', INGEST_RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After past the limit of one key, and leaves other keys alone', async () => {
    const m = await server.createUser({ role: 'Sales Manager' });
    const manager = await server.signIn(m.email, m.password);
    const a = withKey(server, (await manager.post('/api/api-keys', { name: 'a' })).body.key);
    const b = withKey(server, (await manager.post('/api/api-keys', { name: 'b' })).body.key);

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await a.post('/api/v1/call-insights', insight(`rl-${i}`))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await a.post('/api/v1/call-insights', insight('rl-x'));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'rl-x'));
    expect(row).toBeUndefined();

    expect((await b.post('/api/v1/call-insights', insight('rl-b'))).status).toBe(201);
  });
});
