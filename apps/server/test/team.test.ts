import { bySalesRank, TEAM_DASHBOARD_TOP, withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

// A hand-computed fixture: every expected number below was worked out on paper from these rows.
const DAY = 86_400_000;
const now = new Date();
const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const day = (offset: number) => new Date(todayUtc + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(todayUtc + offset * DAY + 12 * 3_600_000);
const quarterStart = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1);
const lastQuarterDay = (quarterStart - todayUtc) / DAY - 1; // offset of the day before this quarter

describe('manager team figures', () => {
  let server: TestServer;
  let manager: HttpClient;
  let managerId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Morgan Manager' });
    managerId = m.id;
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(() => server.close());

  it('an empty team: zero cards, no leaders, no representatives', async () => {
    const res = await manager.get('/api/team');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      representativesCount: 0,
      opportunitiesCount: 0,
      totalAmount: 0,
      technicalLeader: null,
      commercialLeader: null,
      pipeline: [],
      representatives: [],
    });
    const list = await manager.get('/api/team/representatives');
    expect(list.body).toEqual({ items: [], total: 0, representatives: 0 });
  });

  describe('with the fixture', () => {
    let ada: string;
    let ben: string;
    let cy: string;
    let adaRows: number[];

    beforeAll(async () => {
      ada = (await server.createUser({ role: 'Sales Representative', fullName: 'Ada Brook', email: 'ada@fixture.test' })).id;
      ben = (await server.createUser({ role: 'Sales Representative', fullName: 'Ben Carter', email: 'ben@fixture.test' })).id;
      cy = (await server.createUser({ role: 'Sales Representative', fullName: 'Cy Zero', email: 'cy@fixture.test' })).id;
      const row = (values: Partial<typeof opportunities.$inferInsert>) =>
        withStage({
          account_manager: 'x',
          technical_scoring: null,
          commercial_scoring: null,
          ...values,
        });
      const inserted = await server.database.db
        .insert(opportunities)
        .values([
          // Ada: won this quarter (cycle 10), lost (cycle 20), on-going, won last quarter (cycle 40).
          row({
            owner_id: ada,
            client_company_name: 'Alpha',
            status: 'Closed-Win',
            amount: 100_000,
            record_date: at(-10),
            closing_date: day(0),
            technical_scoring: 8,
            commercial_scoring: 6,
            lead_status: 'Closed Won',
            next_meeting_date: at(-3),
          }),
          row({
            owner_id: ada,
            client_company_name: 'Beta',
            status: 'lost',
            amount: 20_000,
            record_date: at(-30),
            closing_date: day(-10),
            technical_scoring: 6,
            commercial_scoring: 4,
            lead_status: 'Cold',
            next_meeting_date: at(-20),
          }),
          row({
            owner_id: ada,
            client_company_name: 'Gamma',
            status: 'Negotiation',
            amount: 30_000,
            record_date: at(-2),
            technical_scoring: 7,
            lead_status: 'Hot Lead',
            next_meeting_date: at(5),
          }),
          row({
            owner_id: ada,
            client_company_name: 'Delta',
            status: 'won',
            amount: 50_000,
            record_date: at(lastQuarterDay - 40),
            closing_date: day(lastQuarterDay),
            commercial_scoring: 8,
            lead_status: 'Warm',
            next_meeting_date: at(-60),
          }),
          // Ben: no closed deal (win rate from scores), no closing dates (cycle 45).
          row({
            owner_id: ben,
            status: 'On-going',
            amount: 10_000,
            technical_scoring: 5,
            commercial_scoring: 7,
            lead_status: 'Pending',
            record_date: at(-1),
          }),
          row({ owner_id: ben, status: '', amount: null, record_date: at(-4) }),
          // No representative: no owner, and one owned by the manager.
          row({
            owner_id: null,
            status: 'won',
            amount: 7_000,
            technical_scoring: 9,
            commercial_scoring: 9,
            lead_status: 'Closed Won',
            closing_date: day(0),
            record_date: at(-5),
          }),
          row({ owner_id: managerId, status: 'Closed-Lost', amount: 3_000, lead_status: 'Cold' }),
        ])
        .returning({ id: opportunities.id });
      adaRows = inserted.slice(0, 4).map((r) => r.id);
    });

    const adaMember = () => ({
      id: ada,
      full_name: 'Ada Brook',
      email: 'ada@fixture.test',
      location: 'Remote',
      totalSales: 200_000,
      wonAmount: 150_000, // Alpha and Delta
      totalDeals: 4,
      conversionRate: 50, // won 2 of 4 deals
      techScore: 7,
      commScore: 6,
      winRate: 67,
      winRateSource: 'closed-deals',
    });
    const benMember = () => ({
      id: ben,
      full_name: 'Ben Carter',
      email: 'ben@fixture.test',
      location: 'Remote',
      totalSales: 10_000,
      wonAmount: 0,
      totalDeals: 2,
      conversionRate: 0,
      techScore: 5,
      commScore: 7,
      winRate: 62,
      winRateSource: 'scores',
    });
    const cyMember = () => ({
      id: cy,
      full_name: 'Cy Zero',
      email: 'cy@fixture.test',
      location: 'Remote',
      totalSales: 0,
      wonAmount: 0,
      totalDeals: 0,
      conversionRate: 0,
      techScore: null,
      commScore: null,
      winRate: null,
      winRateSource: null,
    });
    const unassigned = {
      id: null,
      full_name: 'Unassigned',
      email: null,
      location: '',
      totalSales: 10_000,
      wonAmount: 7_000,
      totalDeals: 2,
      conversionRate: 50,
      techScore: 9,
      commScore: 9,
      winRate: 50,
      winRateSource: 'closed-deals',
    };

    it('the dashboard: cards, leaders, pipeline and the table, with an Unassigned group', async () => {
      const res = await manager.get('/api/team');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        representativesCount: 3,
        opportunitiesCount: 8,
        totalAmount: 220_000,
        technicalLeader: { id: ada, full_name: 'Ada Brook', score: 7 },
        commercialLeader: { id: ben, full_name: 'Ben Carter', score: 7 },
        pipeline: [
          { id: ada, full_name: 'Ada Brook', onGoing: 30_000, closedWin: 150_000, closedLost: 20_000 },
          { id: ben, full_name: 'Ben Carter', onGoing: 10_000, closedWin: 0, closedLost: 0 },
          { id: null, full_name: 'Unassigned', onGoing: 0, closedWin: 7_000, closedLost: 3_000 },
        ],
        // The most sales first; Ben and Unassigned tie at 10,000 and go by name.
        representatives: [adaMember(), benMember(), unassigned, cyMember()],
      });
    });

    it('the list: same figures, search by name or e-mail, sort and pages', async () => {
      const all = await manager.get('/api/team/representatives');
      expect(all.body).toEqual({ items: [adaMember(), benMember(), cyMember(), unassigned], total: 4, representatives: 3 });

      const byEmail = await manager.get('/api/team/representatives?q=BEN@fix');
      expect(byEmail.body).toEqual({ items: [benMember()], total: 1, representatives: 1 });
      const byName = await manager.get('/api/team/representatives?q=zero');
      expect(byName.body.items.map((m: { id: string }) => m.id)).toEqual([cy]);
      const wildcard = await manager.get('/api/team/representatives?q=%25');
      expect(wildcard.body.total).toBe(0);

      const bySales = await manager.get('/api/team/representatives?sort=-totalSales');
      expect(bySales.body.items.map((m: { full_name: string }) => m.full_name)).toEqual([
        'Ada Brook',
        'Ben Carter',
        'Unassigned',
        'Cy Zero',
      ]);
      const page2 = await manager.get('/api/team/representatives?sort=totalDeals&pageSize=2&page=2');
      expect(page2.body.total).toBe(4);
      expect(page2.body.items.map((m: { full_name: string }) => m.full_name)).toEqual(['Unassigned', 'Ada Brook']);
      const beyond = await manager.get('/api/team/representatives?page=9');
      expect(beyond.body).toEqual({ items: [], total: 4, representatives: 3 });

      expect((await manager.get('/api/team/representatives?sort=password')).status).toBe(400);
      expect((await manager.get('/api/team/representatives?pageSize=500')).status).toBe(400);
    });

    it('the detail: tiles, recent opportunities and activities', async () => {
      const res = await manager.get(`/api/team/representatives/${ada}`);
      expect(res.status).toBe(200);
      expect(res.body.representative).toEqual(adaMember());
      expect(res.body.metrics).toEqual({
        quotaAttainment: 40,
        quarterlyQuota: 250_000,
        quotaIsDefault: true,
        wonThisQuarter: 100_000,
        // Gamma (Negotiation, commit by its stage) has no closing date: in no quarter's commit.
        commitThisQuarter: 0,
        gapToQuota: 150_000,
        winRate: 67,
        winRateSource: 'closed-deals',
        avgDealSize: 50_000,
        salesCycle: 23,
        salesCycleIsDefault: false,
      });
      const [alpha, beta, gamma] = adaRows;
      expect(res.body.recentOpportunities.map((o: { id: number }) => o.id)).toEqual([gamma, alpha, beta]);
      expect(res.body.recentOpportunities[0]).toMatchObject({
        name: 'Gamma',
        amount: 30_000,
        status: 'Negotiation',
        pipeline_status: 'On-going',
        lead_status: 'Hot Lead',
        technical_scoring: 7,
        commercial_scoring: null,
      });
      // Activities are the deals' history: rows written straight into the table have none.
      expect(res.body.recentActivities).toEqual([]);
      const before = (await manager.get(`/api/opportunities/${alpha}`)).body;
      expect(
        (await manager.patch(`/api/opportunities/${alpha}`, { version: before.version, notes: 'Call back Monday' })).status,
      ).toBe(200);
      const after = await manager.get(`/api/team/representatives/${ada}`);
      expect(after.body.recentActivities).toMatchObject([
        {
          opportunity_id: alpha,
          type: 'change',
          source: 'person',
          field: 'notes',
          before: null,
          after: 'Call back Monday',
          client_company_name: 'Alpha',
        },
      ]);
    });

    it('the fallbacks: win rate from scores, no closing dates, no opportunities at all', async () => {
      const benDetail = await manager.get(`/api/team/representatives/${ben}`);
      expect(benDetail.body.representative).toEqual(benMember());
      expect(benDetail.body.metrics).toEqual({
        quotaAttainment: 0,
        quarterlyQuota: 250_000,
        quotaIsDefault: true,
        wonThisQuarter: 0,
        commitThisQuarter: 0,
        gapToQuota: 250_000,
        winRate: 62,
        winRateSource: 'scores',
        avgDealSize: 5_000,
        salesCycle: 45,
        salesCycleIsDefault: true,
      });
      const cyDetail = await manager.get(`/api/team/representatives/${cy}`);
      expect(cyDetail.body).toEqual({
        representative: cyMember(),
        metrics: {
          quotaAttainment: 0,
          quarterlyQuota: 250_000,
          quotaIsDefault: true,
          wonThisQuarter: 0,
          commitThisQuarter: 0,
          gapToQuota: 250_000,
          winRate: null,
          winRateSource: null,
          avgDealSize: 0,
          salesCycle: 45,
          salesCycleIsDefault: true,
        },
        recentOpportunities: [],
        recentActivities: [],
      });
    });

    it('an unknown id, or a user who is not a representative, is not found', async () => {
      for (const id of ['nope', managerId]) {
        const res = await manager.get(`/api/team/representatives/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'not_found', message: 'Sales representative not found' });
      }
      const quota = await manager.request('PUT', `/api/team/representatives/${managerId}/quota`, { quarterlyQuota: 1000 });
      expect(quota.status).toBe(404);
    });

    it('setting a quota validates it and changes the attainment', async () => {
      for (const bad of [0, -1, 1.5, 2_000_000_000, '100000', null]) {
        const res = await manager.request('PUT', `/api/team/representatives/${ada}/quota`, { quarterlyQuota: bad });
        expect(res.status).toBe(400);
        expect(res.body.error.field).toBe('quarterlyQuota');
      }
      expect((await manager.request('PUT', `/api/team/representatives/${ada}/quota`, {})).status).toBe(400);
      const res = await manager.request('PUT', `/api/team/representatives/${ada}/quota`, { quarterlyQuota: 200_000 });
      expect(res.status).toBe(200);
      expect(res.body.metrics).toMatchObject({ quotaAttainment: 50, quarterlyQuota: 200_000, quotaIsDefault: false });
      const again = await manager.get(`/api/team/representatives/${ada}`);
      expect(again.body.metrics.quotaAttainment).toBe(50);
    });

    it('one of the representative’s opportunities, read-only; another’s is not found', async () => {
      const res = await manager.get(`/api/team/representatives/${ada}/opportunities/${adaRows[0]}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: adaRows[0], client_company_name: 'Alpha', amount: 100_000, owner_id: ada });
      expect(typeof res.body.record_date).toBe('string');
      const other = await manager.get(`/api/team/representatives/${ben}/opportunities/${adaRows[0]}`);
      expect(other.status).toBe(404);
    });

    it('refuses a representative (403) and a visitor (401) on every team endpoint', async () => {
      const rep = await server.createUser({ role: 'Sales Representative' });
      const repClient = await server.signIn(rep.email, rep.password);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/team'],
        ['GET', '/api/team/representatives'],
        ['GET', `/api/team/representatives/${ada}`],
        ['PUT', `/api/team/representatives/${ada}/quota`, { quarterlyQuota: 1 }],
        ['GET', `/api/team/representatives/${ada}/opportunities/${adaRows[0]}`],
      ];
      for (const [method, path, body] of calls) {
        expect((await repClient.request(method, path, body)).status).toBe(403);
        expect((await server.anonymous.request(method, path, body)).status).toBe(401);
      }
      const after = await manager.get(`/api/team/representatives/${ada}`);
      expect(after.body.metrics.quarterlyQuota).toBe(200_000);
    });
  });

  describe('a team larger than the dashboard shows', () => {
    let big: TestServer;
    let boss: HttpClient;

    beforeAll(async () => {
      big = await startTestServer();
      const m = await big.createUser({ role: 'Sales Manager', fullName: 'Morgan Manager' });
      boss = await big.signIn(m.email, m.password);
      const values: (typeof opportunities.$inferInsert)[] = [];
      // 12 representatives: rep 01 sells 1,000 … rep 12 sells 12,000, except that 11 and 12 tie with
      // 10 at 10,000; the best scores belong to rep 01, far outside the top 10.
      for (let i = 1; i <= TEAM_DASHBOARD_TOP + 2; i++) {
        const name = `Rep ${String(i).padStart(2, '0')}`;
        const { id } = await big.createUser({ role: 'Sales Representative', fullName: name });
        values.push(
          withStage({
            owner_id: id,
            account_manager: 'x',
            status: 'On-going',
            amount: Math.min(i, 10) * 1_000,
            technical_scoring: i === 1 ? 10 : 5,
            commercial_scoring: i === 1 ? 9 : 4,
          }),
        );
      }
      await big.database.db.insert(opportunities).values(values);
    });
    afterAll(() => big.close());

    it('shows the 10 with the most sales, counts everyone, and finds leaders beyond the 10', async () => {
      const res = await boss.get('/api/team');
      expect(res.status).toBe(200);
      expect(res.body.representativesCount).toBe(12);
      expect(res.body.opportunitiesCount).toBe(12);
      expect(res.body.totalAmount).toBe(1_000 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10));
      const shown = res.body.representatives.map((m: { full_name: string }) => m.full_name);
      expect(shown).toEqual(['Rep 10', 'Rep 11', 'Rep 12', 'Rep 09', 'Rep 08', 'Rep 07', 'Rep 06', 'Rep 05', 'Rep 04', 'Rep 03']);
      expect(res.body.pipeline.map((m: { full_name: string }) => m.full_name)).toEqual(shown);
      expect(res.body.technicalLeader).toMatchObject({ full_name: 'Rep 01', score: 10 });
      expect(res.body.commercialLeader).toMatchObject({ full_name: 'Rep 01', score: 9 });
      // The same order as the domain's rule, and the paged list still holds everyone.
      const list = await boss.get('/api/team/representatives?pageSize=200');
      const ranked = [...list.body.items].sort(bySalesRank).slice(0, TEAM_DASHBOARD_TOP);
      expect(ranked.map((m: { full_name: string }) => m.full_name)).toEqual(shown);
      expect(list.body.total).toBe(12);
    });
  });
});
