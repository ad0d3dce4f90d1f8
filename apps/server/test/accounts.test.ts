import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFigures } from '@nexa/domain';
import { selectRows } from '../src/db/client.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/*
 * The accounts API (issue 36): who sees which account, figures that agree with a recount of the
 * visible deals, edits, merges, splits and their undo, with history; another representative's deal
 * never shows.
 */
describe('accounts', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;

  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(server.database.db, query);
  const create = async (client: HttpClient, company: string, extra: Record<string, unknown> = {}) => {
    const res = await client.post('/api/opportunities', { product: 'CRM', client_company_name: company, amount: 1000, ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; version: number };
  };
  const accountOf = async (dealId: number) =>
    (await rows<{ account_id: number }>(sql`SELECT account_id FROM opportunities WHERE id = ${dealId}`))[0]!.account_id;

  let acme: number;
  let globex: number;
  let shared: number;
  let bOnly: number;

  beforeAll(async () => {
    server = await startTestServer();
    const [a, b, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' }),
      server.createUser({ role: 'Sales Manager' }),
    ]);
    [repA, repB, manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    acme = await accountOf((await create(repA, 'Acme', { amount: 500 })).id);
    await create(repA, 'ACME Inc.', { amount: 700, stage: 'Closed-Win', closing_date: '2026-01-10' });
    globex = await accountOf((await create(repA, 'Globex', { amount: 300 })).id);
    shared = await accountOf((await create(repA, 'Initech', { amount: 100 })).id);
    await create(repB, 'initech', { amount: 9000 });
    bOnly = await accountOf((await create(repB, 'Hooli', { amount: 50 })).id);
  });
  afterAll(() => server?.close());

  it('a representative lists the accounts where they own a deal; a manager all of them', async () => {
    const listA = await repA.get('/api/accounts');
    expect(listA.status, listA.text).toBe(200);
    expect(listA.body.items.map((a: { name: string }) => a.name)).toEqual(['Acme', 'Globex', 'Initech']);
    expect(listA.body.total).toBe(3);
    const all = await manager.get('/api/accounts?sort=-name');
    expect(all.body.items.map((a: { name: string }) => a.name)).toEqual(['Initech', 'Hooli', 'Globex', 'Acme']);
    expect((await repA.get('/api/accounts?q=glob')).body.items.map((a: { id: number }) => a.id)).toEqual([globex]);
  });

  it('figures count the deals the reader may see, as a recount of them does', async () => {
    const a = (await repA.get(`/api/accounts/${shared}`)).body;
    expect(a.figures).toEqual({ deal_count: 1, open_deals: 1, open_pipeline: 100, won_deals: 0, won_amount: 0 });
    expect(a.deals).toHaveLength(1);
    const m = (await manager.get(`/api/accounts/${shared}`)).body;
    expect(m.figures).toMatchObject({ deal_count: 2, open_pipeline: 9100 });
    for (const [client, id] of [
      [repA, acme],
      [manager, acme],
      [manager, shared],
    ] as const) {
      const detail = (await client.get(`/api/accounts/${id}`)).body;
      expect(detail.figures).toEqual(accountFigures(detail.deals));
      const listed = (await client.get('/api/accounts?pageSize=200')).body.items.find((x: { id: number }) => x.id === id);
      expect(listed.figures).toEqual(detail.figures);
    }
    expect((await repA.get(`/api/accounts/${acme}`)).body.figures).toEqual({
      deal_count: 2,
      open_deals: 1,
      open_pipeline: 500,
      won_deals: 1,
      won_amount: 700,
    });
  });

  it('answers 404 for an account the caller may not see, as for a missing one', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/accounts/${bOnly}`, undefined],
      ['PATCH', `/api/accounts/${bOnly}`, { industry: 'x' }],
      ['POST', `/api/accounts/${bOnly}/merge`, { from: [acme] }],
      ['POST', `/api/accounts/${acme}/merge`, { from: [bOnly] }],
      ['POST', `/api/accounts/${bOnly}/split`, { name: 'Hooli EU', deal_ids: [1] }],
      ['GET', '/api/accounts/999999', undefined],
    ] as const) {
      const res = await repA.request(method, url, body);
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
  });

  it('edits an account: its deals show the new name, the old name still finds it', async () => {
    const res = await repA.patch(`/api/accounts/${globex}`, {
      name: 'Globex Corporation',
      domain: 'https://www.globex.com/',
      industry: 'Energy',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Globex Corporation', domain: 'globex.com', industry: 'Energy' });
    const deals = await rows<{ client_company_name: string }>(
      sql`SELECT client_company_name FROM opportunities WHERE account_id = ${globex}`,
    );
    expect(deals).toEqual([{ client_company_name: 'Globex Corporation' }]);
    const again = await create(repA, 'GLOBEX');
    expect(await accountOf(again.id)).toBe(globex);
    expect((await repA.patch(`/api/accounts/${globex}`, { name: 'Acme' })).status).toBe(409);
    expect((await repA.patch(`/api/accounts/${globex}`, { domain: 'not a domain' })).status).toBe(400);
    // An account holding another representative's deal is renamed by a manager only.
    expect((await repA.patch(`/api/accounts/${shared}`, { name: 'Initech Labs' })).status).toBe(403);
  });

  it('merges accounts, with history, and undoes the merge', async () => {
    const merged = await repA.post(`/api/accounts/${acme}/merge`, { from: [globex] });
    expect(merged.status, merged.text).toBe(200);
    expect((await repA.get(`/api/accounts/${globex}`)).status).toBe(404);
    const page = (await repA.get(`/api/accounts/${acme}`)).body;
    expect(page.figures.deal_count).toBe(4);
    expect(page.history[0]).toMatchObject({ kind: 'merge', others: ['Globex Corporation'], deals: 2, undoable: true });
    const names = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM opportunities WHERE account_id = ${acme} AND client_company_name = 'Acme'`,
    );
    expect(names[0]!.n).toBe(4);
    // The merged name now finds the account it went into.
    expect(await accountOf((await create(repA, 'Globex Corporation')).id)).toBe(acme);
    const audit = await manager.get('/api/team-admin/audit');
    expect(
      audit.body.items.some((e: { action: string; target: string }) => e.action === 'account.merged' && e.target === 'Acme'),
    ).toBe(true);

    const undone = await repA.post(`/api/accounts/merges/${merged.body.change_id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect((await repA.get(`/api/accounts/${globex}`)).body.figures.deal_count).toBe(2);
    expect((await repA.get(`/api/accounts/${acme}`)).body.figures.deal_count).toBe(3);
    expect((await repA.post(`/api/accounts/merges/${merged.body.change_id}/undo`)).status).toBe(409);
    // A rep may not merge an account holding another rep's deal; a manager may.
    expect((await repA.post(`/api/accounts/${acme}/merge`, { from: [shared] })).status).toBe(403);
  });

  it('splits deals off into a new account, and undoes the split', async () => {
    const deals = (await repA.get(`/api/accounts/${acme}`)).body.deals as Array<{ id: number }>;
    const split = await repA.post(`/api/accounts/${acme}/split`, { name: 'Acme Europe', deal_ids: [deals[0]!.id] });
    expect(split.status, split.text).toBe(201);
    const created = split.body.account.id;
    expect((await repA.get(`/api/accounts/${created}`)).body.figures.deal_count).toBe(1);
    expect((await repA.post(`/api/accounts/${acme}/split`, { name: 'ACME', deal_ids: [deals[1]!.id] })).status).toBe(409);
    expect((await repA.post(`/api/accounts/${acme}/split`, { name: 'Other', deal_ids: [999999] })).status).toBe(400);
    const undone = await repA.post(`/api/accounts/merges/${split.body.change_id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect((await repA.get(`/api/accounts/${created}`)).status).toBe(404);
    expect((await repA.get(`/api/accounts/${acme}`)).body.figures.deal_count).toBe(deals.length);
  });

  it('keeps My Companies and the dashboard counting what the account list counts', async () => {
    const accounts = (await repA.get('/api/accounts?pageSize=200')).body;
    const companies = (await repA.get('/api/companies?pageSize=200')).body;
    expect(companies.total).toBe(accounts.total);
    expect(companies.items.map((c: { name: string }) => c.name).sort()).toEqual(
      accounts.items.map((a: { name: string }) => a.name).sort(),
    );
    const pipeline = (await repA.get('/api/pipeline')).body;
    expect(pipeline.companyCount).toBe(accounts.total);
  });
});
