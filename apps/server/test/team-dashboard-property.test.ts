import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byLeaderRank, bySalesRank, groupFigures, resolvePipeline, TEAM_DASHBOARD_TOP, withStage } from '@nexa/domain';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The manager's dashboard reads only its candidates (the top by sales from member_totals' index,
 * the best averages, the first names when few have sales), never the whole team. For random teams
 * larger than its top — ties on the tenth total, representatives without sales, deals of a manager,
 * of a deactivated representative and of nobody (the Unassigned group, docs/metrics.md "Who counts")
 * — its table and leaders equal a ranking of every member.
 */
type Row = typeof opportunities.$inferInsert;
const REPRESENTATIVES = 14;
/** The index of the representative deactivated before the runs (one of the owners). */
const DEACTIVATED = 2;
// Few distinct values, so totals and averages tie often (zero and no amount included).
const amount = fc.constantFrom(0, 1_000, 1_000, 1_000, 2_000, null);
const score = fc.constantFrom(null, 4, 6, 8);

describe('the team dashboard selects from summaries what a ranking of everyone would show (property)', () => {
  let server: TestServer;
  let manager: HttpClient;
  let managerId: string;
  const reps: Array<{ id: string; name: string }> = [];

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    // Names out of id order, two that differ only by case, and one sorting before 'Unassigned'.
    const names = Array.from({ length: REPRESENTATIVES }, (_, i) => `Rep ${String.fromCharCode(90 - i)}`);
    names[3] = 'rep w';
    names[4] = 'Rep W';
    names[5] = 'Una';
    for (const name of names) {
      const user = await server.createUser({ role: 'Sales Representative', fullName: name });
      reps.push({ id: user.id, name });
    }
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' });
    managerId = m.id;
    manager = await server.signIn(m.email, m.password);
    // One representative with deals leaves: no longer counted or ranked, their deals Unassigned.
    expect((await manager.patch(`/api/team-admin/people/${reps[DEACTIVATED]!.id}`, { disabled: true })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('table, pipeline, leaders and totals', async () => {
    const owners = fc.constantFrom<string | null>(...reps.slice(0, 12).map((r) => r.id), null, managerId);
    const row = fc
      .record({
        owner: owners,
        amount,
        stage: fc.constantFrom('On-going', 'Closed-Win', 'Closed-Lost'),
        technical: score,
        commercial: score,
      })
      .map((r): Row =>
        withStage({
          owner_id: r.owner,
          account_manager: 'Property',
          status: r.stage,
          amount: r.amount,
          technical_scoring: r.technical,
          commercial_scoring: r.commercial,
          record_date: new Date(Date.UTC(2026, 0, 1)),
        }),
      );
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 10, maxLength: 36 }), async (rows) => {
        const db = server.database.db;
        await db.execute(sql`TRUNCATE opportunities CASCADE`);
        if (rows.length) await db.insert(opportunities).values(rows);

        const left = reps[DEACTIVATED]!.id;
        const groups = [
          ...reps
            .filter((r) => r.id !== left)
            .map((r) => ({ id: r.id as string | null, name: r.name, rows: rows.filter((x) => x.owner_id === r.id) })),
          {
            id: null,
            name: 'Unassigned',
            rows: rows.filter((x) => x.owner_id === null || x.owner_id === managerId || x.owner_id === left),
          },
        ].filter((g) => g.id !== null || g.rows.length > 0);
        const members = groups.map((g) => {
          const f = groupFigures(
            g.rows.map((r) => ({
              outcome: resolvePipeline(r.status).outcome,
              amount: r.amount ?? null,
              lead_status: null,
              technical_scoring: r.technical_scoring ?? null,
              commercial_scoring: r.commercial_scoring ?? null,
              record_date: r.record_date as Date,
              closing_date: null,
            })),
            new Date(),
          );
          return { id: g.id, full_name: g.name, totalSales: f.totalSales, totalDeals: f.totalDeals };
        });
        const average = (g: (typeof groups)[number], key: 'technical_scoring' | 'commercial_scoring') => {
          const scores = g.rows.map((r) => r[key]).filter((s): s is number => s !== null && s !== undefined);
          return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
        };
        const leaderOf = (key: 'technical_scoring' | 'commercial_scoring') => {
          const best = groups
            .filter((g) => g.id !== null && average(g, key) !== null)
            .map((g) => ({ id: g.id!, average: average(g, key)!, totalSales: members.find((m) => m.id === g.id)!.totalSales }))
            .sort(byLeaderRank)[0];
          return best?.id ?? null;
        };

        const team = (await manager.get('/api/team')).body;
        expect(team.representativesCount).toBe(REPRESENTATIVES - 1);
        expect(team.opportunitiesCount).toBe(rows.length);
        expect(team.totalAmount).toBe(rows.reduce((s, r) => s + (r.amount ?? 0), 0));
        const top = [...members].sort(bySalesRank).slice(0, TEAM_DASHBOARD_TOP);
        expect(team.representatives.map((m: { id: string | null }) => m.id)).toEqual(top.map((m) => m.id));
        expect(team.pipeline.map((m: { id: string | null }) => m.id)).toEqual(
          top.filter((m) => m.totalDeals > 0).map((m) => m.id),
        );
        expect(team.technicalLeader?.id ?? null).toBe(leaderOf('technical_scoring'));
        expect(team.commercialLeader?.id ?? null).toBe(leaderOf('commercial_scoring'));
      }),
      { numRuns: 25, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647) },
    );
  });
});
