import { sql } from 'drizzle-orm';
import { quarterFor, weekStart } from '@nexa/domain';
import { DEFAULT_CALL_DUE_DAY, callDueAt } from '@nexa/domain/forecast-call';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * The forecast call's reminder (issue 38): the team's due day is a manager's setting (validated,
 * managers only), and a representative who has not made this week's call by that day, in their own
 * time zone, is reminded (GET /api/forecast-call/reminder, their own only); the manager's table says
 * who is overdue. The due rule's edges are unit-tested in packages/domain/src/forecast-call.test.ts;
 * here the server reads the setting, the person's zone and this week's call.
 *
 * The server's clock is the real one, so each case picks a due day and zones whose answer is known
 * now: a Monday due day in Kiritimati (UTC+14) began before the UTC week did, so it is always due;
 * and a due day that has begun in Kiritimati but not yet at UTC−12 (26 hours apart) exists at any
 * moment but the last twelve hours of a UTC week, when the cases that need one are skipped.
 */

const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Etc/GMT+12';
const ALWAYS_DUE = { dueDay: 1, zone: AHEAD };

/**
 * A due day that has begun in Kiritimati and will not begin at UTC−12 for a minute at least (the time
 * a case takes), or null (the last twelve hours of a UTC week).
 */
function dayDueAheadNotBehind(now = Date.now()): number | null {
  const week = weekStart(new Date(now));
  for (let day = 1; day <= 7; day++) {
    if (callDueAt(week, day, AHEAD) <= now && now + 60_000 < callDueAt(week, day, BEHIND)) return day;
  }
  return null;
}

describe('forecast call reminder', () => {
  let server: TestServer;
  let manager: HttpClient;
  let rep: HttpClient;
  let other: HttpClient;
  let repId: string;
  let otherId: string;

  const setDueDay = (forecastCallDueDay: number) =>
    manager
      .get('/api/insights/settings')
      .then(({ body }) => manager.request('PUT', '/api/insights/settings', { ...body, forecastCallDueDay }));
  const setZone = (client: HttpClient, time_zone: string | null) => client.patch('/api/me', { time_zone });

  beforeAll(async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Due Manager' });
    manager = await server.signIn(m.email, m.password);
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rae Reminded' });
    repId = r.id;
    rep = await server.signIn(r.email, r.password);
    const o = await server.createUser({ role: 'Sales Representative', fullName: 'Otto Other' });
    otherId = o.id;
    other = await server.signIn(o.email, o.password);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.execute(sql`DELETE FROM forecast_calls`);
    await server.database.db.execute(sql`DELETE FROM insight_settings`);
    await Promise.all([setZone(rep, null), setZone(other, null)]);
  });

  it('the due day: Thursday until a manager sets one; 1–7 only (400 with the field); managers only (403)', async () => {
    expect((await manager.get('/api/insights/settings')).body.forecastCallDueDay).toBe(DEFAULT_CALL_DUE_DAY);
    const { body: settings } = await manager.get('/api/insights/settings');
    for (const forecastCallDueDay of [0, 8, 2.5, '4', null]) {
      const bad = await manager.request('PUT', '/api/insights/settings', { ...settings, forecastCallDueDay });
      expect(bad.status, String(forecastCallDueDay)).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'bad_request', field: 'forecastCallDueDay' });
    }
    expect((await rep.request('PUT', '/api/insights/settings', { ...settings, forecastCallDueDay: 2 })).status).toBe(403);
    expect((await rep.get('/api/insights/settings')).status).toBe(403);

    const saved = await manager.request('PUT', '/api/insights/settings', { ...settings, forecastCallDueDay: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.forecastCallDueDay).toBe(2);
    // A client that does not know the setting saves the others and leaves it as it is.
    const { forecastCallDueDay: _, ...older } = settings;
    const kept = await manager.request('PUT', '/api/insights/settings', {
      ...older,
      riskThresholds: { noActivityDays: 9, stuckInStageDays: 30 },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ forecastCallDueDay: 2, riskThresholds: { noActivityDays: 9 } });
    expect((await rep.get('/api/forecast-call/reminder')).body.dueDay).toBe(2);
  });

  it('the reminder is a representative’s own: 401 without a session, 403 for a manager', async () => {
    expect((await server.anonymous.get('/api/forecast-call/reminder')).status).toBe(401);
    expect((await manager.get('/api/forecast-call/reminder')).status).toBe(403);
  });

  it('shown once the due day has begun in the representative’s zone, while this week’s call is not made', async () => {
    await setDueDay(ALWAYS_DUE.dueDay);
    await setZone(rep, ALWAYS_DUE.zone);
    const week = weekStart(new Date());
    const res = await rep.get('/api/forecast-call/reminder');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      week,
      dueDay: 1,
      dueAt: new Date(callDueAt(week, 1, ALWAYS_DUE.zone)).toISOString(),
      timeZone: ALWAYS_DUE.zone,
      submitted: false,
      remind: true,
    });
    // Monday in Kiritimati begins on Sunday at 10:00 UTC.
    expect(res.body.dueAt).toBe(new Date(Date.parse(`${week}T00:00:00Z`) - 14 * 3_600_000).toISOString());
  });

  it('not shown before the due day has begun in the representative’s zone', async (context) => {
    const dueDay = dayDueAheadNotBehind();
    if (dueDay === null) return context.skip('no due day begun at UTC+14 and not at UTC−12 at this hour');
    await setDueDay(dueDay);
    await Promise.all([setZone(rep, BEHIND), setZone(other, AHEAD)]);
    const week = weekStart(new Date());
    const behind = await rep.get('/api/forecast-call/reminder');
    expect(behind.body).toMatchObject({ dueDay, timeZone: BEHIND, submitted: false, remind: false });
    expect(behind.body.dueAt).toBe(new Date(callDueAt(week, dueDay, BEHIND)).toISOString());
    // The same day, the same moment, a zone where it has begun.
    expect((await other.get('/api/forecast-call/reminder')).body).toMatchObject({ timeZone: AHEAD, remind: true });
  });

  it('without a zone of their own, the browser’s (the app’s cookie); an unknown one is UTC', async () => {
    await setDueDay(ALWAYS_DUE.dueDay);
    const withBrowserZone = (zone: string) => new HttpClient(server.url, `${rep.cookie}; nexa-tz=${encodeURIComponent(zone)}`);
    expect((await withBrowserZone(AHEAD).get('/api/forecast-call/reminder')).body).toMatchObject({
      timeZone: AHEAD,
      remind: true,
    });
    expect((await withBrowserZone('Mars/Olympus').get('/api/forecast-call/reminder')).body.timeZone).toBe('UTC');
    expect((await rep.get('/api/forecast-call/reminder')).body.timeZone).toBe('UTC');
    // The zone chosen in their settings wins over the browser's.
    await setZone(rep, 'Europe/Paris');
    expect((await withBrowserZone(AHEAD).get('/api/forecast-call/reminder')).body.timeZone).toBe('Europe/Paris');
  });

  it('submitting this week’s call ends it for that representative only; last week’s call does not count', async () => {
    await setDueDay(ALWAYS_DUE.dueDay);
    await Promise.all([setZone(rep, AHEAD), setZone(other, AHEAD)]);
    const now = new Date();
    const quarter = quarterFor('current', now);
    await server.database.db.execute(
      sql`INSERT INTO forecast_calls (user_id, quarter, week, commit_amount, best_case_amount)
        VALUES (${repId}, ${quarter.start}::date, ${weekStart(now)}::date - 7, 1000, 2000)`,
    );
    expect((await rep.get('/api/forecast-call/reminder')).body).toMatchObject({ submitted: false, remind: true });

    const before = await manager.get('/api/insights/forecast-calls');
    expect(before.body.dueDay).toBe(1);
    const row = (id: string, body = before.body) => body.representatives.find((r: { id: string }) => r.id === id);
    expect(row(repId)).toMatchObject({ submittedThisWeek: false, overdue: true });
    expect(row(otherId)).toMatchObject({ submitted: null, submittedThisWeek: false, overdue: true });

    expect((await rep.request('PUT', '/api/forecast-call', { commit: 5_000, bestCase: 9_000 })).status).toBe(200);
    expect((await rep.get('/api/forecast-call/reminder')).body).toMatchObject({ submitted: true, remind: false });
    expect((await other.get('/api/forecast-call/reminder')).body).toMatchObject({ submitted: false, remind: true });

    const after = await manager.get('/api/insights/forecast-calls');
    expect(row(repId, after.body)).toMatchObject({ submittedThisWeek: true, overdue: false });
    expect(row(otherId, after.body)).toMatchObject({ submittedThisWeek: false, overdue: true });
  });

  it('the manager’s table reads each representative’s own zone', async (context) => {
    const dueDay = dayDueAheadNotBehind();
    if (dueDay === null) return context.skip('no due day begun at UTC+14 and not at UTC−12 at this hour');
    await setDueDay(dueDay);
    await Promise.all([setZone(rep, BEHIND), setZone(other, AHEAD)]);
    const res = await manager.get('/api/insights/forecast-calls');
    const row = (id: string) => res.body.representatives.find((r: { id: string }) => r.id === id);
    expect(res.body.dueDay).toBe(dueDay);
    expect(row(repId)).toMatchObject({ submittedThisWeek: false, overdue: false });
    expect(row(otherId)).toMatchObject({ submittedThisWeek: false, overdue: true });
  });
});
