import { countsTowardQuota, forecastGroup, gapToQuota, quarterFor, quotaAttainment, withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The representative's own number (issue 38): quota, won this quarter, commit, attainment and gap on
 * their dashboard (GET /api/quota) equal the manager's page about them
 * (GET /api/team/representatives/:id) and their row of the manager's forecast, and all three equal
 * a recomputation from the rows with the documented rules (docs/metrics.md).
 */

const DAY = 86_400_000;
const now = new Date();
const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const day = (offset: number) => new Date(todayUtc + offset * DAY).toISOString().slice(0, 10);

const STATUSES = ['Closed-Win', 'Closed-Lost', 'New', 'Qualified', 'Proposal', 'Negotiation'] as const;
const CATEGORIES = [null, 'commit', 'best_case', 'pipeline'] as const;

/** A small seeded generator: the same rows on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe("the representative's number agrees across pages", () => {
  let server: TestServer;
  let manager: HttpClient;

  beforeAll(async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Quota Manager' });
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(() => server.close());

  it('an empty representative: the default quota, nothing won, the whole quota to go', async () => {
    const rep = await server.createUser({ role: 'Sales Representative', fullName: 'Nora None' });
    const client = await server.signIn(rep.email, rep.password);
    const own = await client.get('/api/quota');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      quarterlyQuota: 250_000,
      quotaIsDefault: true,
      wonThisQuarter: 0,
      commitThisQuarter: 0,
      quotaAttainment: 0,
      gapToQuota: 250_000,
    });
    // A manager has no quota of their own: the route is the representative's.
    expect((await manager.get('/api/quota')).status).toBe(403);
  });

  it('random deals: dashboard, manager page and forecast show one attainment and one gap, equal to the rows', async () => {
    const next = random(38);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const reps = await Promise.all(
      ['Ada Quota', 'Ben Quota', 'Cy Quota'].map((fullName) => server.createUser({ role: 'Sales Representative', fullName })),
    );
    const quotas = [null, 120_000, 400_000];
    for (const [i, rep] of reps.entries()) {
      if (quotas[i] !== null) {
        const set = await manager.request('PUT', `/api/team/representatives/${rep.id}/quota`, { quarterlyQuota: quotas[i] });
        expect(set.status).toBe(200);
      }
    }
    const rows = Array.from({ length: 60 }, () => {
      const offset = Math.round(next() * 240) - 150; // last quarter to next one, today included
      return withStage({
        owner_id: pick(reps).id,
        account_manager: 'x',
        client_company_name: `Co ${Math.floor(next() * 1000)}`,
        status: pick(STATUSES),
        forecast_category: pick(CATEGORIES),
        amount: next() < 0.1 ? null : Math.round(next() * 90) * 1000,
        closing_date: next() < 0.1 ? null : day(offset),
        record_date: new Date(todayUtc - 200 * DAY),
        technical_scoring: null,
        commercial_scoring: null,
      });
    });
    await server.database.db.insert(opportunities).values(rows);

    const quarter = quarterFor('current', now);
    const forecast = await manager.get('/api/insights/forecast');
    expect(forecast.status).toBe(200);
    const seen = { won: 0, commit: 0 };
    for (const [i, rep] of reps.entries()) {
      const mine = rows.filter((r) => r.owner_id === rep.id);
      const won = mine
        .filter((r) => r.stage === 'Closed-Win' && countsTowardQuota(r.closing_date ?? null, now))
        .reduce((sum, r) => sum + (r.amount ?? 0), 0);
      const commit = mine
        .filter(
          (r) =>
            r.closing_date &&
            r.closing_date >= quarter.start &&
            r.closing_date <= quarter.end &&
            forecastGroup(r.stage, r.stage === 'Closed-Lost' ? 'lost' : 'open', r.forecast_category ?? null) === 'commit',
        )
        .reduce((sum, r) => sum + (r.amount ?? 0), 0);
      const quota = quotas[i] ?? 250_000;
      seen.won += won;
      seen.commit += commit;
      const expected = {
        quarterlyQuota: quota,
        quotaIsDefault: quotas[i] === null,
        wonThisQuarter: won,
        commitThisQuarter: commit,
        quotaAttainment: quotaAttainment(won, quota),
        gapToQuota: gapToQuota(quota, won, commit),
      };

      const client = await server.signIn(rep.email, rep.password);
      const own = await client.get('/api/quota');
      expect(own.status).toBe(200);
      expect(own.body).toEqual(expected);

      const page = await manager.get(`/api/team/representatives/${rep.id}`);
      expect(page.status).toBe(200);
      expect(page.body.metrics).toMatchObject(expected);

      const row = forecast.body.representatives.find((r: { id: string | null }) => r.id === rep.id);
      expect(row.figures).toMatchObject({ quota, won, commit, gap: expected.gapToQuota });
    }
    // The seed gives the comparison something to compare.
    expect(seen.won).toBeGreaterThan(0);
    expect(seen.commit).toBeGreaterThan(0);
  });
});

describe("the team's gap, read both ways", () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('one representative over quota, one short: the team gap is $0, the sum of shortfalls $225,000', async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Gap Manager' });
    const manager = await server.signIn(m.email, m.password);
    const over = await server.createUser({ role: 'Sales Representative', fullName: 'Olga Over' });
    const short = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Short' });
    expect((await manager.request('PUT', `/api/team/representatives/${over.id}/quota`, { quarterlyQuota: 100_000 })).status).toBe(
      200,
    );
    const won = (owner: string, amount: number) =>
      withStage({ owner_id: owner, account_manager: 'x', status: 'Closed-Win', amount, closing_date: day(0) });
    await server.database.db.insert(opportunities).values([won(over.id, 400_000), won(short.id, 25_000)]);

    const forecast = await manager.get('/api/insights/forecast');
    expect(forecast.status).toBe(200);
    // Team: quota 100,000 + 250,000, won 425,000: nothing missing overall…
    expect(forecast.body.team).toMatchObject({ quota: 350_000, won: 425_000, gap: 0 });
    // …while Sam is 250,000 − 25,000 short.
    expect(forecast.body.shortfall).toBe(225_000);
    const sam = await server.signIn(short.email, short.password);
    expect((await sam.get('/api/quota')).body).toMatchObject({ quotaAttainment: 10, gapToQuota: 225_000 });
  });
});
