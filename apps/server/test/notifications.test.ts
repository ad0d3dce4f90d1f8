import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, selectRows, type Database } from '../src/db/client.ts';
import { jobs, notifications } from '../src/db/schema.ts';
import {
  enqueueDailySummaries,
  enqueueWeeklyDigests,
  NOTIFICATION_DAILY,
  NOTIFICATION_EMAIL,
  sweepRisks,
  WEEKLY_DIGEST,
} from '../src/modules/notifications/jobs.ts';
import { wakeJobWorkers } from '../src/modules/jobs/index.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { sweepNotifications } from '../src/modules/notifications/sweep.ts';
import { testDatabaseKind } from './database-target.ts';
import { startSmtpServer, type TestSmtp } from './smtp-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Notifications (issue 37): made by the sweep of what already records each event (a deal's changes, a
 * task's due time, a finished analysis), once each whichever instance sweeps and however often; shown
 * only to their person; by e-mail through a real SMTP server on loopback, in the person's language.
 * The instances' own timers are off (NOTIFICATIONS_EVERY_MS=0): each case drives the sweep itself.
 */
describe(`notifications (${testDatabaseKind()})`, () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let second: { app: App; database: Database };
  const people: Record<string, { id: string; email: string; client: HttpClient }> = {};

  const db = () => server.database.db;
  const sweepBoth = async () => {
    const now = new Date();
    return Promise.all([sweepNotifications(db(), now), sweepNotifications(second.database.db, now)]);
  };
  const rowsOf = (who: string, kind?: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, people[who]!.id), ...(kind ? [eq(notifications.kind, kind)] : [])));
  const settledJobs = (kind: string) =>
    vi.waitFor(
      async () => {
        const rows = await db().select().from(jobs).where(eq(jobs.kind, kind));
        expect(rows.filter((row) => row.status !== 'succeeded' && row.status !== 'failed')).toEqual([]);
        return rows;
      },
      { timeout: 15_000, interval: 50 },
    );
  const deal = async (who: string, body: Record<string, unknown> = {}) => {
    const res = await people[who]!.client.post('/api/opportunities', {
      product: 'Data Platform',
      client_company_name: `Company ${Math.random().toString(36).slice(2, 7)}`,
      amount: 10_000,
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; version: number; client_company_name: string };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = {
      ...smtp.env,
      NOTIFICATIONS_EVERY_MS: '0',
      FORECAST_CALL_REMINDER_EVERY_MS: '0',
      JOBS_POLL_MS: '100',
      WORKSPACE_TIME_ZONE: 'America/New_York',
    };
    server = await startTestServer(env);
    const database =
      testDatabaseKind() === 'postgres'
        ? await openDatabase((server.database as Database & { url: string }).url, { poolMax: 4 })
        : server.database;
    const app = await buildApp({ config: server.config, database, logger: false });
    await app.ready();
    second = { app, database };
    const add = async (key: string, fullName: string, role: 'Sales Representative' | 'Sales Manager', profile: object) => {
      const user = await server.createUser({ role, fullName });
      const client = await server.signIn(user.email, user.password);
      if (Object.keys(profile).length) expect((await client.patch('/api/me', profile)).status).toBe(200);
      people[key] = { id: user.id, email: user.email, client };
    };
    await add('alex', 'Alex Arnaud', 'Sales Representative', { language: 'fr', time_zone: 'Europe/Paris' });
    await add('bea', 'Bea Brown', 'Sales Representative', { language: 'en' });
    await add('mia', 'Mia Manager', 'Sales Manager', { language: 'en', time_zone: 'Europe/London' });
    // No zone chosen: the workspace's (WORKSPACE_TIME_ZONE, New York here).
    await add('max', 'Max NoZone', 'Sales Manager', { language: 'en' });
  });
  afterAll(async () => {
    await second?.app.close();
    if (second && second.database !== server.database) await second.database.close();
    await server?.close();
    await smtp?.close();
  });

  it('preferences: the defaults by role, saved and read back, validated (400), another role’s kind ignored', async () => {
    const rep = await people.alex!.client.get('/api/notifications/preferences');
    expect(rep.status).toBe(200);
    expect(rep.body.items.map((p: { kind: string }) => p.kind)).toEqual([
      'task_due',
      'deal_at_risk',
      'deal_moved',
      'mention',
      'analysis_finished',
    ]);
    const manager = await people.mia!.client.get('/api/notifications/preferences');
    expect(manager.body.items.at(-1)).toEqual({ kind: 'weekly_digest', in_app: true, email: 'instant' });

    const bad = await people.alex!.client.request('PUT', '/api/notifications/preferences', {
      items: [{ kind: 'deal_moved', in_app: true, email: 'hourly' }],
    });
    expect(bad.status).toBe(400);
    const saved = await people.bea!.client.request('PUT', '/api/notifications/preferences', {
      items: [
        { kind: 'analysis_finished', in_app: false, email: 'off' },
        { kind: 'weekly_digest', in_app: false, email: 'off' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.items).toContainEqual({ kind: 'analysis_finished', in_app: false, email: 'off' });
    expect(saved.body.items.map((p: { kind: string }) => p.kind)).not.toContain('weekly_digest');
    expect((await people.bea!.client.get('/api/notifications/preferences')).body).toEqual(saved.body);
  });

  it('a deal moved by a manager notifies its owner once (two instances, two sweeps each), not the mover; the owner’s own move notifies nobody', async () => {
    const mine = await deal('alex');
    const own = await people.alex!.client.patch(`/api/opportunities/${mine.id}`, { version: mine.version, stage: 'Qualified' });
    expect(own.status, own.text).toBe(200);
    const moved = await people.mia!.client.patch(`/api/opportunities/${mine.id}`, {
      version: own.body.version,
      stage: 'Proposal',
    });
    expect(moved.status, moved.text).toBe(200);

    await sweepBoth();
    await sweepBoth();
    const rows = await rowsOf('alex', 'deal_moved');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ opportunity_id: mine.id, in_app: true, email: 'daily' });
    expect(rows[0]!.data).toMatchObject({ deal: mine.client_company_name, by: 'Mia Manager', from: 'Qualified', to: 'Proposal' });
    expect(await rowsOf('mia')).toEqual([]);

    const count = await people.alex!.client.get('/api/notifications/unread-count');
    expect(count.body).toEqual({ unread: 1 });
    const list = await people.alex!.client.get('/api/notifications?page=1&pageSize=10');
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ kind: 'deal_moved', opportunity_id: mine.id, read_at: null });
    // Daily by default: nothing e-mailed at once.
    expect(smtp.to(people.alex!.email)).toEqual([]);
  });

  it('another person’s notification is never visible nor markable (404); one’s own is marked read, then all', async () => {
    const [alexRow] = await rowsOf('alex', 'deal_moved');
    expect((await people.bea!.client.get('/api/notifications')).body).toEqual({ items: [], total: 0, capped: false });
    expect((await people.bea!.client.post(`/api/notifications/${alexRow!.id}/read`)).status).toBe(404);
    expect((await people.mia!.client.post(`/api/notifications/${alexRow!.id}/read`)).status).toBe(404);
    expect((await people.alex!.client.post('/api/notifications/999999999/read')).status).toBe(404);
    expect((await people.alex!.client.post('/api/notifications/abc/read')).status).toBe(400);
    // Bea's read-all touches none of Alex's.
    expect((await people.bea!.client.post('/api/notifications/read-all')).body).toEqual({ updated: 0 });
    expect((await people.alex!.client.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });

    expect((await people.alex!.client.post(`/api/notifications/${alexRow!.id}/read`)).status).toBe(204);
    expect((await people.alex!.client.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    expect((await people.alex!.client.get('/api/notifications')).body.items[0].read_at).not.toBeNull();
    expect((await people.alex!.client.post('/api/notifications/read-all')).body).toEqual({ updated: 0 });
  });

  it('chosen instant: the move is e-mailed at once, in the owner’s language (French), through the SMTP server, once', async () => {
    await people.alex!.client.request('PUT', '/api/notifications/preferences', {
      items: [{ kind: 'deal_moved', in_app: true, email: 'instant' }],
    });
    const mine = await deal('alex', { client_company_name: 'Boulangerie Dupain' });
    expect(
      (await people.mia!.client.patch(`/api/opportunities/${mine.id}`, { version: mine.version, stage: 'Negotiation' })).status,
    ).toBe(200);
    await sweepBoth();
    await sweepBoth();
    await settledJobs(NOTIFICATION_EMAIL);
    await vi.waitFor(() => expect(smtp.to(people.alex!.email)).toHaveLength(1), { timeout: 10_000 });
    const [mail] = smtp.to(people.alex!.email);
    expect(mail!.subject).toBe("Nexa : l'une de vos opportunités a été déplacée");
    expect(mail!.text).toContain('Bonjour Alex Arnaud,');
    expect(mail!.text).toContain('Boulangerie Dupain a été déplacée par Mia Manager : New → Negotiation.');
    expect(mail!.text).toContain('http://localhost:3000/settings');
    const [row] = (await rowsOf('alex', 'deal_moved')).filter((r) => r.opportunity_id === mine.id);
    expect(row!.emailed_at).not.toBeNull();
  });

  it('a job retried does not double: the same notification made twice is one row and one job; its job run again sends nothing', async () => {
    const item = {
      userId: people.bea!.id,
      kind: 'task_due' as const,
      key: 'task_due:test-retry',
      data: { title: 'Call back', due_at: new Date().toISOString() },
    };
    const made = await Promise.all([notify(db(), [item]), notify(second.database.db, [item])]);
    expect(made[0] + made[1]).toBe(1);
    const [row] = await rowsOf('bea', 'task_due');
    const emailJobs = () =>
      selectRows<{ id: string; status: string }>(
        db(),
        sql`SELECT id, status FROM jobs WHERE unique_key = ${`notification_email:${row!.id}`}`,
      );
    expect(await emailJobs()).toHaveLength(1);
    await vi.waitFor(() => expect(smtp.to(people.bea!.email)).toHaveLength(1), { timeout: 10_000 });
    expect(smtp.to(people.bea!.email)[0]!.subject).toBe('Nexa: a task is due');
    await settledJobs(NOTIFICATION_EMAIL);
    // The queue takes the job again (as after a lost lease): the notification was e-mailed, so no second e-mail.
    const [job] = await emailJobs();
    await db().update(jobs).set({ status: 'queued', attempts: 1, progress: 0 }).where(eq(jobs.id, job!.id));
    wakeJobWorkers();
    await vi.waitFor(async () => expect((await emailJobs())[0]!.status).toBe('succeeded'), { timeout: 10_000 });
    expect(smtp.to(people.bea!.email)).toHaveLength(1);
  });

  it('a task falling due tells its owner (instant by default, in English), once; turned off everywhere, nothing is made', async () => {
    const before = smtp.to(people.bea!.email).length;
    const due = new Date(Date.now() - 30_000).toISOString();
    const task = await people.bea!.client.post('/api/tasks', { title: 'Send the proposal', due_at: due });
    expect(task.status, task.text).toBe(201);
    await sweepBoth();
    await sweepBoth();
    const rows = (await rowsOf('bea', 'task_due')).filter((r) => r.task_id === task.body.id);
    expect(rows).toHaveLength(1);
    await vi.waitFor(() => expect(smtp.to(people.bea!.email)).toHaveLength(before + 1), { timeout: 10_000 });
    expect(smtp.to(people.bea!.email).at(-1)!.text).toContain('Your task "Send the proposal" is due');

    await people.bea!.client.request('PUT', '/api/notifications/preferences', {
      items: [{ kind: 'task_due', in_app: false, email: 'off' }],
    });
    const quiet = await people.bea!.client.post('/api/tasks', {
      title: 'Quiet one',
      due_at: new Date(Date.now() - 10_000).toISOString(),
    });
    await sweepBoth();
    expect((await rowsOf('bea', 'task_due')).filter((r) => r.task_id === quiet.body.id)).toEqual([]);
  });

  it('a finished analysis tells whoever sent it, linked to the deal; a person who turned the kind off is told nothing', async () => {
    const mine = await deal('alex', { client_company_name: 'Analysed SA' });
    const finished = (ownerId: string, opportunityId: number | null) =>
      db()
        .insert(jobs)
        .values({
          kind: 'transcript_analysis',
          payload: {},
          owner_id: ownerId,
          opportunity_id: opportunityId,
          status: 'succeeded',
          finished_at: new Date(),
        })
        .returning({ id: jobs.id });
    const [job] = await finished(people.alex!.id, mine.id);
    // Bea chose "off everywhere" for this kind (the first case).
    await finished(people.bea!.id, null);
    await sweepBoth();
    await sweepBoth();
    const told = await rowsOf('alex', 'analysis_finished');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ dedupe_key: `analysis_finished:${job!.id}`, opportunity_id: mine.id, email: 'off' });
    expect(told[0]!.data).toEqual({ deal: 'Analysed SA' });
    expect(await rowsOf('bea', 'analysis_finished')).toEqual([]);
    const listed = await people.alex!.client.get('/api/notifications?pageSize=1');
    expect(listed.body.items[0]).toMatchObject({
      kind: 'analysis_finished',
      opportunity_id: mine.id,
      opportunity_owner_id: people.alex!.id,
    });
  });

  it('the daily summary goes out from 08:00 in the person’s zone, once a day, with what waits for it', async () => {
    // A winter day (Paris is UTC+1): what waits is summed up whatever the day.
    const paris0730 = new Date('2031-01-06T06:30:00Z');
    // Alex's first move (daily) is waiting; 07:30 in Paris (UTC+1 in winter): not yet.
    expect(await enqueueDailySummaries(db(), paris0730, 'UTC')).toBe(0);
    const at0830 = new Date(paris0730.getTime() + 3_600_000);
    const counts = await Promise.all([
      enqueueDailySummaries(db(), at0830, 'UTC'),
      enqueueDailySummaries(second.database.db, at0830, 'UTC'),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    await settledJobs(NOTIFICATION_DAILY);
    const summaries = smtp.to(people.alex!.email).filter((m) => m.subject?.startsWith('Nexa : votre résumé du'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.text).toContain('Une notification depuis votre dernier résumé :');
    expect(summaries[0]!.text).toContain('par Mia Manager : Qualified → Proposal.');
    expect(await enqueueDailySummaries(db(), new Date(at0830.getTime() + 3_600_000), 'UTC')).toBe(0);
  });

  it('deals at risk: each owner is told of exactly the deals the manager’s risk list names', async () => {
    const late = await deal('bea', { client_company_name: 'Overdue Close Ltd', closing_date: '2020-01-15' });
    await sweepRisks(db(), new Date());
    const risks: Array<{ deal: { id: number; owner_id: string } }> = [];
    let after: string | null = null;
    do {
      const page: { status: number; text: string; body: { items: typeof risks; next: string | null } } =
        await people.mia!.client.get(`/api/insights/risks?limit=100${after ? `&after=${after}` : ''}`);
      expect(page.status, page.text).toBe(200);
      risks.push(...page.body.items);
      after = page.body.next;
    } while (after);
    expect(risks.map((r) => r.deal.id)).toContain(late.id);
    const told = await db().select().from(notifications).where(eq(notifications.kind, 'deal_at_risk'));
    expect(told.map((n) => [n.opportunity_id, n.user_id]).sort()).toEqual(risks.map((r) => [r.deal.id, r.deal.owner_id]).sort());
    // Once a day: a second sweep the same day does nothing.
    expect(await sweepRisks(second.database.db, new Date())).toBe(0);
  });

  it('the weekly digest: from Monday 08:00 in the manager’s zone (the workspace’s when none), once, listing exactly the team figures', async () => {
    const overdueTask = await people.bea!.client.post('/api/tasks', {
      title: 'Overdue for the digest',
      due_at: '2024-01-02T09:00:00Z',
    });
    expect(overdueTask.status).toBe(201);
    // Monday 2 March 2026, 08:30 UTC: 08:30 in London, 03:30 in New York.
    const monday = new Date('2026-03-02T08:30:00Z');
    const first = await Promise.all([
      enqueueWeeklyDigests(db(), monday, 'America/New_York'),
      enqueueWeeklyDigests(second.database.db, monday, 'America/New_York'),
    ]);
    expect(first[0] + first[1]).toBe(1);
    await settledJobs(WEEKLY_DIGEST);
    expect(smtp.to(people.max!.email)).toEqual([]);
    expect(await enqueueWeeklyDigests(db(), new Date('2026-03-02T13:30:00Z'), 'America/New_York')).toBe(1);
    await settledJobs(WEEKLY_DIGEST);
    expect(await enqueueWeeklyDigests(db(), new Date('2026-03-04T13:30:00Z'), 'America/New_York')).toBe(0);

    const [mail] = smtp.to(people.mia!.email);
    expect(smtp.to(people.mia!.email)).toHaveLength(1);
    expect(smtp.to(people.max!.email)).toHaveLength(1);
    expect(mail!.subject).toBe("Nexa: your team's week of March 2, 2026");
    const [risks, overdue, changes] = await Promise.all([
      people.mia!.client.get('/api/insights/risks?limit=10'),
      people.mia!.client.get('/api/team/tasks/overdue?page=1&pageSize=10'),
      people.mia!.client.get('/api/insights/forecast/changes'),
    ]);
    expect(mail!.text).toContain(`Deals at risk (${risks.body.items.length}${risks.body.next ? '+' : ''}):`);
    for (const item of risks.body.items) expect(mail!.text).toContain(`- ${item.deal.client_company_name}`);
    expect(mail!.text).toContain(`Overdue tasks (${overdue.body.total}${overdue.body.capped ? '+' : ''}):`);
    for (const task of overdue.body.items) expect(mail!.text).toContain(`- ${task.title} — ${task.owner_name}`);
    expect(overdue.body.items.map((t: { title: string }) => t.title)).toContain('Overdue for the digest');
    const added = changes.body.counts.added as number;
    if (added > 0) expect(mail!.text).toContain(`added: ${added}`);
    // And the bell: one digest notification each.
    expect(await rowsOf('mia', 'weekly_digest')).toHaveLength(1);
    expect(await rowsOf('bea', 'weekly_digest')).toEqual([]);
  });

  it('the panel pages newest first and counts up to 100 (capped past it)', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    people.pat = { id: user.id, email: user.email, client: await server.signIn(user.email, user.password) };
    await db().execute(
      sql`INSERT INTO notifications (user_id, kind, dedupe_key, data, in_app, email, created_at)
        SELECT ${people.pat!.id}, 'task_due', 'paging:' || g, jsonb_build_object('title', 'T' || g), true, 'off',
          now() - g * interval '1 minute'
        FROM generate_series(1, 105) g`,
    );
    const first = await people.pat!.client.get('/api/notifications?page=1&pageSize=10');
    expect([first.body.total, first.body.capped]).toEqual([100, true]);
    expect(first.body.items.map((n: { data: { title: string } }) => n.data.title).slice(0, 3)).toEqual(['T1', 'T2', 'T3']);
    const last = await people.pat!.client.get('/api/notifications?page=11&pageSize=10');
    expect(last.body.items.map((n: { data: { title: string } }) => n.data.title)).toEqual([
      'T101',
      'T102',
      'T103',
      'T104',
      'T105',
    ]);
    expect((await people.pat!.client.get('/api/notifications/unread-count')).body).toEqual({ unread: 100 });
    expect((await people.pat!.client.get('/api/notifications?pageSize=51')).status).toBe(400);
  });
});
