import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnalysisHistory } from '@nexa/domain';
import { callAnalyses, users } from '../src/db/schema.ts';
import { createOpportunity, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * The call's own date is the reference for the dates said in it (issue 34): the date given on
 * upload (`call_date`), or the one the file's header states, never the upload moment; days and
 * times are read in the representative's zone.
 */

// Said on Monday 2 March 2026: next week's Tuesday is 10 March; "the twelfth" is 12 March.
const CALL = [
  'Sam Rivers: Thanks for the time today, Dana. I will send the security pack by the twelfth.',
  'Dana Cruz: Great. Can we meet next Tuesday at 3pm for the demo?',
  'Sam Rivers: Next Tuesday at 3pm works, I will send the invite.',
].join('\n');

describe('call analysis: the call’s own date and the rep’s zone (API)', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;
  let opp: number;
  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '100', RATE_LIMIT_MAX: '100000', INGEST_RATE_LIMIT_MAX: '1000' });
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Rivers' });
    await server.database.db.update(users).set({ time_zone: 'America/Toronto' }).where(eq(users.id, user.id));
    rep = await server.signIn(user.email, user.password);
    opp = await createOpportunity(server, user.id, 'Sam Rivers', { client_name: 'Dana Cruz', client_company_name: 'Northwind' });
  });
  afterAll(() => server.close());

  const analyse = async (fields: Record<string, string>, file?: { name: string; content: string }) => {
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(opp), ...fields }, file),
    );
    expect(posted.status).toBe(202);
    expect((await waitForJob(rep, posted.body.id)).status).toBe('succeeded');
    const history = (await rep.get(`/api/opportunities/${opp}/call-analyses`)).body as CallAnalysisHistory;
    return history.latest!.result;
  };

  it('reads "next Tuesday at 3pm" from the call date given on upload, at 3 pm in the rep’s zone', async () => {
    const result = await analyse({ text: CALL, call_date: '2026-03-02' });
    // 3 pm in Toronto on 10 March (EDT from 8 March) is 19:00 UTC.
    expect(result.nextMeeting?.date).toBe('2026-03-10T19:00:00.000Z');
    const dues = result.nextSteps.map((s) => s.due?.slice(0, 10));
    expect(dues).toContain('2026-03-12');
    expect(dues).toContain('2026-03-10');
  });

  it('takes the date the file’s header states over the one given on upload', async () => {
    const vtt = [
      'WEBVTT',
      '',
      'NOTE Meeting date: 2026-03-02 10:00',
      '',
      '1',
      '00:00:01.000 --> 00:00:05.000',
      '<v Sam Rivers>Thanks for the time today, Dana. I will send the security pack by the twelfth.</v>',
      '',
      '2',
      '00:00:06.000 --> 00:00:09.000',
      '<v Dana Cruz>Great. Can we meet next Tuesday at 3pm for the demo?</v>',
      '',
      '3',
      '00:00:10.000 --> 00:00:13.000',
      '<v Sam Rivers>Next Tuesday at 3pm works, I will send the invite.</v>',
      '',
    ].join('\n');
    const result = await analyse({ call_date: '2026-06-01' }, { name: 'call.vtt', content: vtt });
    expect(result.nextMeeting?.date).toBe('2026-03-10T19:00:00.000Z');
  });

  it('reads relative dates from the time of the upload when no date is given, and refuses a malformed one', async () => {
    const result = await analyse({ text: CALL });
    const meeting = Date.parse(result.nextMeeting!.date);
    expect(meeting).toBeGreaterThan(Date.now());
    expect(meeting).toBeLessThan(Date.now() + 15 * 86_400_000);
    const refused = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(opp), text: CALL, call_date: '2026-02-30' }),
    );
    expect(refused.status).toBe(400);
  });

  it('reads the ingest API’s callDate in the zone of the deal’s owner', async () => {
    const key = (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body as { key: string };
    const bot = new HttpClient(server.url, '', { authorization: `Bearer ${key.key}`, origin: '' });
    const posted = await bot.post('/api/v1/transcripts', {
      external_id: 'dated-call-1',
      account_manager: 'Sam Rivers',
      client_company_name: 'Northwind',
      product: 'Telemetry',
      language: 'en',
      transcript: CALL,
      callDate: '2026-03-02T10:00:00-05:00',
    });
    expect(posted.status).toBe(202);
    const job = await waitForJob(bot, posted.body.id, 20_000, '/api/v1/jobs');
    expect(job.status).toBe('succeeded');
    const [row] = await server.database.db.select().from(callAnalyses).where(eq(callAnalyses.id, job.analysisId));
    const result = row!.result as { nextMeeting: { date: string } | null };
    expect(result.nextMeeting?.date).toBe('2026-03-10T19:00:00.000Z');
    expect(
      (await bot.post('/api/v1/transcripts', { external_id: 'x', language: 'en', transcript: CALL, callDate: 'soon' })).status,
    ).toBe(400);
  });
});
