import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPPORTUNITY_SORT_FIELDS, STAGES, withStage, type Stage } from '@nexa/domain';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const DAY = 86_400_000;
const base = new Date('2030-06-15T12:00:00Z');

describe('opportunities API', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  let aId: string;
  let bId: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const a = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const b = await server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' });
    aId = a.id;
    bId = b.id;
    [repA, repB, manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    const rows = [
      {
        key: 'a1',
        owner_id: aId,
        account_manager: 'Alice Archer',
        product: 'CRM Platform',
        client_company_name: 'Acme Corp',
        client_name: 'Zoe Zed',
        amount: 12500,
        status: 'On-going',
        lead_status: 'Hot Lead',
        next_meeting_date: new Date(base.getTime() + 2 * DAY),
        technical_answers: 'Question: Do you support SSO?\nResponse: Yes, SAML.\n\nQuestion: Hosting?\nResponse: EU.',
        technical_feedback: 'Good call.',
        technical_attached_file: 'https://files.example/spec.pdf',
      },
      {
        key: 'a2',
        owner_id: aId,
        account_manager: 'Alice Archer',
        product: 'Support Desk',
        client_company_name: 'Globex',
        client_name: 'Yan Young',
        amount: 5000,
        status: 'Closed Win',
        lead_status: 'warm lead',
        next_meeting_date: new Date(base.getTime() + 10 * DAY),
        technical_answers: null,
      },
      {
        key: 'a3',
        owner_id: aId,
        account_manager: 'Alice Archer',
        product: 'CRM Platform',
        client_company_name: 'Initech',
        client_name: 'Xavier Xu',
        amount: 99000,
        status: 'Negotiation',
        lead_status: 'Pending',
        next_meeting_date: new Date(base.getTime() - 5 * DAY),
        technical_answers: 'Question: API limits?\nResponse: 2,000 events per second.',
      },
      {
        key: 'a4',
        owner_id: aId,
        account_manager: 'Alice Archer',
        product: 'Analytics Platform',
        client_company_name: 'Acme Corp',
        client_name: 'Walt Wu',
        amount: 30000,
        status: 'Lost',
        lead_status: 'Cold',
        next_meeting_date: null,
      },
      {
        key: 'b1',
        owner_id: bId,
        account_manager: 'Bob Baker',
        product: 'Secret Product',
        client_company_name: 'Bobco Secret',
        client_name: 'Bert Bee',
        amount: 777777,
        status: 'On-going',
        lead_status: 'Hot Lead',
        next_meeting_date: new Date(base.getTime() + 3 * DAY),
        technical_answers: 'Question: Secret?\nResponse: Yes.',
      },
      {
        key: 'b2',
        owner_id: bId,
        account_manager: 'Alice Archer',
        product: 'CRM Platform',
        client_company_name: 'Acme Corp',
        client_name: 'Zoe Zed',
        amount: 12500,
        status: 'On-going',
        lead_status: 'Hot Lead',
        next_meeting_date: new Date(base.getTime() + 2 * DAY),
      },
    ];
    for (const { key, ...row } of rows) {
      const [inserted] = await server.database.db
        .insert(opportunities)
        .values(withStage(row))
        .returning({ id: opportunities.id });
      ids[key] = inserted!.id;
    }
  });
  afterAll(() => server.close());

  const idsOf = (body: { items: Array<{ id: number }> }) => body.items.map((i) => i.id).sort((x, y) => x - y);
  const own = () => [ids.a1!, ids.a2!, ids.a3!, ids.a4!].sort((x, y) => x - y);

  describe('scoping: a rep never sees, counts or downloads another rep’s row', () => {
    it('lists only own rows, even when B’s row carries A’s account manager name', async () => {
      const res = await repA.get('/api/opportunities');
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(own());
      expect(res.body.total).toBe(4);
    });

    it.each([
      'q=Secret',
      'q=Bobco',
      'q=777777',
      'q=Bert',
      'product=Secret%20Product',
      'client_company_name=Bobco%20Secret',
      'lead_status=hot%20lead&q=Acme',
      'status=On-going&from=2030-06-01&to=2030-06-30',
      'pageSize=200&sort=-amount',
    ])('with %s', async (query) => {
      const res = await repA.get(`/api/opportunities?${query}`);
      expect(res.status).toBe(200);
      for (const item of res.body.items) expect(item.owner_id).toBe(aId);
      expect(res.body.items.map((i: { id: number }) => i.id)).not.toContain(ids.b1);
      expect(res.body.items.map((i: { id: number }) => i.id)).not.toContain(ids.b2);
    });

    it('answers 404 "Opportunity not found" for another rep’s row, exactly as for a missing one', async () => {
      const other = await repA.get(`/api/opportunities/${ids.b1}`);
      const missing = await repA.get('/api/opportunities/999999');
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      expect(other.body.error).toEqual({ code: 'not_found', message: 'Opportunity not found' });
    });

    it.each(['pdf', 'txt', 'technical', 'attachment'])('refuses to download another rep’s %s', async (format) => {
      const res = await repA.get(`/api/opportunities/${ids.b1}/specification?format=${format}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Secret');
    });

    it('facets hold only own values', async () => {
      const res = await repA.get('/api/opportunities/facets');
      expect(res.status).toBe(200);
      expect(res.body.products).toEqual(['Analytics Platform', 'CRM Platform', 'Support Desk']);
      expect(res.body.products).not.toContain('Secret Product');
      expect(res.body.industries).toEqual(['Technology']);
    });

    it('a manager reads every row and any detail', async () => {
      const list = await manager.get('/api/opportunities?pageSize=200');
      expect(list.body.total).toBe(6);
      const detail = await manager.get(`/api/opportunities/${ids.b1}`);
      expect(detail.status).toBe(200);
      expect(detail.body.client_company_name).toBe('Bobco Secret');
    });

    it('B sees only B', async () => {
      const res = await repB.get('/api/opportunities');
      expect(idsOf(res.body)).toEqual([ids.b1, ids.b2].sort((x, y) => x! - y!));
    });
  });

  describe('one status vocabulary (issue 33): every spelling of a meaning filters the same deals', () => {
    let repC: HttpClient;
    const cIds: Record<string, number> = {};
    beforeAll(async () => {
      const c = await server.createUser({ role: 'Sales Representative', fullName: 'Cleo Carter' });
      repC = await server.signIn(c.email, c.password);
      const rows = [
        { key: 'won', status: 'Won', lead_status: 'Cold' },
        { key: 'closedWin', status: 'Closed-Win', lead_status: 'Cold Lead' },
        { key: 'gagne', status: 'Gagné', lead_status: 'cold lead' },
        { key: 'nego', status: 'Negotiation', lead_status: 'Hot' },
        { key: 'negoFr', status: 'négociation', lead_status: 'Hot Lead' },
        { key: 'open', status: 'On-going', lead_status: 'Pending' },
      ];
      for (const { key, ...row } of rows) {
        const [inserted] = await server.database.db
          .insert(opportunities)
          .values(withStage({ ...row, owner_id: c.id, account_manager: 'Cleo Carter', product: 'P', amount: 1000 }))
          .returning({ id: opportunities.id });
        cIds[key] = inserted!.id;
      }
    });
    const found = async (query: string) => {
      const res = await repC.get(`/api/opportunities?${query}&pageSize=200`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return idsOf(res.body);
    };
    const keys = (...names: string[]) => names.map((k) => cIds[k]!).sort((x, y) => x - y);

    it.each(['Won', 'Closed-Win', 'closed%20won', 'Gagn%C3%A9', 'WON'])('status=%s finds every won deal', async (status) => {
      expect(await found(`status=${status}`)).toEqual(keys('won', 'closedWin', 'gagne'));
    });

    it.each(['Negotiation', 'n%C3%A9gociation', 'negotiation'])('status=%s finds the deals at that stage', async (status) => {
      expect(await found(`status=${status}`)).toEqual(keys('nego', 'negoFr'));
    });

    it.each(['On-going', 'ongoing'])('status=%s finds every open deal', async (status) => {
      expect(await found(`status=${status}`)).toEqual(keys('nego', 'negoFr', 'open'));
    });

    it.each(['Cold', 'Cold%20Lead', 'COLD%20LEAD'])('lead_status=%s finds every cold lead', async (lead) => {
      expect(await found(`lead_status=${lead}`)).toEqual(keys('won', 'closedWin', 'gagne'));
    });

    it('offers each lead status once, and its filter finds them all', async () => {
      const res = await repC.get('/api/opportunities/facets');
      expect(res.body.lead_statuses).toEqual(['Cold', 'Hot', 'Pending']);
      expect(await found('lead_status=Hot')).toEqual(keys('nego', 'negoFr'));
    });
  });

  describe('filters', () => {
    it.each([
      ['q=acme', ['a1', 'a4']],
      ['q=ACME%20corp', ['a1', 'a4']],
      ['q=support', ['a2']],
      ['q=xavier', ['a3']],
      ['q=alice', ['a1', 'a2', 'a3', 'a4']],
      ['q=99000', ['a3']],
      ['q=12500', ['a1']],
      ['q=%25', []],
      ['q=_', []],
      ['product=CRM%20Platform', ['a1', 'a3']],
      ['product=All', ['a1', 'a2', 'a3', 'a4']],
      ['status=On-going', ['a1', 'a3']],
      ['status=Closed-Win', ['a2']],
      ['status=Closed-Lost', ['a4']],
      ['status=negotiation', ['a3']],
      ['status=closed%20win', ['a2']],
      ['status=all', ['a1', 'a2', 'a3', 'a4']],
      ['lead_status=HOT%20LEAD', ['a1']],
      ['lead_status=Warm%20Lead', ['a2']],
      ['from=2030-06-17', ['a1', 'a2']],
      ['to=2030-06-17', ['a1', 'a3']],
      ['from=2030-06-17&to=2030-06-17', ['a1']],
      ['from=2030-06-18&to=2030-06-24', []],
      ['product=CRM%20Platform&status=On-going&q=init', ['a3']],
      // Totals of the dropdown filters alone come from rep_product_statuses, the others from the rows.
      ['product=CRM%20Platform&status=On-going', ['a1', 'a3']],
      ['product=CRM%20Platform&status=Closed-Win', []],
      ['product=Support%20Desk&status=Closed-Win&page=1', ['a2']],
    ])('%s', async (query, expected) => {
      const res = await repA.get(`/api/opportunities?${query}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(expected.map((k) => ids[k]!).sort((x, y) => x - y));
      expect(res.body.total).toBe(expected.length);
    });

    it('pages', async () => {
      const first = await repA.get('/api/opportunities?pageSize=3&page=1&sort=amount');
      const second = await repA.get('/api/opportunities?pageSize=3&page=2&sort=amount');
      expect(first.body.items.map((i: { amount: number }) => i.amount)).toEqual([5000, 12500, 30000]);
      expect(second.body.items.map((i: { amount: number }) => i.amount)).toEqual([99000]);
      expect(second.body.total).toBe(4);
    });

    it.each(OPPORTUNITY_SORT_FIELDS.flatMap((f) => [f, `-${f}`]))('sorts by %s', async (sort) => {
      const res = await repA.get(`/api/opportunities?sort=${sort}&pageSize=200`);
      expect(res.status).toBe(200);
      const field = sort.replace(/^-/, '');
      const values = res.body.items
        .map((i: Record<string, unknown>) => i[field])
        .filter((v: unknown) => v !== null && v !== undefined);
      if (!values.length) return; // score columns are not part of a list item
      // Stages sort in the pipeline's order, every other column by its value.
      const key = (v: unknown) => (field === 'stage' ? STAGES.indexOf(v as Stage) : (v as string | number));
      const sorted = [...values].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
      if (sort.startsWith('-')) sorted.reverse();
      expect(values).toEqual(sorted);
      // Missing values come last in both directions.
      const all = res.body.items.map((i: Record<string, unknown>) => i[field]);
      const firstNull = all.findIndex((v: unknown) => v === null);
      if (firstNull >= 0) expect(all.slice(firstNull).every((v: unknown) => v === null)).toBe(true);
    });

    it('sorts by next meeting ascending by default', async () => {
      const res = await repA.get('/api/opportunities');
      expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([ids.a3, ids.a1, ids.a2, ids.a4]);
    });

    it.each([
      'sort=password',
      'sort=-amount;drop',
      'pageSize=201',
      'pageSize=0',
      'page=-1',
      'from=2030-02-30',
      'from=june',
      'from=2030-06-20&to=2030-06-01',
    ])('refuses %s with 400', async (query) => {
      const res = await repA.get(`/api/opportunities?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    });

    it.each(['abc', '0', '-3', '99999999999'])('refuses the id %s with 400', async (id) => {
      const res = await repA.get(`/api/opportunities/${id}`);
      expect(res.status).toBe(400);
    });
  });

  describe('detail and downloads', () => {
    it('returns the full row with the owner win rate', async () => {
      const res = await repA.get(`/api/opportunities/${ids.a1}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ids.a1, product: 'CRM Platform', pipeline_status: 'On-going', owner_win_rate: 50 });
      expect(res.body.technical_answers).toContain('SSO');
    });

    it('generates a PDF named after the product', async () => {
      const res = await fetch(`${server.url}/api/opportunities/${ids.a1}/specification?format=pdf`, {
        headers: { cookie: repA.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('filename="CRM-Platform-specification.pdf"');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(800);
    });

    it('builds the text file from the technical answers', async () => {
      const res = await repA.get(`/api/opportunities/${ids.a1}/specification?format=txt`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('CRM-Platform-specification.txt');
      expect(res.text).toContain('Do you support SSO?');
    });

    it('builds the Technical tab file with the first question only', async () => {
      const res = await repA.get(`/api/opportunities/${ids.a1}/specification?format=technical`);
      expect(res.headers.get('content-disposition')).toContain('technical-specifications.txt');
      expect(res.text).toContain('Question: Do you support SSO?');
      expect(res.text).not.toContain('Hosting');
    });

    it('redirects to the attached file', async () => {
      const res = await fetch(`${server.url}/api/opportunities/${ids.a1}/specification?format=attachment`, {
        headers: { cookie: repA.cookie },
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://files.example/spec.pdf');
    });

    it('answers 404 when there is no attachment or nothing to generate from', async () => {
      const noFile = await repA.get(`/api/opportunities/${ids.a2}/specification?format=attachment`);
      expect(noFile.status).toBe(404);
      const noText = await repA.get(`/api/opportunities/${ids.a2}/specification?format=pdf`);
      expect(noText.status).toBe(404);
      const badFormat = await repA.get(`/api/opportunities/${ids.a1}/specification?format=exe`);
      expect(badFormat.status).toBe(400);
    });
  });
});
