import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * Incoming deals are matched on what a manager set for each representative, never on the display
 * name a representative may change: renaming oneself must not capture anybody's deals.
 */
describe('ingest: who owns an incoming deal', () => {
  let server: TestServer;
  let manager: HttpClient;
  let integration: HttpClient;
  let alice: { id: string; email: string; client: HttpClient };
  let bob: { id: string; email: string; client: HttpClient };
  let counter = 0;

  const rep = async (fullName: string) => {
    const user = await server.createUser({ role: 'Sales Representative', fullName });
    return { id: user.id, email: user.email, client: await server.signIn(user.email, user.password) };
  };

  /** The owner of the opportunity with this external_id, and the rule that chose it. */
  const ownerOf = async (externalId: string) => {
    const [row] = await server.database.db
      .select({ owner_id: opportunities.owner_id, owner_match: opportunities.owner_match })
      .from(opportunities)
      .where(eq(opportunities.external_id, externalId));
    return row;
  };

  const ingest = async (fields: Record<string, string>) => {
    counter += 1;
    const externalId = `owner-match-${counter}`;
    const res = await integration.post('/api/v1/call-insights', {
      external_id: externalId,
      client_company_name: 'Acme Corp',
      ...fields,
    });
    expect(res.status).toBe(201);
    return ownerOf(externalId);
  };

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000' });
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
    alice = await rep('Alice Archer');
    bob = await rep('Bob Baker');
    const key = (await manager.post('/api/api-keys', { name: 'CRM' })).body.key;
    integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
  });
  afterAll(() => server.close());

  it("a rep who takes another rep's name does not capture that rep's deals", async () => {
    expect((await bob.client.patch('/api/me', { full_name: 'Alice Archer' })).status).toBe(200);
    expect(await ingest({ account_manager: 'Alice Archer' })).toEqual({ owner_id: alice.id, owner_match: 'exact' });
    expect(await ingest({ account_manager: 'alice archer' })).toEqual({
      owner_id: alice.id,
      owner_match: 'case-insensitive',
    });
    expect((await bob.client.patch('/api/me', { full_name: 'Bob Baker' })).status).toBe(200);
  });

  it('a rep who takes the name an integration sends for nobody gets no deal', async () => {
    expect((await bob.client.patch('/api/me', { full_name: 'Charlie Chase' })).status).toBe(200);
    expect(await ingest({ account_manager: 'Charlie Chase' })).toEqual({ owner_id: null, owner_match: 'none' });
    expect(await ingest({ account_manager: 'Charlie' })).toEqual({ owner_id: null, owner_match: 'none' });
    // The display name changed; the name deals are matched on did not.
    const names = await manager.get(`/api/team/representatives/${bob.id}/account-manager-names`);
    expect(names.body).toEqual({ account_manager_name: 'Bob Baker', account_manager_aliases: [] });
    expect(await ingest({ account_manager: 'Bob Baker' })).toEqual({ owner_id: bob.id, owner_match: 'exact' });
    expect((await bob.client.patch('/api/me', { full_name: 'Bob Baker' })).status).toBe(200);
  });

  it("the representative's e-mail wins over the name", async () => {
    expect(await ingest({ account_manager: 'Alice Archer', account_manager_email: bob.email.toUpperCase() })).toEqual({
      owner_id: bob.id,
      owner_match: 'email',
    });
    // An e-mail nobody has falls back to the name.
    expect(await ingest({ account_manager: 'Alice Archer', account_manager_email: 'someone@else.example' })).toEqual({
      owner_id: alice.id,
      owner_match: 'exact',
    });
    const bad = await integration.post('/api/v1/call-insights', {
      external_id: 'owner-match-bad-email',
      account_manager: 'Alice Archer',
      account_manager_email: 'not an e-mail',
      client_company_name: 'Acme Corp',
    });
    expect(bad.status).toBe(400);
  });

  it('an e-mail sent later moves an existing deal to its representative, once', async () => {
    const body = { external_id: 'owner-match-later', account_manager: 'Alice Archer', client_company_name: 'Acme Corp' };
    const created = await integration.post('/api/v1/call-insights', body);
    expect(created.status).toBe(201);
    const again = await integration.post('/api/v1/call-insights', { ...body, account_manager_email: bob.email });
    expect(again.body).toMatchObject({ created: false, changed: true });
    const repeat = await integration.post('/api/v1/call-insights', { ...body, account_manager_email: bob.email });
    expect(repeat.body).toMatchObject({ created: false, changed: false });
    expect(await ownerOf('owner-match-later')).toEqual({ owner_id: bob.id, owner_match: 'email' });
  });

  it('a transcript for a new deal is matched the same way', async () => {
    const res = await integration.post('/api/v1/transcripts', {
      external_id: 'owner-match-transcript',
      account_manager: 'Alice Archer',
      account_manager_email: bob.email,
      client_company_name: 'Acme Corp',
      language: 'en',
      transcript: 'Rep: Hello.\nProspect: Hi, we need SSO.',
    });
    expect(res.status).toBe(202);
    expect(await ownerOf('owner-match-transcript')).toEqual({ owner_id: bob.id, owner_match: 'email' });
  });

  it('matches the aliases and names a manager sets, which a rep cannot set', async () => {
    const path = `/api/team/representatives/${alice.id}/account-manager-names`;
    const names = { account_manager_name: 'Alice Archer-Smith', account_manager_aliases: ['A. Archer', 'Ali'] };
    expect((await alice.client.request('PUT', path, names)).status).toBe(403);
    const set = await manager.request('PUT', path, names);
    expect(set.status).toBe(200);
    expect(set.body).toEqual(names);
    expect(await ingest({ account_manager: 'a. archer' })).toEqual({ owner_id: alice.id, owner_match: 'alias' });
    expect(await ingest({ account_manager: 'Archer-Smith' })).toEqual({ owner_id: alice.id, owner_match: 'last-name' });
    expect(await ingest({ account_manager: 'Bob' })).toEqual({ owner_id: bob.id, owner_match: 'first-name' });
    expect((await manager.request('PUT', `/api/team/representatives/nobody/account-manager-names`, names)).status).toBe(404);
  });

  it("records 'manual' for the rows a representative creates (sample, CSV import)", async () => {
    expect((await alice.client.post('/api/opportunities/sample')).status).toBe(201);
    const imported = await alice.client.post('/api/opportunities/import', {
      rows: [{ client_company_name: 'Imported Co', product: 'CRM', amount: '100' }],
    });
    expect(imported.status).toBe(200);
    const rows = await server.database.db
      .select({ owner_match: opportunities.owner_match })
      .from(opportunities)
      .where(eq(opportunities.owner_id, alice.id));
    const manual = rows.filter((row) => row.owner_match === 'manual');
    expect(manual.length).toBeGreaterThanOrEqual(11);
  });
});
