import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const DAY = 86_400_000;

describe('pipeline and companies API', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const lastYear = new Date(now.getTime() - 400 * DAY);

  beforeAll(async () => {
    server = await startTestServer();
    const a = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const b = await server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' });
    [repA, repB] = await Promise.all([server.signIn(a.email, a.password), server.signIn(b.email, b.password)]);
    const soon = (days: number) => new Date(now.getTime() + days * DAY);
    const row = (owner: string, values: Partial<typeof opportunities.$inferInsert>) =>
      withStage({
        owner_id: owner,
        account_manager: owner === a.id ? 'Alice Archer' : 'Bob Baker',
        ...values,
      });
    await server.database.db.insert(opportunities).values([
      row(a.id, {
        client_company_name: 'Acme',
        product: 'CRM Platform',
        amount: 1000,
        status: 'On-going',
        lead_status: 'Pending',
        next_meeting_date: soon(1),
        record_date: now,
        client_name: 'Zoe',
      }),
      row(a.id, {
        client_company_name: 'Acme',
        product: 'Support Desk',
        amount: 2000,
        status: 'Negotiation',
        lead_status: 'Hot Lead',
        next_meeting_date: soon(-1),
        record_date: lastYear,
        company_industry: 'Retail',
        client_name: 'Yan',
      }),
      row(a.id, {
        client_company_name: 'Globex',
        product: 'CRM Platform',
        amount: 4000,
        status: 'won',
        lead_status: 'Qualified',
        next_meeting_date: soon(3),
        record_date: lastYear,
      }),
      row(a.id, {
        client_company_name: 'Initech',
        product: 'Analytics Platform',
        amount: 8000,
        status: 'closed-lost',
        lead_status: 'pending',
        next_meeting_date: null,
        record_date: lastYear,
      }),
      row(b.id, {
        client_company_name: 'Bobco',
        product: 'CRM Platform',
        amount: 900000,
        status: 'On-going',
        lead_status: 'Pending',
        next_meeting_date: soon(2),
        record_date: now,
      }),
      row(b.id, {
        client_company_name: 'Acme',
        product: 'Secret',
        amount: 900000,
        status: 'won',
        lead_status: 'Hot',
        next_meeting_date: soon(1),
        record_date: now,
      }),
    ]);
  });
  afterAll(() => server.close());

  it('totals and counts per normalised status, own rows only', async () => {
    const res = await repA.get('/api/pipeline');
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual([
      { status: 'On-going', amount: 3000, count: 2 },
      { status: 'Closed-Win', amount: 4000, count: 1 },
      { status: 'Closed-Lost', amount: 8000, count: 1 },
    ]);
    expect(res.body.openCount).toBe(2);
    // Pending among open deals only (the closed-lost pending one is not a follow-up).
    expect(res.body.followUpCount).toBe(1);
    expect(res.body.companyCount).toBe(3);
    expect(res.body.companiesThisMonth).toBe(1);
  });

  it('lists future meetings of open deals only, soonest first, and the calendar month', async () => {
    const res = await repA.get(`/api/pipeline?month=${month}`);
    const upcoming = res.body.upcomingMeetings;
    // Globex's meeting is ahead too, but the deal is won: a closed deal has no upcoming meeting.
    expect(upcoming.map((m: { client_company_name: string }) => m.client_company_name)).toEqual(['Acme']);
    expect(upcoming[0].lead_status).toBe('Pending');
    for (const day of res.body.calendar.days) expect(day.date.startsWith(month)).toBe(true);
    expect(res.body.calendar.month).toBe(month);
  });

  it('refuses a bad month', async () => {
    expect((await repA.get('/api/pipeline?month=2026-13')).status).toBe(400);
  });

  it('B counts only B', async () => {
    const res = await repB.get('/api/pipeline');
    expect(res.body.totals[0]).toEqual({ status: 'On-going', amount: 900000, count: 1 });
    expect(res.body.companyCount).toBe(2);
  });

  it('derives companies from own rows: industry default, contacts, products, lead statuses, value, earliest meeting', async () => {
    const res = await repA.get('/api/companies');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const acme = res.body.items[0];
    expect(acme).toMatchObject({
      name: 'Acme',
      industry: 'Retail',
      clients: ['Yan', 'Zoe'],
      recent_products: ['CRM Platform', 'Support Desk'],
      lead_statuses: ['Hot Lead', 'Pending'],
      total_value: 3000,
      opportunity_count: 2,
    });
    expect(acme.recent_products).not.toContain('Secret');
    expect(res.body.items[1]).toMatchObject({ name: 'Globex', industry: 'Technology' });
  });

  it.each([
    ['q=glob', ['Globex']],
    ['q=retail', ['Acme']],
    ['q=zoe', ['Acme']],
    ['q=analytics', ['Initech']],
    ['q=qualified', ['Globex']],
    ['q=bobco', []],
    // The default industry of a company whose deals name none, and a search with another filter.
    ['q=techno', ['Globex', 'Initech']],
    ['q=a&product=CRM%20Platform', ['Acme', 'Globex']],
    ['industry=Technology', ['Globex', 'Initech']],
    ['industry=retail', ['Acme']],
    ['product=CRM%20Platform', ['Acme', 'Globex']],
    // A product alone pages the key range of its facts, in name order.
    ['product=CRM%20Platform&pageSize=1&page=2', ['Globex']],
    ['product=Secret', []],
    ['product=CRM%20Platform&industry=Technology', ['Globex']],
    ['pageSize=1&page=2', ['Globex']],
  ])('companies %s', async (query, expected) => {
    const res = await repA.get(`/api/companies?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual(expected);
  });

  it('pages companies from the summary exactly as grouping every row does, without blank names', async () => {
    const c = await server.createUser({ role: 'Sales Representative' });
    const repC = await server.signIn(c.email, c.password);
    const names = ['Zeta', 'alpha', 'Beta', '  ', null, 'Zeta', 'beta ', 'Émile'];
    await server.database.db
      .insert(opportunities)
      .values(
        names.map((name, i) =>
          withStage({ owner_id: c.id, client_company_name: name, amount: 100 * (i + 1), product: 'CRM Platform' }),
        ),
      );
    // Unfiltered pages come from rep_companies; industry=Technology (every row's default) from rep_company_facts.
    for (const page of ['pageSize=25', 'pageSize=2&page=1', 'pageSize=2&page=2', 'pageSize=2&page=3', 'pageSize=2&page=4']) {
      const fromSummary = await repC.get(`/api/companies?${page}`);
      const grouped = await repC.get(`/api/companies?${page}&industry=Technology`);
      expect(fromSummary.status).toBe(200);
      expect(fromSummary.body).toEqual(grouped.body);
      expect(fromSummary.body.total).toBe(5);
    }
    const all = await repC.get('/api/companies');
    expect(all.body.items.map((i: { name: string }) => i.name).sort()).toEqual(['Beta', 'Zeta', 'alpha', 'beta ', 'Émile']);
    expect(all.body.items.find((i: { name: string }) => i.name === 'Zeta')).toMatchObject({
      opportunity_count: 2,
      total_value: 700,
    });
  });

  it('knows the total past the last page', async () => {
    const res = await repA.get('/api/companies?page=9');
    expect(res.body).toEqual({ items: [], total: 3 });
    const filtered = await repA.get('/api/companies?page=9&industry=Technology');
    expect(filtered.body).toEqual({ items: [], total: 2 });
    const byProduct = await repA.get('/api/companies?page=9&product=CRM%20Platform&q=a');
    expect(byProduct.body).toEqual({ items: [], total: 2 });
  });
});
