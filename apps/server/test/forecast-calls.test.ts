import { sql } from 'drizzle-orm';
import { callAccuracy, proposedCall } from '@nexa/domain/forecast-call';
import { quarterFor, weekStart, withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Forecast calls (issue 38): a representative submits commit and best case for the quarter with a
 * note, proposed from the deals' categories; the manager sees each call beside the system's figures,
 * adjusts it, and reads last quarter's accuracy (docs/metrics.md, "Forecast calls").
 */

const DAY = 86_400_000;
const now = new Date();
const quarter = quarterFor('current', now);
const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const lastQuarterDay = new Date(Date.parse(`${quarter.start}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
const previousStart = `${lastQuarterDay.slice(0, 4)}-${String(Math.floor((Number(lastQuarterDay.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;

describe('forecast calls', () => {
  let server: TestServer;
  let manager: HttpClient;
  let rep: HttpClient;
  let repId: string;
  let quietId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Call Manager' });
    manager = await server.signIn(m.email, m.password);
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Caller' });
    repId = r.id;
    rep = await server.signIn(r.email, r.password);
    quietId = (await server.createUser({ role: 'Sales Representative', fullName: 'Quinn Quiet' })).id;
    const deal = (values: Record<string, unknown>) =>
      withStage({ owner_id: repId, account_manager: 'x', ...values } as unknown as { status: string });
    await server.database.db.insert(opportunities).values([
      // This quarter: 10,000 won, 20,000 in commit (Negotiation), 30,000 in best case (Proposal).
      deal({ status: 'Closed-Win', amount: 10_000, closing_date: new Date(todayUtc).toISOString().slice(0, 10) }),
      deal({ status: 'Negotiation', amount: 20_000, closing_date: quarter.end }),
      deal({ status: 'Proposal', amount: 30_000, closing_date: quarter.end }),
      // Last quarter: 80,000 won.
      deal({ status: 'Closed-Win', amount: 80_000, closing_date: lastQuarterDay }),
    ] as never);
  });
  afterAll(() => server.close());

  it('proposes commit = won + commit deals, best case = that + best-case deals; nothing submitted yet', async () => {
    const res = await rep.get('/api/forecast-call');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      quarter,
      week: weekStart(now),
      system: { won: 10_000, commit: 20_000, bestCase: 30_000 },
      proposed: { commit: 30_000, bestCase: 60_000 },
      current: null,
      history: [],
    });
  });

  it('refuses a best case below the commit, and a negative figure', async () => {
    for (const body of [
      { commit: 50_000, bestCase: 40_000 },
      { commit: -1, bestCase: 10 },
    ]) {
      const res = await rep.request('PUT', '/api/forecast-call', body);
      expect(res.status).toBe(400);
    }
  });

  it('the manager sees the call beside the system figures, adjusts it, and the rep sees the adjustment', async () => {
    const put = await rep.request('PUT', '/api/forecast-call', {
      commit: 25_000,
      bestCase: 50_000,
      note: 'Acme slips to next quarter',
    });
    expect(put.status).toBe(200);
    expect(put.body.current).toMatchObject({
      commit: 25_000,
      bestCase: 50_000,
      note: 'Acme slips to next quarter',
      adjusted: null,
    });

    const team = await manager.get('/api/insights/forecast-calls');
    expect(team.status).toBe(200);
    const rita = team.body.representatives.find((r: { id: string }) => r.id === repId);
    expect(rita).toMatchObject({
      submitted: { commit: 25_000, bestCase: 50_000 },
      submittedThisWeek: true,
      system: proposedCall({ won: 10_000, commit: 20_000, bestCase: 30_000 }),
      accuracy: null,
    });
    expect(team.body.representatives.find((r: { id: string }) => r.id === quietId)).toMatchObject({
      submitted: null,
      submittedThisWeek: false,
      system: { commit: 0, bestCase: 0 },
    });
    expect(team.body.team).toEqual({
      submitted: { commit: 25_000, bestCase: 50_000 },
      system: { commit: 30_000, bestCase: 60_000 },
      adjusted: { commit: 25_000, bestCase: 50_000 },
    });

    const adjusted = await manager.request('PUT', `/api/insights/forecast-calls/${repId}`, { commit: 20_000, bestCase: 45_000 });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.team.adjusted).toEqual({ commit: 20_000, bestCase: 45_000 });
    expect(adjusted.body.team.submitted).toEqual({ commit: 25_000, bestCase: 50_000 });
    expect((await rep.get('/api/forecast-call')).body.current.adjusted).toEqual({ commit: 20_000, bestCase: 45_000 });

    // A representative without a call this quarter has nothing to adjust.
    expect((await manager.request('PUT', `/api/insights/forecast-calls/${quietId}`, { commit: 1, bestCase: 2 })).status).toBe(
      404,
    );
  });

  it('a new call the same week replaces the last one (and its adjustment); the weeks are kept', async () => {
    await server.database.db.execute(
      sql`INSERT INTO forecast_calls (user_id, quarter, week, commit_amount, best_case_amount, note)
        VALUES (${repId}, ${quarter.start}::date, ${quarter.start}::date - 7, 15000, 40000, 'an earlier week')`,
    );
    const again = await rep.request('PUT', '/api/forecast-call', { commit: 28_000, bestCase: 55_000 });
    expect(again.status).toBe(200);
    expect(again.body.current).toMatchObject({ commit: 28_000, bestCase: 55_000, note: '', adjusted: null });
    expect(again.body.history.map((c: { week: string }) => c.week)[0]).toBe(weekStart(now));
    expect(again.body.history).toHaveLength(2);
  });

  it("last quarter's accuracy: its last call's commit (as adjusted) against what was won", async () => {
    await server.database.db.execute(
      sql`INSERT INTO forecast_calls (user_id, quarter, week, commit_amount, best_case_amount, adjusted_commit, adjusted_best_case)
        VALUES (${repId}, ${previousStart}::date, ${previousStart}::date, 50000, 90000, NULL, NULL),
               (${repId}, ${previousStart}::date, ${previousStart}::date + 7, 90000, 120000, 100000, 120000)`,
    );
    const team = await manager.get('/api/insights/forecast-calls');
    const rita = team.body.representatives.find((r: { id: string }) => r.id === repId);
    // The later week's call, as adjusted (100,000), against 80,000 won: 80.
    expect(rita.accuracy).toBe(callAccuracy(100_000, 80_000));
    expect(rita.accuracy).toBe(80);
  });
});

describe('callAccuracy', () => {
  it('is 100 when exact, falls with the relative miss, never below 0', () => {
    expect(callAccuracy(100, 100)).toBe(100);
    expect(callAccuracy(100, 120)).toBe(80);
    expect(callAccuracy(100, 300)).toBe(0);
    expect(callAccuracy(0, 0)).toBe(100);
    expect(callAccuracy(0, 5)).toBe(0);
  });
});
