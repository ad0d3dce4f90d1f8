import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { and, eq, sql } from 'drizzle-orm';
import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarConnections, callAnalyses, jobs, opportunities, opportunityChanges } from '../src/db/schema.ts';
import { CalDavError, collectionUrl, createCalDavClient } from '../src/modules/calendar/caldav.ts';
import { eventStart } from '../src/modules/calendar/sync.ts';
import { calendarsSynced, PARIS_VTIMEZONE, startCalDavServer, takeCalendarDown, type CalDavTarget } from './caldav-target.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from './test-app.ts';

/**
 * The real calendar (issue 37, decision 042) against a real CalDAV server on loopback (radicale):
 * connecting (the app password checked, kept sealed, never answered), a person's tasks written as
 * events and kept in step, a deal's meeting moved in the calendar followed by the deal (unless the
 * person moved it in Nexa since), an outage that never fails a request, and the `.ics` feed.
 * Runs on PGlite and PostgreSQL.
 */

const APP_PASSWORD = 'app-pass-Zq8-never-shown';
const OTHER_PASSWORD = 'other-pass-Wx3-never-shown';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 09:00 in Paris for this instant? ("HH:MM" in the zone) */
const parisTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    date,
  );

const startOf = (ics: string | undefined) => (ics ? eventStart(ics) : null);
const summaryOf = (ics: string | undefined) =>
  ics ? String(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')?.getFirstPropertyValue('summary')) : null;

describe(`calendar (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let caldav: CalDavTarget;
  let rep: HttpClient;
  let other: HttpClient;
  let repId: string;
  let otherId: string;
  let calendarUrl: string;
  let dealId: number;
  let analysisId: string;
  /** Every line the server logged, to check no secret is in one. */
  const logLines: string[] = [];
  /** Every answer the server gave, to check no secret ever left it. */
  const answers: string[] = [];
  const keep = <T>(response: HttpResponse<T>) => (answers.push(response.text), response);

  const synced = (...userIds: string[]) => calendarsSynced(server.database.db, ...userIds);
  const syncNow = async (client: HttpClient, userId: string) => {
    expect(keep(await client.post('/api/calendar/sync')).status).toBe(202);
    await synced(userId);
  };

  beforeAll(async () => {
    caldav = await startCalDavServer({ rita: APP_PASSWORD, otto: OTHER_PASSWORD });
    calendarUrl = await caldav.calendar('rita');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer(
      { CALENDAR_ALLOW_PRIVATE: 'true', CALENDAR_SYNC_EVERY_MS: '0', JOBS_POLL_MS: '100', LOG_LEVEL: 'info' },
      { logStream },
    );
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Calendar' });
    const o = await server.createUser({ role: 'Sales Representative', fullName: 'Otto Other' });
    repId = r.id;
    otherId = o.id;
    rep = await server.signIn(r.email, r.password);
    other = await server.signIn(o.email, o.password);
    await server.database.db.execute(sql`UPDATE users SET time_zone = 'Europe/Paris' WHERE id IN (${repId}, ${otherId})`);
    const deal = (owner: string, company: string, meeting: string | null) =>
      withStage({
        owner_id: owner,
        account_manager: 'x',
        status: 'Proposal',
        client_company_name: company,
        next_meeting_date: meeting ? new Date(meeting) : null,
      } as unknown as { status: string });
    const ids = await server.database.db
      .insert(opportunities)
      .values([deal(repId, 'Acme Robotics', null), deal(otherId, 'Secret Other Corp', '2099-03-04T10:00:00Z')] as never)
      .returning({ id: opportunities.id });
    dealId = ids[0]!.id;
    await server.database.db.execute(
      sql`INSERT INTO tasks (title, due_at, owner_id, source) VALUES ('Otto private task', '2099-01-01T10:00:00Z', ${otherId}, 'person')`,
    );
    const [analysis] = await server.database.db
      .insert(callAnalyses)
      .values({
        opportunity_id: dealId,
        created_by: repId,
        provider: 'offline',
        language: 'en',
        transcript_lines: ['Rep: Thanks.', 'Prospect: Send me the security questionnaire.'],
        result: { nextSteps: [{ text: 'Send the security questionnaire', lines: [2] }] },
      } as never)
      .returning({ id: callAnalyses.id });
    analysisId = analysis!.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await caldav?.close();
  });

  it('refuses a wrong app password with a clear answer, and keeps nothing', async () => {
    const res = keep(
      await rep.request('PUT', '/api/calendar/connection', { url: calendarUrl, username: 'rita', password: 'wrong-password' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', field: 'password' });
    const missing = keep(
      await rep.request('PUT', '/api/calendar/connection', {
        url: `${caldav.base}/rita/nothing-here/`,
        username: 'rita',
        password: APP_PASSWORD,
      }),
    );
    expect(missing.body.error).toMatchObject({ code: 'bad_request', field: 'url' });
    expect(keep(await rep.get('/api/calendar')).body).toEqual({ connection: null, feed: { active: false, createdAt: null } });
  });

  it('connects, keeps the app password sealed and never answers it', async () => {
    const res = keep(
      await rep.request('PUT', '/api/calendar/connection', { url: calendarUrl, username: 'rita', password: APP_PASSWORD }),
    );
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ url: calendarUrl, username: 'rita', lastError: null });
    expect(res.body.connection).not.toHaveProperty('password');
    const [row] = await server.database.db.select().from(calendarConnections).where(eq(calendarConnections.user_id, repId));
    expect(row!.password_encrypted).not.toContain(APP_PASSWORD);
    await synced(repId);
    expect(keep(await rep.get('/api/calendar')).body.connection.lastSyncedAt).toEqual(expect.any(String));
  });

  let taskId: number;
  it('writes an accepted next step to the calendar at its due time in the owner’s zone', async () => {
    const accepted = keep(await rep.post('/api/tasks/suggestions/accept', { call_analysis_id: analysisId, step: 0 }));
    expect(accepted.status).toBe(201);
    taskId = accepted.body.id;
    await synced(repId);
    const events = await caldav.events('rita', calendarUrl);
    const ics = events.get(`nexa-task-${taskId}.ics`);
    expect(ics).toContain(`UID:nexa-task-${taskId}@nexa`);
    expect(startOf(ics)?.toISOString()).toBe(new Date(accepted.body.due_at).toISOString());
    // No due time said: the next working day at 09:00 where Rita works.
    expect(parisTime(startOf(ics)!)).toBe('09:00');
    expect(summaryOf(ics)).toBe('Send the security questionnaire');
  });

  it('updates the same event when the task changes, and removes it when done', async () => {
    const due = '2099-06-01T13:30:00.000Z';
    const edited = keep(await rep.patch(`/api/tasks/${taskId}`, { title: 'Send the questionnaire (v2)', due_at: due }));
    expect(edited.status).toBe(200);
    await synced(repId);
    let events = await caldav.events('rita', calendarUrl);
    expect([...events.keys()].filter((name) => name.startsWith('nexa-task-'))).toEqual([`nexa-task-${taskId}.ics`]);
    expect(startOf(events.get(`nexa-task-${taskId}.ics`))?.toISOString()).toBe(due);
    expect(summaryOf(events.get(`nexa-task-${taskId}.ics`))).toBe('Send the questionnaire (v2)');

    expect(keep(await rep.patch(`/api/tasks/${taskId}`, { status: 'done' })).status).toBe(200);
    await synced(repId);
    events = await caldav.events('rita', calendarUrl);
    expect(events.has(`nexa-task-${taskId}.ics`)).toBe(false);

    // Reopened it comes back; deleted it goes.
    expect(keep(await rep.patch(`/api/tasks/${taskId}`, { status: 'open' })).status).toBe(200);
    await synced(repId);
    expect((await caldav.events('rita', calendarUrl)).has(`nexa-task-${taskId}.ics`)).toBe(true);
    expect(keep(await rep.delete(`/api/tasks/${taskId}`)).status).toBe(204);
    await synced(repId);
    expect((await caldav.events('rita', calendarUrl)).has(`nexa-task-${taskId}.ics`)).toBe(false);
  });

  const meetingFile = () => `nexa-meeting-${dealId}.ics`;
  const moveInCalendar = async (start: string) => {
    const href = new URL(meetingFile(), calendarUrl).href;
    const current = await (await caldav.raw('rita', 'GET', href)).text();
    // As a calendar app writes it: the local time in the person's zone, with the zone's definition.
    const moved = current
      .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g, '')
      .replace(/DTSTART[^\r]*/, `DTSTART;TZID=Europe/Paris:${start}`)
      .replace(/\r\nDTEND[^\r]*/, '');
    const withZone = moved.replace('BEGIN:VEVENT', [...PARIS_VTIMEZONE, 'BEGIN:VEVENT'].join('\r\n'));
    const put = await caldav.raw('rita', 'PUT', href, withZone, { 'content-type': 'text/calendar; charset=utf-8' });
    expect([201, 204]).toContain(put.status);
  };
  const deal = async () => (await rep.get(`/api/opportunities/${dealId}`)).body;

  it('writes the deal’s next meeting, and the deal follows when the event is moved in the calendar', async () => {
    await server.database.db
      .update(opportunities)
      .set({ next_meeting_date: new Date('2099-02-10T14:00:00Z') })
      .where(eq(opportunities.id, dealId));
    await syncNow(rep, repId);
    const written = (await caldav.events('rita', calendarUrl)).get(meetingFile());
    expect(startOf(written)?.toISOString()).toBe('2099-02-10T14:00:00.000Z');
    // The same words and length as the invite the client gets for this meeting (follow-up e-mail).
    expect(summaryOf(written)).toBe('Meeting with Acme Robotics');
    expect(written).toContain('DTEND:20990210T143000Z');

    // Moved in the calendar app to 11 February, 16:30 in Paris (15:30 UTC in winter).
    await moveInCalendar('20990211T163000');
    await syncNow(rep, repId);
    const after = await deal();
    expect(new Date(after.next_meeting_date).toISOString()).toBe('2099-02-11T15:30:00.000Z');
    const history = await server.database.db
      .select()
      .from(opportunityChanges)
      .where(and(eq(opportunityChanges.opportunity_id, dealId), eq(opportunityChanges.field, 'next_meeting_date')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ source: 'calendar', actor_id: repId });
    // Read once: another sync changes nothing.
    await syncNow(rep, repId);
    const again = await server.database.db
      .select()
      .from(opportunityChanges)
      .where(and(eq(opportunityChanges.opportunity_id, dealId), eq(opportunityChanges.field, 'next_meeting_date')));
    expect(again).toHaveLength(1);
  });

  it('keeps the person’s own later change over a move in the calendar', async () => {
    // Moved in the calendar, then in Nexa before the next sync (the edit asks for one itself).
    await moveInCalendar('20990225T100000');
    const before = await deal();
    const patched = keep(
      await rep.patch(`/api/opportunities/${dealId}`, { version: before.version, next_meeting_date: '2099-02-20T09:00:00.000Z' }),
    );
    expect(patched.status).toBe(200);
    await synced(repId);
    expect(new Date((await deal()).next_meeting_date).toISOString()).toBe('2099-02-20T09:00:00.000Z');
    expect(startOf((await caldav.events('rita', calendarUrl)).get(meetingFile()))?.toISOString()).toBe(
      '2099-02-20T09:00:00.000Z',
    );
  });

  it('never fails a request when the calendar is down: the error shows in Settings', async () => {
    const calendar = await takeCalendarDown(server.database.db, repId);
    const created = keep(await rep.post('/api/tasks', { title: 'Call back', due_at: '2099-07-01T08:00:00.000Z' }));
    expect(created.status).toBe(201);
    await synced(repId);
    const status = keep(await rep.get('/api/calendar')).body.connection;
    expect(status).toMatchObject({ lastError: 'unreachable', lastErrorAt: expect.any(String) });
    // Back up: the next sync writes what was missed and clears the error.
    await calendar.bringBack();
    await syncNow(rep, repId);
    expect(keep(await rep.get('/api/calendar')).body.connection.lastError).toBeNull();
    expect((await caldav.events('rita', calendarUrl)).has(`nexa-task-${created.body.id}.ics`)).toBe(true);
  });

  it('a sync that finds another one running asks again for after it, so no change is left behind', async () => {
    await server.database.db
      .update(calendarConnections)
      .set({ locked_until: new Date(Date.now() + 3_600_000) })
      .where(eq(calendarConnections.user_id, repId));
    const created = keep(await rep.post('/api/tasks', { title: 'Send the pricing', due_at: '2099-07-02T08:00:00.000Z' }));
    expect(created.status).toBe(201);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const later = await server.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.owner_id, repId),
            eq(jobs.kind, 'calendar_sync'),
            eq(jobs.status, 'queued'),
            sql`${jobs.run_after} > now()`,
          ),
        );
      if (later.length) break;
      if (Date.now() > deadline) throw new Error('no later sync asked for');
      await sleep(50);
    }
    expect((await caldav.events('rita', calendarUrl)).has(`nexa-task-${created.body.id}.ics`)).toBe(false);
    // The other sync ends (its lease released): the one asked for writes the task.
    await server.database.db
      .update(calendarConnections)
      .set({ locked_until: null })
      .where(eq(calendarConnections.user_id, repId));
    await synced(repId);
    expect((await caldav.events('rita', calendarUrl)).has(`nexa-task-${created.body.id}.ics`)).toBe(true);
  });

  it('serves the person’s own feed as iCalendar, and a revoked or replaced token is a 404', async () => {
    const made = keep(await rep.post('/api/calendar/feed'));
    expect(made.status).toBe(201);
    const url = new URL(made.body.url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{20,}\.ics$/);
    const token = url.pathname.split('/').at(-1)!;
    const feed = keep(await server.anonymous.get(url.pathname));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    const uids = calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid'));
    expect(uids).toContain(`nexa-meeting-${dealId}@nexa`);
    expect(feed.text).not.toContain('Otto private task');
    expect(feed.text).not.toContain('Secret Other Corp');
    // The token is stored hashed: not in the database as given.
    const stored = await server.database.db.execute(sql`SELECT token_hash FROM calendar_feed_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token.replace(/\.ics$/, ''));
    expect(keep(await rep.get('/api/calendar')).body.feed.active).toBe(true);

    // Otto's own feed holds his, not Rita's.
    const otto = keep(await other.post('/api/calendar/feed'));
    const ottoFeed = keep(await server.anonymous.get(new URL(otto.body.url).pathname));
    expect(ottoFeed.text).toContain('Otto private task');
    expect(ottoFeed.text).not.toContain('Acme Robotics');

    // A deactivated account's feed stops.
    await server.database.db.execute(sql`UPDATE users SET disabled = true WHERE id = ${otherId}`);
    expect(keep(await server.anonymous.get(new URL(otto.body.url).pathname)).status).toBe(404);
    await server.database.db.execute(sql`UPDATE users SET disabled = false WHERE id = ${otherId}`);
    expect(keep(await server.anonymous.get(new URL(otto.body.url).pathname)).status).toBe(200);

    const replaced = keep(await rep.post('/api/calendar/feed'));
    expect(keep(await server.anonymous.get(url.pathname)).status).toBe(404);
    expect(keep(await server.anonymous.get(new URL(replaced.body.url).pathname)).status).toBe(200);
    expect(keep(await rep.delete('/api/calendar/feed')).status).toBe(204);
    expect(keep(await server.anonymous.get(new URL(replaced.body.url).pathname)).status).toBe(404);
    expect(keep(await server.anonymous.get('/api/calendar/feed/not-a-token-at-all-0123456789.ics')).status).toBe(404);
  });

  it('never answers the app password, in any answer, and logs neither it nor a feed token', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of answers) {
      expect(text).not.toContain(APP_PASSWORD);
      expect(text).not.toContain(OTHER_PASSWORD);
    }
    expect(logLines.some((line) => line.includes('/api/calendar/feed/:token'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain(APP_PASSWORD);
      expect(line).not.toContain(OTHER_PASSWORD);
      expect(line).not.toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{20,}/);
    }
  });

  it('disconnects: the connection is forgotten', async () => {
    expect(keep(await rep.delete('/api/calendar/connection')).status).toBe(204);
    expect(keep(await rep.get('/api/calendar')).body.connection).toBeNull();
  });

  it('refuses a loopback calendar unless the operator allows private addresses', async () => {
    const guarded = createCalDavClient({ allowPrivate: false, timeoutMs: 2_000, maxResponseBytes: 65_536 });
    const error = await guarded
      .check({ url: collectionUrl(calendarUrl), username: 'rita', password: APP_PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CalDavError);
    expect((error as CalDavError).reason).toBe('refused_address');
    const open = createCalDavClient({ allowPrivate: true, timeoutMs: 2_000, maxResponseBytes: 65_536 });
    await expect(
      open.check({ url: collectionUrl(calendarUrl), username: 'rita', password: APP_PASSWORD }),
    ).resolves.toBeUndefined();
  });
});
