import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * People editing deals: create, edit with the version last seen (409 when stale), soft delete and
 * restore, the history of each change, and the ownership rules (another rep's deal answers like a
 * missing one).
 */
describe('editing opportunities', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  let aId: string;
  let bId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const [a, b, m] = await server.signInNew(
      { role: 'Sales Representative', fullName: 'Alice Archer' },
      { role: 'Sales Representative', fullName: 'Bob Baker' },
      { role: 'Sales Manager', fullName: 'Mia Manager' },
    );
    ({ id: aId, client: repA } = a!);
    ({ id: bId, client: repB } = b!);
    manager = m!.client;
  });
  afterAll(() => server?.close());

  const newDeal = { product: 'CRM Platform', client_company_name: 'Acme Corp', amount: 12_500, lead_status: 'Hot Lead' };

  async function create(client: HttpClient, body: Record<string, unknown> = newDeal) {
    const res = await client.post('/api/opportunities', body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; version: number; [field: string]: unknown };
  }

  it('creates a representative’s own deal at stage New, with its creation in the history', async () => {
    const deal = await create(repA, {
      ...newDeal,
      client_name: 'Zoe Zed',
      notes: 'Met at the fair',
      next_meeting_date: '2030-01-02T10:00:00Z',
    });
    expect(deal).toMatchObject({
      owner_id: aId,
      product: 'CRM Platform',
      stage: 'New',
      status: 'New',
      outcome: 'open',
      amount: 12_500,
      notes: 'Met at the fair',
      next_meeting_date: '2030-01-02T10:00:00.000Z',
      version: 1,
    });
    expect(deal.field_sources).toMatchObject({ product: 'person', amount: 'person', notes: 'person' });
    const detail = await repA.get(`/api/opportunities/${deal.id}`);
    expect(detail.body).toEqual(deal);
    const history = await repA.get(`/api/opportunities/${deal.id}/history`);
    expect(history.body.items).toMatchObject([{ field: 'created', source: 'person', actor_id: aId, actor_name: 'Alice Archer' }]);
  });

  it('refuses every bad field of a new deal with the field named', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ client_company_name: 'Acme' }, 'product'],
      [{ product: 'CRM' }, 'client_company_name'],
      [{ ...newDeal, product: '   ' }, 'product'],
      [{ ...newDeal, product: 'x'.repeat(201) }, 'product'],
      [{ ...newDeal, amount: -1 }, 'amount'],
      [{ ...newDeal, amount: 1e13 }, 'amount'],
      [{ ...newDeal, amount: '12' }, 'amount'],
      [{ ...newDeal, stage: 'Won' }, 'stage'],
      [{ ...newDeal, next_meeting_date: 'tomorrow' }, 'next_meeting_date'],
      [{ ...newDeal, closing_date: '2026-02-30' }, 'closing_date'],
      [{ ...newDeal, notes: 'x'.repeat(5001) }, 'notes'],
      [{ ...newDeal, stage: 'Closed-Win' }, 'closing_date'],
      [{ ...newDeal, colour: 'red' }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await repA.post('/api/opportunities', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      if (field) expect(res.body.error.field, JSON.stringify(body)).toBe(field);
    }
    // A representative cannot create a deal for someone else; a manager must name an active representative.
    expect((await repA.post('/api/opportunities', { ...newDeal, owner_id: bId })).status).toBe(403);
    expect((await manager.post('/api/opportunities', newDeal)).body.error.field).toBe('owner_id');
    expect((await manager.post('/api/opportunities', { ...newDeal, owner_id: 'nobody' })).body.error.field).toBe('owner_id');
    const forB = await create(manager, { ...newDeal, owner_id: bId });
    expect(forB.owner_id).toBe(bId);
  });

  it('edits fields with the version seen, records each change, and moves the status with the stage', async () => {
    const deal = await create(repA);
    const res = await repA.patch(`/api/opportunities/${deal.id}`, { version: 1, amount: 15_000, stage: 'Negotiation' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ amount: 15_000, stage: 'Negotiation', status: 'Negotiation', version: 2 });
    const history = await repA.get(`/api/opportunities/${deal.id}/history?pageSize=10`);
    const fields = history.body.items.map((c: { field: string }) => c.field).sort();
    expect(fields).toEqual(['amount', 'created', 'stage', 'status']);
    expect(history.body.items.find((c: { field: string }) => c.field === 'amount')).toMatchObject({
      source: 'person',
      before: 12_500,
      after: 15_000,
      actor_id: aId,
    });
    // Paged.
    const first = await repA.get(`/api/opportunities/${deal.id}/history?pageSize=2`);
    expect(first.body).toMatchObject({ total: 4 });
    expect(first.body.items).toHaveLength(2);

    // A status text decides the stage with the pipeline model.
    const byText = await repA.patch(`/api/opportunities/${deal.id}`, { version: 2, status: 'Proposition envoyée' });
    expect(byText.body).toMatchObject({ stage: 'Proposal', status: 'Proposition envoyée', version: 3 });
  });

  it('moves a card between open stages (the one-statement move) exactly as any edit: history, sources, scope, 409', async () => {
    const deal = await create(repA, { ...newDeal, stage: 'Qualified' });
    const url = `/api/opportunities/${deal.id}`;
    const moved = await repA.patch(url, { version: 1, stage: 'Proposal' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ stage: 'Proposal', status: 'Proposal', outcome: 'open', version: 2 });
    expect(moved.body.field_sources).toMatchObject({ stage: 'person', status: 'person', amount: 'person' });
    expect(Date.parse(moved.body.stage_changed_at)).toBeGreaterThanOrEqual(Date.parse(deal.stage_changed_at as string));
    const history = (await repA.get(`${url}/history?pageSize=10`)).body.items as Array<Record<string, unknown>>;
    const change = (field: string) => history.find((c) => c.field === field);
    expect(change('stage')).toMatchObject({ source: 'person', actor_id: aId, before: 'Qualified', after: 'Proposal' });
    expect(change('status')).toMatchObject({ source: 'person', actor_id: aId, before: 'Qualified', after: 'Proposal' });
    expect(history).toHaveLength(3);
    // The move's answer is the deal's detail, as a read of it gives it.
    expect(moved.body).toEqual((await repA.get(url)).body);

    // Another rep's card answers like a missing one and stays where it was.
    const other = await repB.patch(url, { version: 2, stage: 'Negotiation' });
    const none = await repB.patch('/api/opportunities/2000000000', { version: 2, stage: 'Negotiation' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(none.body);
    // A stale version: 409 with the row as it is.
    const stale = await repA.patch(url, { version: 1, stage: 'Negotiation' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ stage: 'Proposal', version: 2 });
    // Dropped on its own column: nothing changes, not even the version.
    expect((await repA.patch(url, { version: 2, stage: 'Proposal' })).body).toMatchObject({ stage: 'Proposal', version: 2 });
    // The manager moves it too; a closed deal reopened by a move goes the general way, same result.
    expect((await manager.patch(url, { version: 2, stage: 'Negotiation' })).body).toMatchObject({
      stage: 'Negotiation',
      version: 3,
    });
    const won = await repA.patch(url, { version: 3, stage: 'Closed-Win', closing_date: '2030-01-15' });
    expect(won.body).toMatchObject({ outcome: 'won', version: 4 });
    const reopened = await repA.patch(url, { version: 4, stage: 'New' });
    expect(reopened.body).toMatchObject({ stage: 'New', status: 'New', outcome: 'open', version: 5 });
    expect((await repA.get(`${url}/history?pageSize=50`)).body.total).toBe(1 + 2 + 2 + 3 + 2);
    // With a closed deal, the owner's win rate comes with the move's answer too.
    await create(repA, { ...newDeal, stage: 'Closed-Lost', closing_date: '2030-01-15' });
    const next = await create(repA, { ...newDeal, stage: 'New' });
    const nextMove = await repA.patch(`/api/opportunities/${next.id}`, { version: 1, stage: 'Qualified' });
    expect(nextMove.body.owner_win_rate).not.toBeNull();
    expect(nextMove.body).toEqual((await repA.get(`/api/opportunities/${next.id}`)).body);
  });

  it('needs a close date to mark a deal won or lost, and keeps the reason', async () => {
    const deal = await create(repA);
    const noDate = await repA.patch(`/api/opportunities/${deal.id}`, { version: 1, stage: 'Closed-Win' });
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.field).toBe('closing_date');
    const won = await repA.patch(`/api/opportunities/${deal.id}`, {
      version: 1,
      stage: 'Closed-Win',
      closing_date: '2030-01-15',
      close_reason: 'Best integration',
    });
    expect(won.body).toMatchObject({
      outcome: 'won',
      pipeline_status: 'Closed-Win',
      closing_date: '2030-01-15',
      close_reason: 'Best integration',
    });
  });

  it('refuses bad edits', async () => {
    const deal = await create(repA);
    const url = `/api/opportunities/${deal.id}`;
    for (const body of [
      {},
      { amount: 5 },
      { version: 1 },
      { version: 0, amount: 5 },
      { version: 1, product: '' },
      { version: 1, amount: 'abc' },
      { version: 1, stage: 'Lost' },
      { version: 1, id: 5 },
      { version: 1, stage: 'New', status: 'Closed won' },
      { version: 1, next_meeting_date: '2030-13-01T00:00:00Z' },
    ]) {
      const res = await repA.patch(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // A representative never reassigns: the deal answers as if it were not theirs to give.
    expect((await repA.patch(url, { version: 1, owner_id: bId })).status).toBe(404);
    expect((await repA.get(url)).body.version).toBe(1);
  });

  it('answers a stale version with 409 and the current row', async () => {
    const deal = await create(repA);
    const url = `/api/opportunities/${deal.id}`;
    expect((await repA.patch(url, { version: 1, client_name: 'First' })).status).toBe(200);
    const stale = await repA.patch(url, { version: 1, client_name: 'Second' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({ id: deal.id, client_name: 'First', version: 2 });
    // Applied again on the current version, it goes through.
    expect((await repA.patch(url, { version: 2, client_name: 'Second' })).body).toMatchObject({
      client_name: 'Second',
      version: 3,
    });
  });

  it('lets a manager edit any deal and reassign it; another rep’s deal and a missing one answer the same 404', async () => {
    const deal = await create(repA);
    const url = `/api/opportunities/${deal.id}`;
    const missing = '/api/opportunities/2000000000';
    for (const [method, path, body] of [
      ['PATCH', url, { version: 1, amount: 1 }],
      ['DELETE', url, undefined],
      ['POST', `${url}/restore`, undefined],
      ['GET', `${url}/history`, undefined],
      ['GET', `${url}/suggestions`, undefined],
    ] as const) {
      const other = await repB.request(method, path, body);
      const none = await repB.request(method, path.replace(url, missing), body);
      expect(other.status, `${method} ${path}`).toBe(404);
      expect(other.body).toEqual(none.body);
    }
    const moved = await manager.patch(url, { version: 1, owner_id: bId, amount: 77 });
    expect(moved.body).toMatchObject({ owner_id: bId, amount: 77, version: 2 });
    expect((await repA.get(url)).status).toBe(404);
    expect((await repB.get(url)).status).toBe(200);
    expect((await manager.patch(url, { version: 2, owner_id: 'nobody' })).body.error.field).toBe('owner_id');
  });

  it('soft deletes a deal out of every list and figure, and restores it whole', async () => {
    const fresh = await server.createUser({ role: 'Sales Representative', fullName: 'Cleo Clean' });
    const rep = await server.signIn(fresh.email, fresh.password);
    const deal = await create(rep, { ...newDeal, amount: 40_000 });
    await rep.patch(`/api/opportunities/${deal.id}`, {
      version: 1,
      stage: 'Closed-Win',
      closing_date: new Date().toISOString().slice(0, 10),
    });
    await create(rep, { ...newDeal, client_company_name: 'Globex', amount: 1_000 });
    const figures = async () => ({
      pipeline: (await rep.get('/api/pipeline')).body,
      list: (await rep.get('/api/opportunities')).body.total,
      companies: (await rep.get('/api/companies')).body,
      team: (await manager.get('/api/team')).body,
      // Its figures; its activities are the history, which records the delete and the restore.
      representative: { ...(await manager.get(`/api/team/representatives/${fresh.id}`)).body, recentActivities: undefined },
    });
    const before = await figures();
    expect(before.list).toBe(2);

    const deleted = await rep.delete(`/api/opportunities/${deal.id}`);
    expect(deleted.status).toBe(204);
    expect((await rep.get(`/api/opportunities/${deal.id}`)).status).toBe(404);
    expect((await rep.delete(`/api/opportunities/${deal.id}`)).status).toBe(404);
    const during = await figures();
    expect(during.list).toBe(1);
    expect(JSON.stringify(during.pipeline)).not.toEqual(JSON.stringify(before.pipeline));
    expect(JSON.stringify(during.companies)).not.toContain('Acme Corp');
    const bin = await rep.get('/api/opportunities/deleted');
    expect(bin.body.items).toMatchObject([{ id: deal.id, product: 'CRM Platform', amount: 40_000, stage: 'Closed-Win' }]);
    expect((await repB.get('/api/opportunities/deleted')).body.items.map((d: { id: number }) => d.id)).not.toContain(deal.id);
    expect((await manager.get('/api/opportunities/deleted')).body.items.map((d: { id: number }) => d.id)).toContain(deal.id);

    const restored = await rep.post(`/api/opportunities/${deal.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ id: deal.id, amount: 40_000, stage: 'Closed-Win', owner_id: fresh.id });
    expect(await figures()).toEqual(before);
    expect((await rep.get('/api/opportunities/deleted')).body.items).toEqual([]);
    const history = await rep.get(`/api/opportunities/${deal.id}/history`);
    expect(history.body.items.slice(0, 2).map((c: { field: string }) => c.field)).toEqual(['restored', 'deleted']);
    expect((await rep.post(`/api/opportunities/${deal.id}/restore`)).status).toBe(404);
  });
});
