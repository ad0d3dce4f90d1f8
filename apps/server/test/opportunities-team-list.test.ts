import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStage } from '@nexa/domain';
import { eq } from 'drizzle-orm';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The manager's team list is GET /api/opportunities with the representative, stage, amount and
 * close-date filters, and its CSV export: every filter, sort, page, the export's content and the
 * access rules.
 */
describe('team opportunities list and export', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  let aId: string;
  let bId: string;
  let mId: string;
  const ids: Record<string, number> = {};

  // key, owner, stage text, amount, closing date, company
  const ROWS = [
    ['a1', 'a', 'New', 1_000, '2030-01-10', 'Acme Corp'],
    ['a2', 'a', 'Closed Won', 5_000, '2030-02-15', 'Globex'],
    ['a3', 'a', 'closed-won', 20_000, '2030-03-20', 'Initech'],
    ['a4', 'a', 'Lost', 7_500, '2030-04-01', 'Umbrella'],
    ['a5', 'a', 'Negotiation', 0, null, 'Hooli'],
    ['b1', 'b', 'Closed-Win', 50_000, '2030-02-01', 'Bobco'],
    ['b2', 'b', 'Proposal', 12_000, '2030-05-05', 'Acme Corp'],
    ['n1', null, 'Qualified', 3_000, '2030-06-06', '=HYPERLINK("http://evil")'],
  ] as const;

  beforeAll(async () => {
    server = await startTestServer();
    const a = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const b = await server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' });
    aId = a.id;
    bId = b.id;
    mId = m.id;
    [repA, repB, manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    for (const [key, owner, status, amount, closing, company] of ROWS) {
      const [row] = await server.database.db
        .insert(opportunities)
        .values(
          withStage({
            owner_id: owner === 'a' ? aId : owner === 'b' ? bId : null,
            account_manager: owner === 'a' ? 'Alice Archer' : owner === 'b' ? 'Bob Baker' : 'Nobody Known',
            product: 'CRM Platform',
            client_company_name: company,
            client_name: `Contact ${key}`,
            status,
            amount,
            closing_date: closing,
            lead_status: 'Warm',
          }),
        )
        .returning({ id: opportunities.id });
      ids[key] = row!.id;
    }
  });
  afterAll(() => server.close());

  const keysOf = (body: { items: Array<{ id: number }> }) => {
    const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    return body.items.map((item) => byId.get(item.id)).sort();
  };
  const all = () => ROWS.map(([key]) => key).sort();

  describe('filters (manager)', () => {
    it.each<[string, string[] | 'all']>([
      ['', 'all'],
      ['owner_id=A', ['a1', 'a2', 'a3', 'a4', 'a5']],
      ['owner_id=B', ['b1', 'b2']],
      ['owner_id=unassigned', ['n1']],
      ['stage=Closed-Win', ['a2', 'a3', 'b1']],
      ['stage=Closed-Lost', ['a4']],
      ['owner_id=A&stage=Closed-Win', ['a2', 'a3']],
      ['amount_min=5000', ['a2', 'a3', 'a4', 'b1', 'b2']],
      ['amount_max=5000', ['a1', 'a2', 'a5', 'n1']],
      ['amount_min=5000&amount_max=12000', ['a2', 'a4', 'b2']],
      ['amount_max=0', ['a5']],
      ['closing_from=2030-02-01', ['a3', 'a4', 'b1', 'b2', 'n1', 'a2'].sort()],
      ['closing_to=2030-02-01', ['a1', 'b1']],
      ['closing_from=2030-02-01&closing_to=2030-03-20', ['a2', 'a3', 'b1']],
      ['q=acme', ['a1', 'b2']],
      ['q=acme&owner_id=B', ['b2']],
      ['status=Closed-Win&amount_min=10000', ['a3', 'b1']],
    ])('%s', async (query, expected) => {
      // One pass: replacing '=A' then '=B' turned an id of A starting with B into B's id (1 run in 62).
      const withIds = query.replace(/=([AB])(?=&|$)/g, (_, who: string) => `=${who === 'A' ? aId : bId}`);
      const res = await manager.get(`/api/opportunities?pageSize=200&${withIds}`);
      expect(res.status).toBe(200);
      const want = expected === 'all' ? all() : [...expected].sort();
      expect(keysOf(res.body)).toEqual(want);
      expect(res.body.total).toBe(want.length);
    });

    it('the representative filter alone is counted from the kept-up summary and agrees with the rows', async () => {
      const res = await manager.get(`/api/opportunities?owner_id=${aId}&status=Closed-Win`);
      expect(res.body.total).toBe(2);
    });
  });

  describe('sort and paging', () => {
    it.each([
      ['amount', ['a5', 'a1', 'n1', 'a2', 'a4', 'b2', 'a3', 'b1']],
      ['-amount', ['b1', 'a3', 'b2', 'a4', 'a2', 'n1', 'a1', 'a5']],
      ['closing_date', ['a1', 'b1', 'a2', 'a3', 'a4', 'b2', 'n1', 'a5']],
      ['-closing_date', ['n1', 'b2', 'a4', 'a3', 'a2', 'b1', 'a1', 'a5']],
      ['stage', ['a1', 'n1', 'b2', 'a5', 'a2', 'a3', 'b1', 'a4']],
    ])('sort=%s (nulls last, then id)', async (sort, expected) => {
      const res = await manager.get(`/api/opportunities?pageSize=200&sort=${sort}`);
      const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
      expect(res.body.items.map((item: { id: number }) => byId.get(item.id))).toEqual(expected);
    });

    it('pages cover every row once, in order, with the total on each page', async () => {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const res = await manager.get(`/api/opportunities?pageSize=3&page=${page}&sort=-amount`);
        expect(res.body.total).toBe(8);
        expect(res.body.items.length).toBe(page < 3 ? 3 : 2);
        seen.push(...res.body.items.map((item: { id: number }) => item.id));
      }
      expect(new Set(seen).size).toBe(8);
      const page4 = await manager.get('/api/opportunities?pageSize=3&page=4&sort=-amount');
      expect(page4.body).toEqual({ items: [], total: 8 });
    });
  });

  describe('access', () => {
    it('a representative passing another representative gets none of their rows', async () => {
      const res = await repA.get(`/api/opportunities?owner_id=${bId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [], total: 0 });
      const unassigned = await repA.get('/api/opportunities?owner_id=unassigned');
      expect(unassigned.body).toEqual({ items: [], total: 0 });
    });

    it('a representative passing themselves gets their own rows', async () => {
      const res = await repA.get(`/api/opportunities?owner_id=${aId}&pageSize=200`);
      expect(keysOf(res.body)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    });

    it('a representative’s export holds only their rows, whatever the filter', async () => {
      for (const [query, count] of [
        ['', 2],
        [`owner_id=${aId}`, 0],
        [`owner_id=${bId}`, 2],
        ['q=acme', 1],
      ] as const) {
        const res = await repB.get(`/api/opportunities/export.csv?${query}`);
        expect(res.status).toBe(200);
        const rows = Papa.parse<Record<string, string>>(res.text.replace(/^\uFEFF/, ''), {
          header: true,
          skipEmptyLines: true,
        }).data;
        expect(rows.length).toBe(count);
        for (const row of rows) expect(row.representative).toBe('Bob Baker');
      }
    });

    it('a visitor gets 401 from the list and the export', async () => {
      expect((await server.anonymous.get('/api/opportunities/export.csv')).status).toBe(401);
      expect((await server.anonymous.get(`/api/opportunities?owner_id=${aId}`)).status).toBe(401);
    });
  });

  describe('export', () => {
    const parse = (text: string) =>
      Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });

    it('holds the filtered rows in the list’s order, with the representative’s name', async () => {
      const query = `owner_id=${aId}&stage=Closed-Win&sort=-amount`;
      const res = await manager.get(`/api/opportunities/export.csv?${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nexa-opportunities-\d{4}-\d{2}-\d{2}\.csv"/);
      expect(res.headers.get('x-export-truncated')).toBe('false');
      expect(res.text).toContain('\r\n');
      const csv = parse(res.text);
      // A spreadsheet's columns keep their places; a field added later is appended (opportunity-fields.ts).
      expect(csv.meta.fields!.slice(0, 14)).toEqual([
        'id',
        'representative',
        'account_manager',
        'client_company_name',
        'client_name',
        'product',
        'stage',
        'status',
        'outcome',
        'amount',
        'closing_date',
        'next_meeting_date',
        'lead_status',
        'record_date',
      ]);
      expect(csv.data.map((row) => Number(row.id))).toEqual([ids.a3, ids.a2]);
      expect(csv.data[0]).toMatchObject({
        representative: 'Alice Archer',
        client_company_name: 'Initech',
        stage: 'Closed-Win',
        status: 'closed-won',
        outcome: 'won',
        amount: '20000',
        closing_date: '2030-03-20',
      });
      const list = await manager.get(`/api/opportunities?${query}`);
      expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([ids.a3, ids.a2]);
    });

    it('every row for a manager with no filter, the unassigned one without a representative', async () => {
      const csv = parse((await manager.get('/api/opportunities/export.csv')).text);
      expect(csv.data).toHaveLength(8);
      const unassigned = csv.data.find((row) => Number(row.id) === ids.n1);
      expect(unassigned?.representative).toBe('');
    });

    it('neutralises cells a spreadsheet would run as a formula', async () => {
      const res = await manager.get('/api/opportunities/export.csv?owner_id=unassigned');
      const [row] = parse(res.text).data;
      expect(row!.client_company_name).toBe(`'=HYPERLINK("http://evil")`);
    });

    it('neutralises a formula after a separator, for a spreadsheet that splits on semicolons', async () => {
      const hostile = "Acme;=cmd|' /C calc'!A0";
      const table = server.database.db.update(opportunities);
      await table.set({ client_name: hostile }).where(eq(opportunities.id, ids.n1!));
      try {
        const text = (await manager.get('/api/opportunities/export.csv?owner_id=unassigned')).text;
        expect(parse(text).data[0]!.client_name).toBe("Acme;'=cmd|' /C calc'!A0");
        // French Excel: one cell per line (the semicolon is inside quotes), none of them a formula.
        const cells = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';' }).data.flat();
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
        expect(text).not.toMatch(/[;,]=cmd/);
      } finally {
        await server.database.db.update(opportunities).set({ client_name: 'Contact n1' }).where(eq(opportunities.id, ids.n1!));
      }
    });
  });

  describe('bad input is a 400 naming the field', () => {
    it.each([
      ['stage=Won', 'stage'],
      ['amount_min=abc', 'amount_min'],
      ['amount_min=-1', 'amount_min'],
      ['amount_max=1e400', 'amount_max'],
      ['amount_min=10&amount_max=5', 'amount_min'],
      ['closing_from=2030-13-01', 'closing_from'],
      ['closing_to=yesterday', 'closing_to'],
      ['closing_from=2030-05-01&closing_to=2030-04-01', 'closing_from'],
      ['sort=owner_id', 'sort'],
      ['pageSize=500', 'pageSize'],
    ])('%s → %s', async (query, field) => {
      for (const path of ['/api/opportunities', '/api/opportunities/export.csv']) {
        if (path.endsWith('.csv') && field === 'pageSize') continue;
        const res = await manager.get(`${path}?${query}`);
        expect(res.status, path).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
        expect(res.body.error.field).toBe(field);
      }
    });
  });

  it('unassigned also holds a deal whose owner is not a representative (as the team figures do)', async () => {
    const [row] = await server.database.db
      .insert(opportunities)
      .values(withStage({ owner_id: mId, account_manager: 'Mia Manager', product: 'CRM Platform', status: 'New', amount: 1 }))
      .returning({ id: opportunities.id });
    try {
      const res = await manager.get('/api/opportunities?owner_id=unassigned&pageSize=200');
      expect(res.body.items.map((item: { id: number }) => item.id).sort()).toEqual([ids.n1, row!.id].sort());
      expect(res.body.total).toBe(2);
    } finally {
      await server.database.db.delete(opportunities).where(eq(opportunities.id, row!.id));
    }
  });
});
