import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAnalysisSchema } from '@nexa/domain';
import { selectRows } from '../src/db/client.ts';
import { resolveAccounts } from '../src/modules/accounts/resolve.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

const ANALYSIS = callAnalysisSchema.parse({
  language: 'en',
  quick: false,
  technicalRequirements: [],
  commercialPoints: [],
  technicalScore: { score: 7, reasons: [] },
  commercialScore: { score: 6, reasons: [] },
  feedback: { technical: 'Fine.', commercial: 'Fine.' },
  nextSteps: [],
  suggestedLeadStatus: { value: 'Warm', lines: [] },
  nextMeeting: { date: '2030-01-01T10:00:00.000Z', lines: [] },
});

/*
 * Every deal write path that sets a company links the deal to its account (issue 36): create, edit,
 * import, sample, the ingest API and a restore, over HTTP; the deal shows the account's name.
 */
describe('deals and their accounts', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;

  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(server.database.db, query);
  const dealAccount = async (id: number) =>
    (
      await rows<{ company: string | null; account_id: number | null; account: string | null }>(
        sql`SELECT o.client_company_name AS company, o.account_id, a.name AS account
          FROM opportunities o LEFT JOIN client_accounts a ON a.id = o.account_id WHERE o.id = ${id}`,
      )
    )[0]!;

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const m = await server.createUser({ role: 'Sales Manager' });
    rep = await server.signIn(r.email, r.password);
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(() => server?.close());

  let acmeId: number;
  let dealId: number;

  it('a created deal finds or makes its account, and shows its name', async () => {
    const first = await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'ACME, Inc.', amount: 100 });
    expect(first.status, first.text).toBe(201);
    const linked = await dealAccount(first.body.id);
    expect(linked).toMatchObject({ company: 'ACME, Inc.', account: 'ACME, Inc.' });
    acmeId = linked.account_id!;
    const second = await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'acme', amount: 50 });
    expect(second.status).toBe(201);
    expect(second.body.client_company_name).toBe('ACME, Inc.');
    expect(await dealAccount(second.body.id)).toMatchObject({ account_id: acmeId, company: 'ACME, Inc.' });
    dealId = second.body.id;
  });

  it('an edit of the company moves the deal to that account, in its history', async () => {
    const deal = (await rep.get(`/api/opportunities/${dealId}`)).body;
    const res = await rep.patch(`/api/opportunities/${dealId}`, { version: deal.version, client_company_name: 'Globex' });
    expect(res.status, res.text).toBe(200);
    const moved = await dealAccount(dealId);
    expect(moved).toMatchObject({ company: 'Globex', account: 'Globex' });
    expect(moved.account_id).not.toBe(acmeId);
    const history = (await rep.get(`/api/opportunities/${dealId}/history`)).body.items;
    expect(history.find((h: { field: string }) => h.field === 'client_company_name')).toMatchObject({
      before: 'ACME, Inc.',
      after: 'Globex',
    });
  });

  it('imported and sample deals are linked', async () => {
    const res = await rep.post('/api/opportunities/import', {
      rows: [
        { client_company_name: 'Acme Inc', product: 'CRM', amount: '10' },
        { client_company_name: 'Initech LLC', product: 'CRM', amount: '20' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect((await rep.post('/api/opportunities/sample')).status).toBeLessThan(300);
    const imported = await rows<{ company: string; account_id: number }>(
      sql`SELECT client_company_name AS company, account_id FROM opportunities WHERE product = 'CRM' AND amount IN (10, 20) ORDER BY amount`,
    );
    expect(imported).toEqual([
      { company: 'ACME, Inc.', account_id: acmeId },
      { company: 'Initech LLC', account_id: expect.any(Number) },
    ]);
  });

  it('a deal sent by the ingest API is linked', async () => {
    const key = (await manager.post('/api/api-keys', { name: 'CRM' })).body;
    const client = new HttpClient(server.url, '', { authorization: `Bearer ${key.key}`, origin: '' });
    const res = await client.post('/api/v1/call-insights', {
      external_id: 'accounts-1',
      account_manager: 'Alice Archer',
      client_company_name: 'acme.com',
      product: 'CRM Platform',
      analysis: ANALYSIS,
    });
    expect(res.status, res.text).toBeLessThan(300);
    expect(await dealAccount(res.body.opportunityId)).toMatchObject({ account_id: acmeId, company: 'ACME, Inc.' });
    // Its "created" event shows the company as the deal does, as for a deal created by a person.
    const history = (await manager.get(`/api/opportunities/${res.body.opportunityId}/history`)).body.items;
    expect(history.find((h: { field: string }) => h.field === 'created')).toMatchObject({
      after: { client_company_name: 'ACME, Inc.' },
    });
  });

  it('a deal archived before accounts existed comes back linked', async () => {
    const created = (await rep.post('/api/opportunities', { product: 'Old', client_company_name: 'Hooli' })).body;
    expect((await rep.delete(`/api/opportunities/${created.id}`)).status).toBe(204);
    await server.database.db.execute(
      sql`UPDATE deleted_opportunities SET "row" = "row" - 'account_id' || '{"client_company_name": "HOOLI Inc."}'::jsonb WHERE id = ${created.id}`,
    );
    expect((await rep.post(`/api/opportunities/${created.id}/restore`)).status).toBe(200);
    const back = await dealAccount(created.id);
    expect(back).toMatchObject({ company: 'Hooli', account: 'Hooli' });
  });

  it('a restore keeps a company name no account can hold as it was archived', async () => {
    const created = (await rep.post('/api/opportunities', { product: 'Blank', client_company_name: 'Initech' })).body;
    await server.database.db.execute(
      sql`UPDATE opportunities SET client_company_name = '  ', account_id = NULL WHERE id = ${created.id}`,
    );
    expect((await rep.delete(`/api/opportunities/${created.id}`)).status).toBe(204);
    expect((await rep.post(`/api/opportunities/${created.id}/restore`)).status).toBe(200);
    expect(await dealAccount(created.id)).toMatchObject({ company: '  ', account_id: null });
  });

  it('leaves no deal with a company and no account, and every deal shows its account’s name', async () => {
    const [counts] = await rows<{ unlinked: number; renamed: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE o.account_id IS NULL)::int AS unlinked,
          count(*) FILTER (WHERE a.name IS DISTINCT FROM o.client_company_name)::int AS renamed, count(*)::int AS total
        FROM opportunities o LEFT JOIN client_accounts a ON a.id = o.account_id WHERE btrim(o.client_company_name) <> ''`,
    );
    expect(counts).toMatchObject({ unlinked: 0, renamed: 0 });
    expect(counts!.total).toBeGreaterThan(10);
  });

  it('makes one account for one new name written at once by many writers', async () => {
    const { db } = server.database;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        db.transaction((tx) => resolveAccounts(tx, [{ name: i % 2 ? 'Umbrella Corp' : 'UMBRELLA' }, { name: `Solo ${i}` }])),
      ),
    );
    const ids = new Set(results.map((r) => r[0]!.id));
    expect(ids.size).toBe(1);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM client_accounts WHERE match_key = 'umbrella'`);
    expect(count!.n).toBe(1);
  });
});
