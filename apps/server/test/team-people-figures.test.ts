import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bySalesRank,
  DEFAULT_STAGE_PROBABILITIES,
  forecastFigures,
  quarterFor,
  resolvePipeline,
  ROLES,
  TEAM_DASHBOARD_TOP,
  withStage,
  type Stage,
} from '@nexa/domain';
import { opportunities, users } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * People changes (docs/metrics.md, "Who counts"): after a deactivation and after a role change, the
 * team dashboard's count and ranking, the representatives list, the forecast's quota and gap, and
 * the Unassigned filters all count the same people — each recomputed here from the rows.
 */
describe(`figures that survive people changes (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let manager: HttpClient;
  const reps: Record<'ada' | 'ben' | 'cy', string> = { ada: '', ben: '', cy: '' };
  const quotas: Record<string, number> = {};
  const quarter = quarterFor('current', new Date());

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    const m = await server.createUser({ role: ROLES.manager, fullName: 'Mona Manager' });
    manager = await server.signIn(m.email, m.password);
    const names = { ada: 'Ada Active', ben: 'Ben Leaving', cy: 'Cy Promoted' } as const;
    for (const [i, key] of (['ada', 'ben', 'cy'] as const).entries()) {
      reps[key] = (await server.createUser({ role: ROLES.representative, fullName: names[key] })).id;
      quotas[reps[key]] = 100_000 * (i + 1);
      const saved = await manager.request('PUT', `/api/team/representatives/${reps[key]}/quota`, {
        quarterlyQuota: quotas[reps[key]],
      });
      expect(saved.status).toBe(200);
      const deal = (status: string, amount: number, closing: string) =>
        withStage({
          owner_id: reps[key],
          account_manager: names[key],
          client_company_name: `${names[key]} ${status}`,
          status,
          amount,
          closing_date: closing,
          record_date: new Date(`${quarter.start}T00:00:00Z`),
        });
      await server.database.db
        .insert(opportunities)
        .values([
          deal('Closed-Win', 10_000 * (i + 1), quarter.start),
          deal('Negotiation', 5_000 * (i + 1), quarter.end),
          deal('Proposal', 3_000, quarter.end),
          deal('Closed-Lost', 1_000, quarter.start),
        ]);
    }
    // A deal nobody owns: the Unassigned group before anyone leaves.
    await server.database.db.insert(opportunities).values(
      withStage({
        owner_id: null,
        account_manager: 'Nobody Known',
        status: 'Negotiation',
        amount: 700,
        closing_date: quarter.end,
        record_date: new Date(`${quarter.start}T00:00:00Z`),
      }),
    );
  });
  afterAll(() => server.close());

  /** Every page that shows a count, a total, a quota or a gap, against a recomputation from the rows. */
  async function expectPagesAgree() {
    const db = server.database.db;
    const people = await db.select().from(users);
    const active = people.filter((u) => u.role === ROLES.representative && !u.disabled);
    const activeIds = new Set(active.map((u) => u.id));
    const rows = await db.select().from(opportunities);
    const unassignedRows = rows.filter((r) => r.owner_id === null || !activeIds.has(r.owner_id));
    const amountOf = (list: typeof rows) => list.reduce((sum, r) => sum + Number(r.amount ?? 0), 0);

    // The team dashboard: count, totals and ranking.
    const team = (await manager.get('/api/team')).body;
    expect(team.representativesCount).toBe(active.length);
    expect(team.opportunitiesCount).toBe(rows.length);
    expect(team.totalAmount).toBe(amountOf(rows));
    const members = [
      ...active.map((u) => ({
        id: u.id as string | null,
        full_name: u.full_name,
        totalSales: amountOf(rows.filter((r) => r.owner_id === u.id)),
      })),
      ...(unassignedRows.length ? [{ id: null, full_name: 'Unassigned', totalSales: amountOf(unassignedRows) }] : []),
    ];
    const ranked = [...members].sort(bySalesRank).slice(0, TEAM_DASHBOARD_TOP);
    expect(team.representatives.map((m: { id: string | null }) => m.id)).toEqual(ranked.map((m) => m.id));

    // The representatives list: the same people, and Unassigned holds every other deal.
    const list = (await manager.get('/api/team/representatives?pageSize=200')).body;
    const listed = list.items as Array<{ id: string | null; totalDeals: number; totalSales: number }>;
    expect(
      listed
        .filter((m) => m.id !== null)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...activeIds].sort());
    expect(listed.filter((m) => m.id !== null)).toHaveLength(team.representativesCount);
    // The list's count is of people, as the dashboard's: the Unassigned row is not one.
    expect(list.representatives).toBe(team.representativesCount);
    expect(list.total).toBe(members.length);
    const unassignedListed = listed.find((m) => m.id === null);
    expect(unassignedListed?.totalDeals ?? 0).toBe(unassignedRows.length);
    expect(unassignedListed?.totalSales ?? 0).toBe(amountOf(unassignedRows));
    const filtered = (await manager.get('/api/opportunities?owner_id=unassigned&pageSize=200')).body;
    expect(filtered.total).toBe(unassignedRows.length);

    // The forecast: the same people, the team's quota is theirs, the gap follows from the rows.
    const forecast = (await manager.get('/api/insights/forecast?quarter=current')).body;
    const asForecast = (r: (typeof rows)[number]) => ({
      stage: r.stage as Stage,
      outcome: resolvePipeline(r.status).outcome,
      forecast_category: r.forecast_category ?? null,
      amount: r.amount === null ? null : Number(r.amount),
      closing_date: r.closing_date,
    });
    const teamQuota = active.reduce((sum, u) => sum + quotas[u.id]!, 0);
    expect(forecast.team).toEqual(
      forecastFigures(rows.map(asForecast), quarter, teamQuota, DEFAULT_STAGE_PROBABILITIES, new Date()),
    );
    const forecastRows = forecast.representatives as Array<{ id: string | null; figures: { quota: number; commit: number } }>;
    expect(
      forecastRows
        .filter((r) => r.id !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...activeIds].sort());
    const unassignedForecast = forecastRows.find((r) => r.id === null);
    const expectedUnassigned = forecastFigures(
      unassignedRows.map(asForecast),
      quarter,
      0,
      DEFAULT_STAGE_PROBABILITIES,
      new Date(),
    );
    expect(unassignedForecast?.figures).toEqual(expectedUnassigned);
    // The Unassigned row's commit lists its deals, adding up to it.
    const commitDeals = (
      await manager.get('/api/insights/forecast/deals?quarter=current&figure=commit&representative=unassigned')
    ).body;
    expect(commitDeals.sum).toBe(expectedUnassigned.commit);
    return { team, list: listed, forecast: forecastRows };
  }

  it('agree before anyone leaves', async () => {
    const { team } = await expectPagesAgree();
    expect(team.representativesCount).toBe(3);
  });

  it('after a deactivation: the person leaves every count, their deals wait under Unassigned, then a hand-over', async () => {
    expect((await manager.patch(`/api/team-admin/people/${reps.ben}`, { disabled: true })).status).toBe(200);
    const { team, list, forecast } = await expectPagesAgree();
    expect(team.representativesCount).toBe(2);
    expect(list.some((m) => m.id === reps.ben)).toBe(false);
    expect(forecast.some((m) => m.id === reps.ben)).toBe(false);
    expect(list.find((m) => m.id === null)?.totalDeals).toBe(5);
    // No page of their own on the team any more.
    expect((await manager.get(`/api/team/representatives/${reps.ben}`)).status).toBe(404);

    const moved = await manager.post(`/api/team-admin/people/${reps.ben}/reassign-deals`, { to_user_id: reps.ada });
    expect(moved.body).toEqual({ moved: 4 });
    const after = await expectPagesAgree();
    expect(after.list.find((m) => m.id === null)?.totalDeals).toBe(1);
  });

  it('after a role change: the same rule, and a hand-over brings the deals back under a representative', async () => {
    expect((await manager.patch(`/api/team-admin/people/${reps.cy}`, { role: ROLES.manager })).status).toBe(200);
    const { team, list } = await expectPagesAgree();
    expect(team.representativesCount).toBe(1);
    expect(list.find((m) => m.id === null)?.totalDeals).toBe(5);
    const people = (await manager.get('/api/team-admin/people')).body.items as Array<{ id: string; deals: number }>;
    expect(people.find((p) => p.id === reps.cy)?.deals).toBe(4);

    const moved = await manager.post(`/api/team-admin/people/${reps.cy}/reassign-deals`, { to_user_id: reps.ada });
    expect(moved.body).toEqual({ moved: 4 });
    const after = await expectPagesAgree();
    expect(after.list.find((m) => m.id === null)?.totalDeals).toBe(1);
  });

  it('a reactivated representative counts again, with their quota', async () => {
    expect((await manager.patch(`/api/team-admin/people/${reps.ben}`, { disabled: false })).status).toBe(200);
    const { team, forecast } = await expectPagesAgree();
    expect(team.representativesCount).toBe(2);
    expect(forecast.find((m) => m.id === reps.ben)?.figures.quota).toBe(200_000);
  });
});
