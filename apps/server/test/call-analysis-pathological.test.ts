import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscriptOffThread } from '../src/ai/call-thread.ts';
import { TRANSCRIPT_MAX_BYTES } from '../src/modules/call-analysis/transcript-file.ts';
import { SHORT_CALL, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { HttpClient, startTestServer, type HttpResponse, type TestServer } from './test-app.ts';

/**
 * Issue 33: transcripts built to make the reader's patterns backtrack held the one shared analysis
 * worker for 20 s and ended in a 500, through the form and through the ingest API. Each is sent
 * here at the upload limit both ways: the answer is a 2xx or a 4xx in the product's error shape,
 * quickly, and the worker still reads the next representative's call.
 */

const SIZE = TRANSCRIPT_MAX_BYTES - 1024;
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n';
const fill = (prefix: string, unit: string) => prefix + unit.repeat(Math.floor((SIZE - prefix.length) / unit.length));

const PATHOLOGICAL: Array<{ name: string; file: string; text: string }> = [
  { name: 'an unclosed WebVTT tag repeated', file: 'call.vtt', text: fill(VTT, '<c ') },
  { name: 'an unclosed voice tag repeated', file: 'call.vtt', text: fill(VTT, '<v a') },
  { name: 'a long run of leading spaces', file: 'call.txt', text: `${' '.repeat(SIZE)}x` },
  { name: 'leading spaces before a speaker', file: 'call.txt', text: `${' '.repeat(SIZE)}Sam: hello` },
  {
    name: 'spaces between a name and a time',
    file: 'call.txt',
    text: `A${' '.repeat(SIZE / 2)}1:00\nB${' '.repeat(SIZE / 2)}1:00\n`,
  },
  { name: 'blank lines after an SRT cue number', file: 'call.txt', text: `1${'\n'.repeat(SIZE)}x` },
];

// Each pattern used to take 20 s and more. That the reading is linear is checked by CPU time, not the
// wall clock, in packages/domain/src/transcript-linear.test.ts: a wall-clock bound here failed under load.

const withKey = (server: TestServer, key: string) =>
  new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });

function expectAnswered(response: HttpResponse, statuses: number[]) {
  expect(statuses, `${response.status} ${response.text.slice(0, 300)}`).toContain(response.status);
  if (response.status >= 400) {
    // The product's shape: a code and a message (and the field, when one is to blame), nothing else.
    expect(response.body.error, response.text.slice(0, 300)).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(Object.keys(response.body)).toEqual(['error']);
    for (const key of Object.keys(response.body.error)) expect(['code', 'message', 'field']).toContain(key);
  }
}

describe('pathological transcripts through the form and the ingest API', () => {
  let server: TestServer;
  let rep: HttpClient;
  let otherRep: HttpClient;
  let bot: HttpClient;
  const accepted: Array<{ client: HttpClient; id: string; path: string }> = [];

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '200', INGEST_RATE_LIMIT_MAX: '1000' });
    const [m, a, b] = await Promise.all([
      server.createUser({ role: 'Sales Manager' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' }),
    ]);
    const manager = await server.signIn(m.email, m.password);
    rep = await server.signIn(a.email, a.password);
    otherRep = await server.signIn(b.email, b.password);
    bot = withKey(server, (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body.key);
  });
  afterAll(() => server.close());

  for (const { name, file, text } of PATHOLOGICAL) {
    it(`${name}: the form answers 202 or 4xx, never 500`, async () => {
      const response = await rep.post(
        '/api/call-analyses',
        transcriptForm({ language: 'en', client_company_name: 'Acme Corp', product: 'CRM' }, { name: file, content: text }),
      );
      expectAnswered(response, [202, 400, 413]);
      if (response.status === 202) accepted.push({ client: rep, id: response.body.id, path: '/api/jobs' });
    }, 60_000);

    it(`${name}: POST /api/v1/transcripts answers 202 or 4xx, never 500`, async () => {
      const response = await bot.post('/api/v1/transcripts', {
        external_id: `pathological-${name}`,
        account_manager: 'Alice Archer',
        client_company_name: 'Acme Corp',
        language: 'en',
        transcript: text,
        transcript_name: file,
      });
      expectAnswered(response, [202, 400, 413]);
      if (response.status === 202) accepted.push({ client: bot, id: response.body.id, path: '/api/v1/jobs' });
    }, 60_000);
  }

  it('the jobs that were accepted finish, and another representative’s call is still analysed', async () => {
    const mine = await otherRep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', client_company_name: 'Globex', product: 'CRM', text: SHORT_CALL }),
    );
    expect(mine.status).toBe(202);
    expect(await waitForJob(otherRep, mine.body.id, 60_000)).toMatchObject({ status: 'succeeded', error: null });
    for (const job of accepted) {
      // Finished, succeeded or failed, within the minute (waitForJob throws otherwise).
      const body = await waitForJob(job.client, job.id, 60_000, job.path);
      // A failure, if any, is told in words, not the generic "try again" of a crash.
      if (body.status === 'failed') expect(body.error).not.toMatch(/try again/i);
    }
  }, 180_000);

  it('one task timing out on the shared worker does not fail another representative’s upload', async () => {
    // Someone's transcript overruns its deadline (1 ms: 8 MB cannot be read that fast) while a
    // representative and an integration send valid calls: theirs are read by the next worker.
    const large = Array.from({ length: 80_000 }, (_, i) => `Speaker ${i % 7}: the rollout plan and the budget, week ${i}.`).join(
      '\n',
    );
    const slow = parseTranscriptOffThread(large, null, { deadlineMs: 1 }).then(
      () => 'read',
      (error: Error) => error.message,
    );
    const [form, ingest] = await Promise.all([
      otherRep.post(
        '/api/call-analyses',
        transcriptForm({ language: 'en', client_company_name: 'Initech', product: 'CRM', text: SHORT_CALL }),
      ),
      bot.post('/api/v1/transcripts', {
        external_id: 'valid-after-timeout',
        account_manager: 'Bob Baker',
        client_company_name: 'Initech',
        language: 'en',
        transcript: SHORT_CALL,
      }),
    ]);
    expect(await slow).toMatch(/not done within/);
    expect(form.status).toBe(202);
    expect(ingest.status).toBe(202);
    expect(await waitForJob(otherRep, form.body.id, 60_000)).toMatchObject({ status: 'succeeded' });
  }, 120_000);
});

describe('a transcript the worker gives up on', () => {
  let server: TestServer;
  let rep: HttpClient;
  let bot: HttpClient;

  beforeAll(async () => {
    // A tiny per-task deadline: no worker reads 2 MB within 1 ms, so the reader gives up for certain.
    server = await startTestServer({ CALL_WORKER_TIMEOUT_MS: '1', INGEST_RATE_LIMIT_MAX: '1000' });
    const [m, a] = await Promise.all([
      server.createUser({ role: 'Sales Manager' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' }),
    ]);
    rep = await server.signIn(a.email, a.password);
    const manager = await server.signIn(m.email, m.password);
    bot = withKey(server, (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body.key);
  });
  afterAll(() => server.close());

  const line = 'Prospect: Do you support SSO with Okta and SCIM provisioning for our team?\n';
  const large = line.repeat(Math.floor(SIZE / line.length));

  it('is answered 413 in the product’s shape through the form, not 500', async () => {
    const response = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', client_company_name: 'Acme Corp', product: 'CRM' }, { name: 'call.txt', content: large }),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: {
        code: 'payload_too_large',
        message: expect.stringMatching(/^transcript_too_large: reading_too_long/),
        field: 'transcript',
      },
    });
  });

  it('is answered 413 through POST /api/v1/transcripts, not 500', async () => {
    const response = await bot.post('/api/v1/transcripts', {
      external_id: 'too-slow',
      account_manager: 'Alice Archer',
      client_company_name: 'Acme Corp',
      language: 'en',
      transcript: large,
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({ code: 'payload_too_large', field: 'transcript' });
  });
});
