import { sql } from 'drizzle-orm';
import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskListSchema, taskSchema, teamOverdueSchema } from '@nexa/domain/schemas/tasks';
import { callAnalyses, opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Tasks (issue 37): a person's own list (overdue, today, upcoming, done in their zone), a call's next
 * steps offered to the deal's owner and never made tasks without them, completion logged on the deal,
 * snooze, undo, and the manager's team overdue view. Runs on PGlite and PostgreSQL (scripts/test.mjs).
 */

const HOUR = 3_600_000;

describe('tasks', () => {
  let server: TestServer;
  let manager: HttpClient;
  let rep: HttpClient;
  let other: HttpClient;
  let repId: string;
  let otherId: string;
  let dealId: number;
  let otherDealId: number;
  let analysisId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Tess Manager' });
    manager = await server.signIn(m.email, m.password);
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Tasker' });
    repId = r.id;
    rep = await server.signIn(r.email, r.password);
    const o = await server.createUser({ role: 'Sales Representative', fullName: 'Otto Other' });
    otherId = o.id;
    other = await server.signIn(o.email, o.password);
    // The rep works in Paris; "today" is read there.
    await server.database.db.execute(sql`UPDATE users SET time_zone = 'Europe/Paris' WHERE id = ${repId}`);
    const deal = (owner: string, company: string) =>
      withStage({ owner_id: owner, account_manager: 'x', status: 'Proposal', client_company_name: company } as unknown as {
        status: string;
      });
    const ids = await server.database.db
      .insert(opportunities)
      .values([deal(repId, 'Acme Robotics'), deal(otherId, 'Other Corp')] as never)
      .returning({ id: opportunities.id });
    dealId = ids[0]!.id;
    otherDealId = ids[1]!.id;
    const [analysis] = await server.database.db
      .insert(callAnalyses)
      .values({
        opportunity_id: dealId,
        created_by: repId,
        provider: 'offline',
        language: 'en',
        transcript_lines: [
          'Rep: Thanks for your time.',
          'Prospect: Send me the security questionnaire by Friday.',
          'Rep: Will do.',
        ],
        result: {
          nextSteps: [
            { text: 'Send the security questionnaire', lines: [2], due: '2099-01-02T15:00:00Z' },
            { text: 'Book a demo with the IT team', lines: [3] },
          ],
        },
      })
      .returning({ id: callAnalyses.id });
    analysisId = analysis!.id;
  });
  afterAll(() => server.close());

  it('offers a call’s next steps to the deal’s owner only, and creates no task by itself', async () => {
    const res = await rep.get('/api/tasks/suggestions');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      call_analysis_id: analysisId,
      step: 0,
      title: 'Send the security questionnaire',
      due: '2099-01-02T15:00:00Z',
      suggested_due_at: '2099-01-02T15:00:00.000Z',
      source_line: 2,
      source_quote: 'Prospect: Send me the security questionnaire by Friday.',
      opportunity_id: dealId,
      opportunity_name: 'Acme Robotics',
    });
    // No due time said: the next working day at 09:00 in Paris (08:00 or 07:00 UTC).
    expect(new Date(res.body.items[1].suggested_due_at).getUTCMinutes()).toBe(0);
    expect((await other.get('/api/tasks/suggestions')).body.items).toEqual([]);
    const counts = await rep.get('/api/tasks?view=upcoming');
    expect(counts.body).toMatchObject({ total: 0, counts: { today: 0, overdue: 0, upcoming: 0 }, timeZone: 'Europe/Paris' });
    // Another rep cannot accept it (not their deal): 404, and it stays offered.
    const stolen = await other.post('/api/tasks/suggestions/accept', { call_analysis_id: analysisId, step: 0 });
    expect(stolen.status).toBe(404);
  });

  let acceptedId: number;
  it('accepts a step with an edited title; a step is decided once', async () => {
    const res = await rep.post('/api/tasks/suggestions/accept', {
      call_analysis_id: analysisId,
      step: 0,
      title: 'Send the security questionnaire to Dana',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Send the security questionnaire to Dana',
      due_at: '2099-01-02T15:00:00.000Z',
      owner_id: repId,
      opportunity_id: dealId,
      opportunity_name: 'Acme Robotics',
      source: 'call',
      call_analysis_id: analysisId,
      source_line: 2,
      status: 'open',
    });
    acceptedId = res.body.id;
    expect((await rep.post('/api/tasks/suggestions/accept', { call_analysis_id: analysisId, step: 0 })).status).toBe(409);
    expect((await rep.post('/api/tasks/suggestions/dismiss', { call_analysis_id: analysisId, step: 1 })).status).toBe(204);
    expect((await rep.post('/api/tasks/suggestions/dismiss', { call_analysis_id: analysisId, step: 1 })).status).toBe(409);
    expect((await rep.get('/api/tasks/suggestions')).body.items).toEqual([]);
    // A step that does not exist.
    expect((await rep.post('/api/tasks/suggestions/accept', { call_analysis_id: analysisId, step: 7 })).status).toBe(404);
    const upcoming = await rep.get('/api/tasks?view=upcoming');
    expect(upcoming.body.items.map((t: { id: number }) => t.id)).toEqual([acceptedId]);
    expect(upcoming.body.counts.upcoming).toBe(1);
  });

  it('sorts open tasks into overdue, today and upcoming at now, in the owner’s zone', async () => {
    const now = Date.now();
    const make = async (title: string, due: number) => {
      const res = await rep.post('/api/tasks', { title, due_at: new Date(due).toISOString(), opportunity_id: dealId });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const late = await make('Call back Dana', now - 2 * HOUR);
    const soon = await make('Prepare the pricing', now + 60_000);
    const next = await make('Quarterly review', now + 72 * HOUR);
    const ids = async (view: string) =>
      ((await rep.get(`/api/tasks?view=${view}`)).body.items as Array<{ id: number }>).map((t) => t.id);
    expect(await ids('overdue')).toEqual([late]);
    // 'soon' is today unless the minute crosses Paris midnight, when it is upcoming.
    const today = await ids('today');
    expect(today.length ? today : (await ids('upcoming')).slice(0, 1)).toEqual([soon]);
    expect(await ids('upcoming')).toContain(next);
    // Paging.
    const paged = await rep.get('/api/tasks?view=upcoming&pageSize=1&page=2');
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    // Nobody else sees them; a manager's own list is their own.
    expect((await other.get('/api/tasks?view=overdue')).body.items).toEqual([]);
    expect((await manager.get('/api/tasks?view=overdue')).body.items).toEqual([]);
  });

  it('refuses a deal the owner cannot read, bad input, and another person’s task', async () => {
    expect(
      (await rep.post('/api/tasks', { title: 'Spy', due_at: new Date().toISOString(), opportunity_id: otherDealId })).status,
    ).toBe(404);
    for (const body of [
      { title: '', due_at: new Date().toISOString() },
      { title: 'x'.repeat(501), due_at: new Date().toISOString() },
      { title: 'No zone', due_at: '2026-11-27T09:00' },
      { title: 'Missing due' },
    ]) {
      const res = await rep.post('/api/tasks', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await other.patch(`/api/tasks/${acceptedId}`, { status: 'done' })).status).toBe(404);
    expect((await other.delete(`/api/tasks/${acceptedId}`)).status).toBe(404);
    expect((await rep.patch(`/api/tasks/${acceptedId}`, {})).status).toBe(400);
    expect((await rep.patch(`/api/tasks/${acceptedId}`, { snooze: 'hour', due_at: new Date().toISOString() })).status).toBe(400);
    expect((await rep.patch('/api/tasks/999999999', { status: 'done' })).status).toBe(404);
  });

  it('completes a task, logs it on the deal’s history, and reopens it', async () => {
    const done = await rep.patch(`/api/tasks/${acceptedId}`, { status: 'done' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done' });
    expect(done.body.completed_at).toEqual(expect.any(String));
    const history = await rep.get(`/api/opportunities/${dealId}/history`);
    expect(history.body.items[0]).toMatchObject({
      field: 'task_completed',
      source: 'person',
      actor_id: repId,
      after: { title: 'Send the security questionnaire to Dana', task_id: acceptedId },
    });
    expect((await rep.get('/api/tasks?view=done')).body.items.map((t: { id: number }) => t.id)).toEqual([acceptedId]);
    // Completing it again changes nothing more in the history.
    await rep.patch(`/api/tasks/${acceptedId}`, { status: 'done' });
    const again = await rep.get(`/api/opportunities/${dealId}/history`);
    expect(again.body.items.filter((c: { field: string }) => c.field === 'task_completed')).toHaveLength(1);
    const reopened = await rep.patch(`/api/tasks/${acceptedId}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', completed_at: null });
    expect((await rep.get(`/api/opportunities/${dealId}/history`)).body.items[0].field).toBe('task_reopened');
  });

  it('snoozes to tomorrow 09:00 in the owner’s zone, renames and moves', async () => {
    const res = await rep.patch(`/api/tasks/${acceptedId}`, { snooze: 'tomorrow' });
    expect(res.status).toBe(200);
    const due = new Date(res.body.due_at);
    expect(res.body.snoozed_until).toBe(res.body.due_at);
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(due);
    expect(paris).toBe('09:00');
    expect(due.getTime() - Date.now()).toBeLessThan(34 * HOUR);
    const moved = await rep.patch(`/api/tasks/${acceptedId}`, { title: 'Renamed', due_at: '2099-05-01T10:00:00+02:00' });
    expect(moved.body).toMatchObject({ title: 'Renamed', due_at: '2099-05-01T08:00:00.000Z' });
  });

  it('deletes softly and restores (undo)', async () => {
    expect((await rep.delete(`/api/tasks/${acceptedId}`)).status).toBe(204);
    expect((await rep.get('/api/tasks?view=upcoming')).body.items.map((t: { id: number }) => t.id)).not.toContain(acceptedId);
    expect((await rep.patch(`/api/tasks/${acceptedId}`, { status: 'done' })).status).toBe(404);
    expect((await other.post(`/api/tasks/${acceptedId}/restore`)).status).toBe(404);
    const back = await rep.post(`/api/tasks/${acceptedId}/restore`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: acceptedId, title: 'Renamed' });
    expect((await rep.post(`/api/tasks/${acceptedId}/restore`)).status).toBe(404);
  });

  it('hides the deal from a task whose deal changed hands', async () => {
    const res = await rep.post('/api/tasks', { title: 'Handover', due_at: '2099-01-01T00:00:00Z', opportunity_id: dealId });
    await server.database.db.execute(sql`UPDATE opportunities SET owner_id = ${otherId} WHERE id = ${dealId}`);
    const list = await rep.get('/api/tasks?view=upcoming');
    const task = list.body.items.find((t: { id: number }) => t.id === res.body.id);
    expect(task).toMatchObject({ opportunity_id: dealId, opportunity_name: null });
    // Completing it writes nothing on a deal its owner can no longer read.
    await rep.patch(`/api/tasks/${res.body.id}`, { status: 'done' });
    const history = await manager.get(`/api/opportunities/${dealId}/history`);
    expect(history.body.items.filter((c: { after: { title?: string } }) => c.after?.title === 'Handover')).toEqual([]);
    await server.database.db.execute(sql`UPDATE opportunities SET owner_id = ${repId} WHERE id = ${dealId}`);
  });

  it("shows the manager the team's overdue tasks, and only the manager", async () => {
    const res = await manager.get('/api/team/tasks/overdue');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, capped: false });
    expect(res.body.items[0]).toMatchObject({ title: 'Call back Dana', owner_id: repId, owner_name: 'Rita Tasker' });
    expect((await rep.get('/api/team/tasks/overdue')).status).toBe(403);
    expect((await server.anonymous.get('/api/tasks')).status).toBe(401);
  });

  it('answers the schema’s fields in its order, as JSON (the lists are written by the database: decision 051)', async () => {
    for (const view of ['overdue', 'today', 'upcoming', 'done']) {
      const res = await rep.get(`/api/tasks?view=${view}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(taskListSchema.parse(res.body)).toEqual(res.body);
      expect(Object.keys(res.body)).toEqual(Object.keys(taskListSchema.shape));
      for (const item of res.body.items) expect(Object.keys(item)).toEqual(Object.keys(taskSchema.shape));
    }
    const team = await manager.get('/api/team/tasks/overdue');
    expect(team.body.items.length).toBeGreaterThan(0);
    expect(teamOverdueSchema.parse(team.body)).toEqual(team.body);
    expect(Object.keys(team.body)).toEqual(Object.keys(teamOverdueSchema.shape));
    expect(Object.keys(team.body.items[0])).toEqual(Object.keys(teamOverdueSchema.shape.items.element.shape));
    // A task on a deal: the deal's name and every time as the API writes instants (UTC, milliseconds, Z).
    const [task] = (await rep.get('/api/tasks?view=overdue')).body.items;
    expect(task).toMatchObject({ opportunity_id: dealId, opportunity_name: 'Acme Robotics', status: 'open', completed_at: null });
    for (const time of [task.due_at, task.created_at, task.updated_at]) expect(time).toBe(new Date(time).toISOString());
  });

  it('counts each tab up to 99 ("99+") and a list up to 1,000 rows past its page (docs/performance.md, "Tasks")', async () => {
    const busy = await server.createUser({ role: 'Sales Representative', fullName: 'Bo Busy' });
    const client = await server.signIn(busy.email, busy.password);
    // 1,150 overdue, 120 upcoming (three days ahead: never today), 2 done.
    await server.database.db.execute(sql`
      INSERT INTO tasks (title, due_at, owner_id, source, status, completed_at)
      SELECT 'Late ' || g, now() - interval '1 hour' - g * interval '1 minute', ${busy.id}, 'person', 'open', NULL::timestamptz FROM generate_series(1, 1150) g
      UNION ALL
      SELECT 'Later ' || g, now() + interval '3 days' + g * interval '1 minute', ${busy.id}, 'person', 'open', NULL FROM generate_series(1, 120) g
      UNION ALL
      SELECT 'Done ' || g, now() - g * interval '1 day', ${busy.id}, 'person', 'done', now() FROM generate_series(1, 2) g`);
    const first = await client.get('/api/tasks?view=overdue');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 1000, capped: true, counts: { overdue: 100, today: 0, upcoming: 100 } });
    expect(first.body.items).toHaveLength(50);
    // The longest overdue first.
    expect(first.body.items[0].title).toBe('Late 1150');
    // Past the first thousand the bound moves with the page: the last pages stay reachable, counted exactly.
    const deep = await client.get('/api/tasks?view=overdue&page=23');
    expect(deep.body).toMatchObject({ total: 1150, capped: false });
    expect(deep.body.items.map((t: { title: string }) => t.title)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Late ${50 - i}`),
    );
    expect((await client.get('/api/tasks?view=upcoming')).body).toMatchObject({ total: 120, capped: false });
    expect((await client.get('/api/tasks?view=done')).body).toMatchObject({ total: 2, capped: false });
    // Nobody else's lists or counts move.
    expect((await rep.get('/api/tasks?view=overdue')).body).toMatchObject({ total: 1, capped: false, counts: { overdue: 1 } });
    // The manager's view is bounded the same way: 1,000 past the page's offset.
    expect((await manager.get('/api/team/tasks/overdue')).body).toMatchObject({ total: 1000, capped: true });
    const last = await manager.get('/api/team/tasks/overdue?page=24');
    expect(last.body).toMatchObject({ total: 1151, capped: false });
    expect(last.body.items).toHaveLength(1);
  });

  it('reads the zone with the session on every call: a changed setting counts at once', async () => {
    const first = await rep.get('/api/tasks?view=today&pageSize=1');
    expect(first.body.timeZone).toBe('Europe/Paris');
    await server.database.db.execute(sql`UPDATE users SET time_zone = 'Asia/Tokyo' WHERE id = ${repId}`);
    expect((await rep.get('/api/tasks?view=today&pageSize=1')).body.timeZone).toBe('Asia/Tokyo');
    await server.database.db.execute(sql`UPDATE users SET time_zone = NULL WHERE id = ${repId}`);
    // No setting: the browser's zone (the cookie the web app keeps), else UTC.
    expect((await rep.get('/api/tasks?view=today&pageSize=1')).body.timeZone).toBe('UTC');
    await server.database.db.execute(sql`UPDATE users SET time_zone = 'Europe/Paris' WHERE id = ${repId}`);
  });
});
