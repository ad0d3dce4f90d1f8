import { eq, inArray } from 'drizzle-orm';
import {
  boardTotalsByOutcome,
  PIPELINE_STATUS_OF_OUTCOME,
  STAGES,
  withStage,
  type Board,
  type BoardCard,
  type PipelineSummary,
  type Stage,
} from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const DAY = 86_400_000;

type Row = typeof opportunities.$inferSelect;

/** What the board must show for these rows: count and amount per stage, every stage in order. */
function recomputed(rows: Row[]) {
  return STAGES.map((stage) => {
    const of = rows.filter((r) => r.stage === stage);
    return { stage, count: of.length, amount: of.reduce((sum, r) => sum + Number(r.amount ?? 0), 0) };
  });
}

const figures = (board: Board) => board.columns.map(({ stage, count, amount }) => ({ stage, count, amount }));
const ids = (board: Board, stage: Stage) => board.columns.find((c) => c.stage === stage)!.items.map((c: BoardCard) => c.id);

describe('pipeline board API', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  let a: { id: string; email: string; password: string };
  let b: { id: string; email: string; password: string };
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);

  const rowsOf = async (owner?: string) =>
    owner
      ? server.database.db.select().from(opportunities).where(eq(opportunities.owner_id, owner))
      : server.database.db.select().from(opportunities);

  beforeAll(async () => {
    server = await startTestServer();
    a = await server.createUser({ role: 'Sales Representative', fullName: 'Ada Board' });
    b = await server.createUser({ role: 'Sales Representative', fullName: 'Ben Board' });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Mia Board' });
    const [ua, ub, um] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    [repA, repB, manager] = [ua, ub, um];
    const row = (owner: string | null, values: Partial<typeof opportunities.$inferInsert>) =>
      withStage({ owner_id: owner, account_manager: owner === a.id ? 'Ada Board' : 'Ben Board', ...values });
    const statuses = ['New', 'Qualified', 'Proposal', 'Negotiation', 'won', 'closed lost', 'Demo', 'Contract'];
    const products = ['CRM Platform', 'Support Desk', 'Edge Gateway'];
    await server.database.db.insert(opportunities).values([
      ...Array.from({ length: 30 }, (_, i) =>
        row(a.id, {
          client_company_name: `Acme ${i}`,
          client_name: i % 2 ? 'Zoe' : 'Yan',
          product: products[i % 3]!,
          amount: i % 7 === 0 ? null : 1000 + i * 250,
          status: statuses[i % statuses.length]!,
          lead_status: ['Hot Lead', 'Warm', 'Cold Lead'][i % 3]!,
          // Several deals share one meeting time, some have none: the order still holds (id breaks ties).
          next_meeting_date: i % 5 === 0 ? null : at((i % 4) - 1),
        }),
      ),
      row(b.id, { client_company_name: 'Bobco', product: 'CRM Platform', amount: 900_000, status: 'Proposal' }),
      row(b.id, { client_company_name: 'Bobco', product: 'Secret', amount: 50_000, status: 'won' }),
      row(null, { client_company_name: 'Nobody', account_manager: 'Old Name', amount: 7, status: 'New' }),
    ]);
  });
  afterAll(() => server.close());

  it("equals the dashboard's figures and a recomputation from the rows, own deals only", async () => {
    const [board, dashboard] = await Promise.all([
      repA.get<Board>('/api/pipeline/board'),
      repA.get<PipelineSummary>('/api/pipeline'),
    ]);
    expect(board.status).toBe(200);
    expect(board.body.columns.map((c) => c.stage)).toEqual([...STAGES]);
    expect(figures(board.body)).toEqual(recomputed(await rowsOf(a.id)));
    const byOutcome = boardTotalsByOutcome(board.body.columns);
    for (const total of dashboard.body.totals) {
      const outcome = (['open', 'won', 'lost'] as const).find((o) => PIPELINE_STATUS_OF_OUTCOME[o] === total.status)!;
      expect(byOutcome[outcome]).toEqual({ count: total.count, amount: total.amount });
    }
    const cards = board.body.columns.flatMap((c) => c.items);
    expect(cards.every((c) => c.owner_id === a.id)).toBe(true);
    for (const column of board.body.columns) expect(column.items.every((c) => c.stage === column.stage)).toBe(true);
    expect(cards[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        version: 1,
        client_company_name: expect.any(String),
        lead_status: expect.any(String),
      }),
    );
  });

  it('shows cards in next-meeting order (none last, then id) and pages a column', async () => {
    const rows = await rowsOf(a.id);
    const expected = rows
      .filter((r) => r.stage === 'New')
      .sort((x, y) => (x.next_meeting_date?.getTime() ?? Infinity) - (y.next_meeting_date?.getTime() ?? Infinity) || x.id - y.id)
      .map((r) => r.id);
    const full = await repA.get<Board>('/api/pipeline/board');
    expect(ids(full.body, 'New')).toEqual(expected);
    const first = await repA.get<Board>('/api/pipeline/board?limit=2');
    expect(ids(first.body, 'New')).toEqual(expected.slice(0, 2));
    // Totals are the column's, whatever the page.
    expect(first.body.columns.find((c) => c.stage === 'New')!.count).toBe(expected.length);
    const more = await repA.get<Board>('/api/pipeline/board?stage=New&offset=2&limit=2');
    expect(more.body.columns.map((c) => c.stage)).toEqual(['New']);
    expect(ids(more.body, 'New')).toEqual(expected.slice(2, 4));
    expect(more.body.columns[0]!.count).toBe(expected.length);
  });

  it.each([
    ['product=CRM%20Platform', (r: Row) => r.product === 'CRM Platform'],
    ['q=zoe', (r: Row) => r.client_name === 'Zoe'],
    ['lead_status=warm', (r: Row) => r.lead_status === 'Warm'],
    ['status=On-going', (r: Row) => r.outcome === 'open'],
    ['status=Closed-Win', (r: Row) => r.outcome === 'won'],
    ['status=Proposal', (r: Row) => r.stage === 'Proposal'],
    // A status text filters by the stage it names (issue 33): "demo" is the Qualified stage.
    ['status=demo', (r: Row) => r.stage === 'Qualified'],
    ['lead_status=cold', (r: Row) => r.lead_status === 'Cold Lead'],
    ['client_company_name=Acme%203', (r: Row) => r.client_company_name === 'Acme 3'],
    [
      `from=${at(0).toISOString().slice(0, 10)}&to=${at(2).toISOString().slice(0, 10)}`,
      (r: Row) =>
        r.next_meeting_date !== null &&
        r.next_meeting_date >= new Date(`${at(0).toISOString().slice(0, 10)}T00:00:00Z`) &&
        r.next_meeting_date < new Date(new Date(`${at(2).toISOString().slice(0, 10)}T00:00:00Z`).getTime() + DAY),
    ],
    ['product=CRM%20Platform&status=On-going', (r: Row) => r.product === 'CRM Platform' && r.outcome === 'open'],
  ])('applies the list filter %s to totals and cards', async (filter, keep) => {
    const expected = (await rowsOf(a.id)).filter(keep);
    const [board, list] = await Promise.all([
      repA.get<Board>(`/api/pipeline/board?${filter}`),
      repA.get<{ total: number }>(`/api/opportunities?${filter}`),
    ]);
    expect(board.status).toBe(200);
    expect(figures(board.body)).toEqual(recomputed(expected));
    // The same filter means the same rows in the list.
    expect(board.body.columns.reduce((sum, c) => sum + c.count, 0)).toBe(list.body.total);
    const keptIds = new Set(expected.map((r) => r.id));
    expect(board.body.columns.flatMap((c) => c.items).every((c) => keptIds.has(c.id))).toBe(true);
  });

  it('follows every write: stage changes, new deals, amounts, deletes', async () => {
    const rows = await rowsOf(a.id);
    const [first, second, third] = rows;
    await server.database.db
      .update(opportunities)
      .set({ stage: 'Closed-Win', closing_date: '2026-11-24' })
      .where(eq(opportunities.id, first!.id));
    await server.database.db.update(opportunities).set({ amount: 123_456 }).where(eq(opportunities.id, second!.id));
    await server.database.db.delete(opportunities).where(eq(opportunities.id, third!.id));
    await server.database.db.insert(opportunities).values(withStage({ owner_id: a.id, amount: 42, status: 'Negotiation' }));
    // One statement moving several deals at once.
    await server.database.db
      .update(opportunities)
      .set({ stage: 'Proposal' })
      .where(
        inArray(
          opportunities.id,
          rows.slice(4, 9).map((r) => r.id),
        ),
      );
    const [board, dashboard] = await Promise.all([
      repA.get<Board>('/api/pipeline/board'),
      repA.get<PipelineSummary>('/api/pipeline'),
    ]);
    expect(figures(board.body)).toEqual(recomputed(await rowsOf(a.id)));
    const won = dashboard.body.totals.find((t) => t.status === 'Closed-Win')!;
    expect(board.body.columns.find((c) => c.stage === 'Closed-Win')).toMatchObject({ count: won.count, amount: won.amount });
  });

  it('moves a card with PATCH: the board and the dashboard follow, a stale version is refused', async () => {
    const before = await repA.get<Board>('/api/pipeline/board');
    const card = before.body.columns.find((c) => c.stage === 'Proposal')!.items[0]!;
    const moved = await repA.patch(`/api/opportunities/${card.id}`, { version: card.version, stage: 'Negotiation' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ stage: 'Negotiation' });
    const won = await repA.patch(`/api/opportunities/${card.id}`, {
      version: moved.body.version,
      stage: 'Closed-Win',
      closing_date: '2026-11-20',
      close_reason: 'Budget approved',
    });
    expect(won.status).toBe(200);
    // The board's card still carries the version it was read with: that move is refused, nothing changes.
    const stale = await repA.patch(`/api/opportunities/${card.id}`, { version: card.version, stage: 'Qualified' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const [after, dashboard] = await Promise.all([
      repA.get<Board>('/api/pipeline/board'),
      repA.get<PipelineSummary>('/api/pipeline'),
    ]);
    expect(figures(after.body)).toEqual(recomputed(await rowsOf(a.id)));
    const column = (board: Board, stage: Stage) => board.columns.find((c) => c.stage === stage)!;
    expect(column(after.body, 'Proposal').count).toBe(column(before.body, 'Proposal').count - 1);
    expect(column(after.body, 'Closed-Win').count).toBe(column(before.body, 'Closed-Win').count + 1);
    expect(column(after.body, 'Closed-Win').items.find((c) => c.id === card.id)).toMatchObject({
      closing_date: '2026-11-20',
      version: won.body.version,
    });
    const wonTotal = dashboard.body.totals.find((t) => t.status === 'Closed-Win')!;
    expect(column(after.body, 'Closed-Win')).toMatchObject({ count: wonTotal.count, amount: wonTotal.amount });
  });

  it("gives a manager the team's board and one representative's", async () => {
    const team = await manager.get<Board>('/api/pipeline/board');
    expect(team.status).toBe(200);
    expect(figures(team.body)).toEqual(recomputed(await rowsOf()));
    const overview = await manager.get<{ opportunitiesCount: number; totalAmount: number }>('/api/team');
    expect(team.body.columns.reduce((sum, c) => sum + c.count, 0)).toBe(overview.body.opportunitiesCount);
    expect(team.body.columns.reduce((sum, c) => sum + c.amount, 0)).toBe(overview.body.totalAmount);

    const ofA = await manager.get<Board>(`/api/pipeline/board?owner=${encodeURIComponent(a.id)}`);
    expect(ofA.body).toEqual((await repA.get<Board>('/api/pipeline/board')).body);
    const ofB = await manager.get<Board>(`/api/pipeline/board?owner=${encodeURIComponent(b.id)}&product=Secret`);
    expect(figures(ofB.body)).toEqual(recomputed((await rowsOf(b.id)).filter((r) => r.product === 'Secret')));
    const nobody = await manager.get<Board>('/api/pipeline/board?owner=no-such-user');
    expect(nobody.body.columns.every((c) => c.count === 0 && c.items.length === 0)).toBe(true);
  });

  it("never shows a representative another's deals, whatever they ask", async () => {
    const asB = await repA.get<Board>(`/api/pipeline/board?owner=${encodeURIComponent(b.id)}`);
    expect(asB.status).toBe(200);
    expect(asB.body.columns.every((c) => c.count === 0 && c.amount === 0 && c.items.length === 0)).toBe(true);
    const own = await repB.get<Board>(`/api/pipeline/board?owner=${encodeURIComponent(b.id)}`);
    expect(figures(own.body)).toEqual(recomputed(await rowsOf(b.id)));
    const search = await repA.get<Board>('/api/pipeline/board?q=bobco');
    expect(search.body.columns.every((c) => c.count === 0)).toBe(true);
  });

  it.each(['stage=Won', 'limit=0', 'limit=101', 'offset=-1', 'from=2026-02-01&to=2026-01-01', 'from=2026-02-30'])(
    'refuses %s with a 400 naming the field',
    async (query) => {
      const res = await repA.get(`/api/pipeline/board?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBeTruthy();
    },
  );
});
