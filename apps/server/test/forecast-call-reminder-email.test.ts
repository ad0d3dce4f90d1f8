import { eq } from 'drizzle-orm';
import { quarterFor, weekStart } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { forecastCalls, jobs, users } from '../src/db/schema.ts';
import { enqueueCallReminderEmails, FORECAST_CALL_REMINDER } from '../src/modules/insights/call-reminder-emails.ts';
import { setDisabled, setDisabledById } from '../src/modules/users/service.ts';
import { testDatabaseKind } from './database-target.ts';
import { startSmtpServer, type TestSmtp } from './smtp-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The forecast call's reminder by e-mail (issue 38): a representative whose call has fallen due (the
 * team's due day has begun in their zone: their setting, else UTC) and who has not made it gets one
 * e-mail for the week, in their language, through a real SMTP server on loopback — whichever instance
 * ticks, however often. The tick takes its time as an argument, so each case names the instant it
 * asks about; the instances' own timers are off (FORECAST_CALL_REMINDER_EVERY_MS=0).
 */

// A week whose days are known: Monday 3 March 2031; calls are due on Thursday (the default).
const WEEK = '2031-03-03';
const WEDNESDAY_NOON = new Date('2031-03-05T12:00:00Z');
/** Already Thursday in Paris (UTC+1), still Wednesday at UTC. */
const WEDNESDAY_LATE = new Date('2031-03-05T23:30:00Z');
const THURSDAY = new Date('2031-03-06T12:00:00Z');
const NEXT_THURSDAY = new Date('2031-03-13T12:00:00Z');

describe(`forecast call reminder e-mails (${testDatabaseKind()})`, () => {
  let smtp: TestSmtp;
  let server: TestServer;
  /** A second instance on the same database (with PostgreSQL, its own connection pool). */
  let second: { app: App; database: Database };
  const people: Record<string, { id: string; email: string; client: HttpClient }> = {};

  const tickBoth = (now: Date) =>
    Promise.all([enqueueCallReminderEmails(server.database.db, now), enqueueCallReminderEmails(second.database.db, now)]);
  const reminderJobs = () => server.database.db.select().from(jobs).where(eq(jobs.kind, FORECAST_CALL_REMINDER));
  /** Waits until every reminder job has finished (the mail is accepted before its job completes). */
  const settled = () =>
    vi.waitFor(
      async () => {
        const rows = await reminderJobs();
        expect(rows.filter((row) => row.status !== 'succeeded')).toEqual([]);
        return rows;
      },
      { timeout: 15_000, interval: 50 },
    );
  const mailsTo = (who: string) => smtp.to(people[who]!.email);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { ...smtp.env, FORECAST_CALL_REMINDER_EVERY_MS: '0', JOBS_POLL_MS: '100' };
    server = await startTestServer(env);
    const database =
      testDatabaseKind() === 'postgres'
        ? await openDatabase((server.database as Database & { url: string }).url, { poolMax: 4 })
        : server.database;
    const app = await buildApp({ config: server.config, database, logger: false });
    await app.ready();
    second = { app, database };

    const add = async (
      key: string,
      fullName: string,
      role: 'Sales Representative' | 'Sales Manager' = 'Sales Representative',
    ) => {
      const user = await server.createUser({ role, fullName });
      people[key] = { id: user.id, email: user.email, client: await server.signIn(user.email, user.password) };
      return people[key]!.client;
    };
    await (await add('dana', 'Dana Due')).patch('/api/me', { language: 'en' });
    await (await add('frede', 'Frédérique Fuseau')).patch('/api/me', { language: 'fr', time_zone: 'Europe/Paris' });
    await add('nell', 'Nell No-language');
    await add('sam', 'Sam Submitted');
    await add('olive', 'Olive Opted-out');
    await add('dee', 'Dee Deactivated');
    await add('mona', 'Mona Manager', 'Sales Manager');

    // Sam made this week's call; Olive turned the e-mail off; Dee was deactivated.
    await server.database.db.insert(forecastCalls).values({
      user_id: people.sam!.id,
      quarter: quarterFor('current', THURSDAY).start,
      week: WEEK,
      commit_amount: 1000,
      best_case_amount: 2000,
    });
    const optOut = await people.olive!.client.patch('/api/me', { forecast_call_reminder_email: false });
    expect([optOut.status, optOut.body.forecast_call_reminder_email]).toEqual([200, false]);
    await setDisabled(server.database.db, people.dee!.email, true);
  });
  afterAll(async () => {
    await second?.app.close();
    if (second && second.database !== server.database) await second.database.close();
    await server?.close();
    await smtp?.close();
  });

  it('the setting: on by default, turned off by the person (a boolean, 400 otherwise), read back on the profile', async () => {
    expect(weekStart(THURSDAY)).toBe(WEEK);
    expect((await people.dana!.client.get('/api/me')).body.forecast_call_reminder_email).toBe(true);
    expect((await people.olive!.client.get('/api/me')).body.forecast_call_reminder_email).toBe(false);
    const bad = await people.dana!.client.patch('/api/me', { forecast_call_reminder_email: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('forecast_call_reminder_email');
  });

  it('before the due day, nobody is e-mailed', async () => {
    expect(await tickBoth(WEDNESDAY_NOON)).toEqual([0, 0]);
    expect(await reminderJobs()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('the due day begins in the representative’s own zone: Paris is e-mailed at 23:30 UTC the evening before, in French', async () => {
    const [a, b] = await tickBoth(WEDNESDAY_LATE);
    expect(a + b).toBe(1);
    await settled();
    const [mail] = mailsTo('frede');
    expect(smtp.received).toHaveLength(1);
    expect(mail!.subject).toBe('Nexa : votre engagement de prévision de la semaine est attendu');
    expect(mail!.text).toContain('Bonjour Frédérique Fuseau,');
    expect(mail!.text).toContain('semaine du 3 mars 2031 est attendu (chaque jeudi)');
    expect(mail!.text).toContain('http://localhost:3000/rep\n');
    expect(mail!.text).toContain('http://localhost:3000/settings');
  });

  it('on the due day each due representative gets exactly one e-mail, with two instances ticking twice', async () => {
    const counts = [...(await tickBoth(THURSDAY)), ...(await tickBoth(THURSDAY))];
    // Dana and Nell, once between the two instances; Frédérique was reminded on Wednesday evening.
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
    const rows = await settled();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.result).toEqual({ sent: true });

    expect(mailsTo('dana')).toHaveLength(1);
    expect(mailsTo('frede')).toHaveLength(1);
    expect(mailsTo('nell')).toHaveLength(1);
    for (const who of ['sam', 'olive', 'dee', 'mona']) expect(mailsTo(who), who).toEqual([]);
    expect(smtp.received).toHaveLength(3);

    const [dana] = mailsTo('dana');
    expect(dana!.subject).toBe('Nexa: your forecast call for this week is due');
    expect(dana!.text).toContain('Your forecast call for the week of March 3, 2031 is due (calls are due each Thursday)');
    expect(dana!.text).toContain('http://localhost:3000/rep\n');
    expect(dana!.text).not.toContain('Bonjour');
    // Nell never chose a language: both, as the reset e-mail does.
    const [nell] = mailsTo('nell');
    expect(nell!.subject).toBe(
      'Nexa: your forecast call for this week is due / votre engagement de prévision de la semaine est attendu',
    );
    expect(nell!.text).toContain('Hello Nell No-language,');
    expect(nell!.text).toContain('Bonjour Nell No-language,');
  });

  it('ticking again later that week sends nothing more; the next week, those still without a call get one again', async () => {
    expect(await tickBoth(new Date('2031-03-09T20:00:00Z'))).toEqual([0, 0]);
    const next = await tickBoth(NEXT_THURSDAY);
    // Sam's call was last week's: this week he is due too.
    expect(next[0] + next[1]).toBe(4);
    const rows = await settled();
    expect(rows.filter((row) => (row.payload as { week: string }).week === weekStart(NEXT_THURSDAY))).toHaveLength(4);
    for (const who of ['dana', 'frede', 'nell', 'sam']) expect(mailsTo(who), who).toHaveLength(who === 'sam' ? 1 : 2);
    for (const who of ['olive', 'dee', 'mona']) expect(mailsTo(who), who).toEqual([]);
  });

  it('a reminder that waited in the queue is not sent to someone who made the call, turned the e-mail off or left meanwhile', async () => {
    const later = new Date('2031-03-20T12:00:00Z');
    const before = smtp.received.length;
    // The tick and the changes commit together, so no worker can claim a job before the changes are seen.
    const enqueued = await server.database.db.transaction(async (tx) => {
      const n = await enqueueCallReminderEmails(tx as never, later);
      await tx.insert(forecastCalls).values({
        user_id: people.dana!.id,
        quarter: quarterFor('current', later).start,
        week: weekStart(later),
        commit_amount: 0,
        best_case_amount: 0,
      });
      await tx.update(users).set({ forecast_call_reminder_email: false }).where(eq(users.id, people.nell!.id));
      await setDisabledById(tx as never, people.sam!.id, true);
      return n;
    });
    expect(enqueued).toBe(4);
    const week = (await settled()).filter((row) => (row.payload as { week: string }).week === weekStart(later));
    const result = (who: string) => week.find((row) => row.owner_id === people[who]!.id)?.result;
    expect(result('dana')).toEqual({ sent: false, reason: 'call made' });
    expect(result('nell')).toEqual({ sent: false, reason: 'not wanted' });
    expect(result('sam')).toEqual({ sent: false, reason: 'not wanted' });
    expect(result('frede')).toEqual({ sent: true });
    expect(smtp.received.slice(before).map((mail) => mail.to)).toHaveLength(1);
    expect(mailsTo('frede')).toHaveLength(3);
  });
});
