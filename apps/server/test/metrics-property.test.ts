import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bySalesRank,
  TEAM_DASHBOARD_TOP,
  DEFAULT_QUARTERLY_QUOTA,
  PIPELINE_STATUS_OF_OUTCOME,
  OUTCOMES,
  groupFigures,
  isUpcomingMeeting,
  quotaAttainment,
  resolvePipeline,
  withStage,
} from '@nexa/domain';
import { STATUS_SPELLINGS } from '@nexa/domain/status-spellings';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Every number of the rep dashboard, the companies page, the manager dashboard, the
 * representatives list and a representative's detail equals a recomputation from the rows, by the
 * domain's definitions (docs/metrics.md), for random rows with messy statuses.
 */
const DAY = 86_400_000;
type Row = typeof opportunities.$inferInsert;

const statusText = fc.oneof(
  fc.constantFrom(...STATUS_SPELLINGS.map(([text]) => text)),
  fc.constantFrom('Closed won ', 'PERDU!', 'won?', null),
  fc.string({ maxLength: 12 }),
);
// Whole-number scores: averages then never fall on a binary-inexact half the two sides round apart.
const score = fc.option(fc.integer({ min: 0, max: 10 }), { nil: null });

const rowArb = (owners: Array<string | null>, now: number) =>
  fc
    .record({
      owner: fc.constantFrom(...owners),
      status: statusText,
      amount: fc.option(
        fc.integer({ min: 0, max: 500 }).map((n) => n * 100),
        { nil: null },
      ),
      lead_status: fc.constantFrom('Pending', ' pending ', 'Hot Lead', 'Closed Won', null),
      company: fc.constantFrom('Acme', 'Globex', 'Initech', '  ', null),
      technical: score,
      commercial: score,
      recordDays: fc.integer({ min: -200, max: 0 }),
      closingDays: fc.option(fc.integer({ min: -200, max: 60 }), { nil: null }),
      meetingHours: fc.option(fc.integer({ min: -24 * 30, max: 24 * 30 }), { nil: null }),
    })
    .map((r): Row =>
      withStage({
        owner_id: r.owner,
        account_manager: 'Property',
        status: r.status,
        amount: r.amount,
        lead_status: r.lead_status,
        client_company_name: r.company,
        client_name: r.company ? `${r.company} contact` : null,
        technical_scoring: r.technical,
        commercial_scoring: r.commercial,
        record_date: new Date(now + r.recordDays * DAY),
        closing_date: r.closingDays === null ? null : new Date(now + r.closingDays * DAY).toISOString().slice(0, 10),
        next_meeting_date: r.meetingHours === null ? null : new Date(now + r.meetingHours * 3_600_000 + 60_000),
      }),
    );

const outcomeOf = (row: Row) => resolvePipeline(row.status).outcome;
const figuresOf = (rows: Row[], now: Date) =>
  groupFigures(
    rows.map((r) => ({
      outcome: outcomeOf(r),
      amount: r.amount ?? null,
      lead_status: r.lead_status ?? null,
      technical_scoring: r.technical_scoring ?? null,
      commercial_scoring: r.commercial_scoring ?? null,
      record_date: r.record_date as Date,
      closing_date: r.closing_date ?? null,
    })),
    now,
  );

describe('every figure equals a recomputation from the rows (property)', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;
  const reps: Array<{ id: string; name: string }> = [];

  beforeAll(async () => {
    // Each run reads five endpoints, and shrinking a failure runs many more.
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    for (const name of ['Ada Prop', 'Ben Prop']) {
      const user = await server.createUser({ role: 'Sales Representative', fullName: name });
      reps.push({ id: user.id, name });
      if (!rep) rep = await server.signIn(user.email, user.password);
    }
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(() => server.close());

  const body = async (client: HttpClient, url: string) => {
    const res = await client.get(url);
    expect({ url, status: res.status, error: res.status === 200 ? undefined : res.body }).toEqual({
      url,
      status: 200,
      error: undefined,
    });
    return res.body;
  };

  it('rep dashboard, companies, team dashboard, representatives list and detail', async () => {
    const nowMs = Date.now();
    const owners = [reps[0]!.id, reps[1]!.id, null];
    const fate = fc.constantFrom('live', 'live', 'deleted', 'restored');
    await fc.assert(
      // Each row stays, is deleted, or is deleted and restored (through the API): the figures count the live rows.
      fc.asyncProperty(fc.array(fc.tuple(rowArb(owners, nowMs), fate), { minLength: 0, maxLength: 24 }), async (entries) => {
        const db = server.database.db;
        await db.execute(sql`TRUNCATE opportunities CASCADE`);
        const all = entries.map(([row]) => row);
        const ids = all.length
          ? (await db.insert(opportunities).values(all).returning({ id: opportunities.id })).map((r) => r.id)
          : [];
        for (const [i, [, what]] of entries.entries()) {
          if (what === 'live') continue;
          expect((await manager.delete(`/api/opportunities/${ids[i]}`)).status).toBe(204);
          if (what === 'restored') expect((await manager.post(`/api/opportunities/${ids[i]}/restore`)).status).toBe(200);
        }
        const rows = entries.filter(([, what]) => what !== 'deleted').map(([row]) => row);
        const now = new Date();
        const ada = rows.filter((r) => r.owner_id === reps[0]!.id);

        // Rep dashboard (GET /api/pipeline).
        const pipeline = await body(rep, '/api/pipeline');
        expect(pipeline.totals).toEqual(
          OUTCOMES.map((outcome) => {
            const of = ada.filter((r) => outcomeOf(r) === outcome);
            return {
              status: PIPELINE_STATUS_OF_OUTCOME[outcome],
              count: of.length,
              amount: of.reduce((s, r) => s + (r.amount ?? 0), 0),
            };
          }),
        );
        expect(pipeline.openCount).toBe(ada.filter((r) => outcomeOf(r) === 'open').length);
        expect(pipeline.followUpCount).toBe(
          ada.filter((r) => outcomeOf(r) === 'open' && r.lead_status?.trim().toLowerCase() === 'pending').length,
        );
        expect(pipeline.companyCount).toBe(new Set(ada.map((r) => r.client_company_name).filter((c) => c != null)).size);
        const upcoming = ada
          .filter((r) => isUpcomingMeeting(outcomeOf(r), r.next_meeting_date ?? null, now))
          .map((r) => (r.next_meeting_date as Date).toISOString())
          .sort()
          .slice(0, 8);
        expect(pipeline.upcomingMeetings.map((m: { next_meeting_date: string }) => m.next_meeting_date)).toEqual(upcoming);

        // Companies page (GET /api/companies).
        const companies = await body(rep, '/api/companies?pageSize=200');
        const named = [...new Set(ada.map((r) => r.client_company_name).filter((c): c is string => !!c?.trim()))].sort();
        expect(companies.total).toBe(named.length);
        for (const company of companies.items) {
          const of = ada.filter((r) => r.client_company_name === company.name);
          const next = of
            .filter((r) => isUpcomingMeeting(outcomeOf(r), r.next_meeting_date ?? null, now))
            .map((r) => (r.next_meeting_date as Date).toISOString())
            .sort()[0];
          expect(company).toMatchObject({
            opportunity_count: of.length,
            total_value: of.reduce((s, r) => s + (r.amount ?? 0), 0),
            next_meeting_date: next ?? null,
          });
        }

        // Team figures, per representative (and Unassigned when it has rows).
        const groups = [
          ...reps.map((r) => ({ id: r.id as string | null, name: r.name, rows: rows.filter((x) => x.owner_id === r.id) })),
          { id: null, name: 'Unassigned', rows: rows.filter((x) => x.owner_id === null) },
        ].filter((g) => g.id !== null || g.rows.length > 0);
        const expectedMember = (g: (typeof groups)[number]) => {
          const f = figuresOf(g.rows, now);
          return {
            id: g.id,
            full_name: g.name,
            totalSales: f.totalSales,
            wonAmount: f.wonAmount,
            totalDeals: f.totalDeals,
            conversionRate: f.conversionRate,
            techScore: f.techScore,
            commScore: f.commScore,
            winRate: f.winRate,
          };
        };
        const team = await body(manager, '/api/team');
        expect(team.opportunitiesCount).toBe(rows.length);
        expect(team.totalAmount).toBe(rows.reduce((s, r) => s + (r.amount ?? 0), 0));
        expect(team.representativesCount).toBe(reps.length);
        // The dashboard's table: the TEAM_DASHBOARD_TOP with the most sales, in the domain's order.
        const ranked = groups
          .map((g) => ({ g, member: expectedMember(g) }))
          .sort((a, b) => bySalesRank(a.member, b.member))
          .slice(0, TEAM_DASHBOARD_TOP);
        expect(team.representatives).toEqual(ranked.map(({ member }) => expect.objectContaining(member)));
        for (const entry of team.pipeline) {
          const g = groups.find((x) => x.id === entry.id)!;
          const sum = (outcome: string) =>
            g.rows.filter((r) => outcomeOf(r) === outcome).reduce((s, r) => s + (r.amount ?? 0), 0);
          expect(entry).toMatchObject({ onGoing: sum('open'), closedWin: sum('won'), closedLost: sum('lost') });
        }

        // Representatives list (GET /api/team/representatives).
        const list = await body(manager, '/api/team/representatives?pageSize=200');
        expect(list.total).toBe(groups.length);
        for (const item of list.items) {
          expect(item).toMatchObject(expectedMember(groups.find((g) => g.id === item.id)!));
        }

        // A representative's detail (GET /api/team/representatives/:id).
        const detail = await body(manager, `/api/team/representatives/${reps[0]!.id}`);
        const f = figuresOf(ada, now);
        expect(detail.representative).toMatchObject(expectedMember(groups[0]!));
        expect(detail.metrics).toMatchObject({
          winRate: f.winRate,
          avgDealSize: f.avgDealSize,
          salesCycle: f.salesCycle,
          wonThisQuarter: f.wonThisQuarter,
          quotaAttainment: quotaAttainment(f.wonThisQuarter, DEFAULT_QUARTERLY_QUOTA),
        });
      }),
      { numRuns: 12, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647) },
    );
  }, 180_000);
});
