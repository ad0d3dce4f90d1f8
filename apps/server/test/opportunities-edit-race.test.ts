import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

// Concurrency is proven against PostgreSQL (PGlite has one connection and serialises everything).
describe.runIf(testDatabaseKind() === 'postgres')('two editors of one deal at the same moment (PostgreSQL)', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;

  beforeAll(async () => {
    server = await startTestServer();
    const [r, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Rita Race' }),
      server.createUser({ role: 'Sales Manager', fullName: 'Max Manager' }),
    ]);
    [rep, manager] = await Promise.all([server.signIn(r.email, r.password), server.signIn(m.email, m.password)]);
  });
  afterAll(() => server?.close());

  it('lets exactly one of two editors of a version win; the other gets 409 and reapplies, nothing lost', async () => {
    const deal = (await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'Race Co', amount: 100 })).body;
    const url = `/api/opportunities/${deal.id}`;
    let version: number = deal.version;
    for (let round = 0; round < 10; round++) {
      const edits = [
        { client: rep, body: { notes: `rep ${round}` } },
        { client: manager, body: { amount: 1000 + round } },
      ];
      const answers = await Promise.all(edits.map(({ client, body }) => client.patch(url, { version, ...body })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.findIndex((a) => a.status === 409);
      expect(answers[loser]!.body.current).toEqual(winner.body);
      // The loser sees the current row and applies their edit again on its version.
      const retried = await edits[loser]!.client.patch(url, { version: winner.body.version, ...edits[loser]!.body });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ notes: `rep ${round}`, amount: 1000 + round, version: version + 2 });
      version = retried.body.version;
    }
    const history = (await rep.get(`${url}/history?pageSize=100`)).body;
    // One created event and exactly one change per accepted edit: 10 rounds × 2 fields.
    expect(history.total).toBe(1 + 20);
    expect(history.items.filter((c: { field: string }) => c.field === 'amount')).toHaveLength(10);
  });

  it('lets exactly one of many board moves of a version win (the one-statement move), history intact', async () => {
    const deal = (await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'Board Race Co', amount: 50 }))
      .body;
    const url = `/api/opportunities/${deal.id}`;
    let version: number = deal.version;
    const stages = ['Qualified', 'Proposal', 'Negotiation', 'New'];
    for (let round = 0; round < 8; round++) {
      const stage = stages[round % stages.length];
      // Six tabs (the rep's and the manager's) drag the same card at once, from the same version.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? manager : rep).patch(url, { version, stage })),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
      expect(won[0]!.body).toMatchObject({ stage, status: stage, version: version + 1 });
      for (const lost of answers.filter((a) => a.status === 409))
        expect(lost.body.current).toMatchObject({ stage, version: version + 1 });
      version += 1;
    }
    const history = (await rep.get(`${url}/history?pageSize=100`)).body;
    // Created, then one stage and one status change per round: nothing recorded twice.
    expect(history.total).toBe(1 + 8 * 2);
    const board = (await rep.get('/api/pipeline/board')).body;
    const column = board.columns.find((c: { stage: string }) => c.stage === stages[7 % stages.length]);
    expect(column.items.map((c: { id: number }) => c.id)).toContain(deal.id);
  });
});
