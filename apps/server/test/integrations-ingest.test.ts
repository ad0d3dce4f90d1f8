import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAnalysisSchema, type CallAnalysis } from '@nexa/domain';
import { callAnalyses, jobs, opportunities } from '../src/db/schema.ts';
import { SHORT_CALL } from './call-analysis-helpers.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/** What a meeting bot that analysed the call itself would send. */
const ANALYSIS: CallAnalysis = callAnalysisSchema.parse({
  language: 'en',
  quick: false,
  technicalRequirements: [
    { question: 'Do you support SSO with Okta?', response: 'Yes, SAML with Okta and Azure AD.', lines: [2, 3] },
  ],
  commercialPoints: [{ text: 'Budget around 40k€ this year, the CFO signs off.', lines: [4] }],
  technicalScore: { score: 8, reasons: [{ text: 'SSO answered at once', lines: [3] }] },
  commercialScore: { score: 6.5, reasons: [{ text: 'Budget known, decision maker named', lines: [4] }] },
  feedback: { technical: 'Clear answer on SSO.', commercial: 'Confirm the CFO meeting.' },
  nextSteps: [{ text: 'Send the security documentation', lines: [5] }],
  suggestedLeadStatus: { value: 'Hot', lines: [6] },
  nextMeeting: { date: '2026-12-01T14:00:00.000Z', lines: [6] },
});

const withKey = (server: TestServer, key: string) =>
  new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });

describe('integrations: analyses and transcripts through the ingest API', () => {
  let server: TestServer;
  let manager: HttpClient;
  let rep: HttpClient;
  let repId: string;
  let keyA: { id: string; client: HttpClient };
  let keyB: { id: string; client: HttpClient };

  const waitForKeyJob = async (client: HttpClient, id: string) => {
    const until = Date.now() + 20_000;
    for (;;) {
      const res = await client.get(`/api/v1/jobs/${id}`);
      expect(res.status).toBe(200);
      if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
      if (Date.now() > until) throw new Error(`job ${id} still ${res.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '200', INGEST_RATE_LIMIT_MAX: '1000' });
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    repId = r.id;
    manager = await server.signIn(m.email, m.password);
    rep = await server.signIn(r.email, r.password);
    const a = (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body;
    const b = (await manager.post('/api/api-keys', { name: 'CRM' })).body;
    keyA = { id: a.id, client: withKey(server, a.key) };
    keyB = { id: b.id, client: withKey(server, b.key) };
  });
  afterAll(() => server.close());

  describe('POST /api/v1/call-insights with an analysis', () => {
    const body = {
      external_id: 'bot-call-1',
      account_manager: 'Alice Archer',
      client_company_name: 'Acme Corp',
      product: 'CRM Platform',
      lead_status: 'Warm',
      analysis: ANALYSIS,
    };
    const history = async (id: number) =>
      server.database.db.select().from(callAnalyses).where(eq(callAnalyses.opportunity_id, id));

    it('writes the analysis into the fields and the history (the key, provider integration), once', async () => {
      const created = await keyA.client.post('/api/v1/call-insights', body);
      expect(created.status).toBe(201);
      const id = created.body.opportunityId;
      const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
      expect(row).toMatchObject({ owner_id: repId, technical_scoring: 8, commercial_scoring: 6.5 });
      expect(row!.technical_answers).toContain('Do you support SSO with Okta?');
      expect(row!.next_meeting_date!.toISOString()).toBe('2026-12-01T14:00:00.000Z');
      // The request's own lead_status wins over the analysis's suggestion.
      expect(row!.lead_status).toBe('Warm');
      const rows = await history(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ api_key_id: keyA.id, created_by: null, provider: 'integration', transcript_lines: null });

      const repeat = await keyA.client.post('/api/v1/call-insights', body);
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual({ opportunityId: id, created: false, changed: false });
      expect(await history(id)).toHaveLength(1);
      const [after] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
      expect(after).toEqual(row);

      // The manager and the owner read it as history from this integration.
      for (const reader of [manager, rep]) {
        const res = await reader.get(`/api/opportunities/${id}/call-analyses`);
        expect(res.status).toBe(200);
        expect(res.body.items).toHaveLength(1);
        expect(res.body.items[0]).toMatchObject({ apiKeyName: 'Meeting bot', createdBy: null, provider: 'integration' });
      }
    });

    it('keeps a new analysis as a second history row and reports the change', async () => {
      const next = { ...body, analysis: { ...ANALYSIS, technicalScore: { ...ANALYSIS.technicalScore, score: 9 } } };
      const res = await keyA.client.post('/api/v1/call-insights', next);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: false, changed: true });
      expect(await history(res.body.opportunityId)).toHaveLength(2);
      const again = await keyA.client.post('/api/v1/call-insights', next);
      expect(again.body.changed).toBe(false);
      expect(await history(res.body.opportunityId)).toHaveLength(2);
    });
  });

  describe('POST /api/v1/transcripts and GET /api/v1/jobs/:id', () => {
    it('refuses a new external_id without its account manager and company, writing nothing', async () => {
      const res = await keyA.client.post('/api/v1/transcripts', { external_id: 'new-1', language: 'en', transcript: SHORT_CALL });
      expect(res.status).toBe(400);
      expect(res.body.error.field).toBe('account_manager');
      const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'new-1'));
      expect(row).toBeUndefined();
      expect(await server.database.db.select().from(jobs).where(eq(jobs.api_key_id, keyA.id))).toHaveLength(0);

      const blank = await keyA.client.post('/api/v1/transcripts', {
        external_id: 'bot-call-1',
        language: 'en',
        transcript: '  \n \n',
      });
      expect(blank.status).toBe(400);
    });

    it('reads a body past the default 1 MB, refuses a transcript over 2 MB (400) and a body over 3 MB (413)', async () => {
      const line = 'Prospect: Do you support SSO with Okta and SCIM provisioning for our team?\n';
      const big = line.repeat(Math.floor((2 * 1024 * 1024) / line.length));
      // Past the server's default 1 MB body limit, the body still reaches validation: 400, not 413.
      const long = await keyA.client.post('/api/v1/transcripts', {
        external_id: 'bot-call-1',
        language: 'en',
        transcript: big + line.repeat(200),
      });
      expect(long.status).toBe(400);
      expect(long.body.error.field).toBe('transcript');
      const huge = await keyA.client.post('/api/v1/transcripts', {
        external_id: 'bot-call-1',
        language: 'en',
        transcript: 'x'.repeat(4 * 1024 * 1024),
      });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('payload_too_large');
    });

    it('creates the opportunity (matched to its rep), queues the job for this key, and analyses it', async () => {
      const posted = await keyA.client.post('/api/v1/transcripts', {
        external_id: 'bot-call-2',
        account_manager: 'alice archer',
        client_company_name: 'Globex',
        product: 'Analytics',
        language: 'en',
        transcript: SHORT_CALL,
        transcript_name: 'globex-call.txt',
      });
      expect(posted.status).toBe(202);
      expect(posted.body).toMatchObject({ kind: 'transcript_analysis', status: 'queued', opportunityId: expect.any(Number) });
      const [opportunity] = await server.database.db
        .select()
        .from(opportunities)
        .where(eq(opportunities.external_id, 'bot-call-2'));
      expect(opportunity).toMatchObject({ id: posted.body.opportunityId, owner_id: repId, client_company_name: 'Globex' });

      const job = await waitForKeyJob(keyA.client, posted.body.id);
      expect(job).toMatchObject({ status: 'succeeded', progress: 100, opportunityId: opportunity!.id, error: null });
      const [analysis] = await server.database.db.select().from(callAnalyses).where(eq(callAnalyses.id, job.analysisId));
      expect(analysis).toMatchObject({ api_key_id: keyA.id, created_by: null, transcript_name: 'globex-call.txt' });
      expect(analysis!.transcript_lines).toHaveLength(6);

      // Only the key that queued it sees the job: another key, a session and a visitor do not.
      expect((await keyB.client.get(`/api/v1/jobs/${job.id}`)).status).toBe(404);
      expect((await rep.get(`/api/jobs/${job.id}`)).status).toBe(404);
      expect((await rep.get(`/api/v1/jobs/${job.id}`)).status).toBe(401);
      expect((await server.anonymous.get(`/api/v1/jobs/${job.id}`)).status).toBe(401);
      expect((await keyA.client.get('/api/v1/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('analyses into the existing opportunity of an external_id without changing who owns it', async () => {
      const [before] = await server.database.db.select().from(opportunities).where(eq(opportunities.external_id, 'bot-call-1'));
      const posted = await keyB.client.post('/api/v1/transcripts', {
        external_id: 'bot-call-1',
        language: 'en',
        transcript: SHORT_CALL,
      });
      expect(posted.status).toBe(202);
      expect(posted.body.opportunityId).toBe(before!.id);
      const job = await waitForKeyJob(keyB.client, posted.body.id);
      expect(job.status).toBe('succeeded');
      const [after] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, before!.id));
      expect(after!.owner_id).toBe(before!.owner_id);
      expect(after!.external_id).toBe('bot-call-1');
    });

    it('stops a revoked key at once, also for reading its jobs', async () => {
      const { id, key } = (await manager.post('/api/api-keys', { name: 'short-lived' })).body;
      const client = withKey(server, key);
      const posted = await client.post('/api/v1/transcripts', {
        external_id: 'bot-call-1',
        language: 'en',
        transcript: SHORT_CALL,
      });
      expect(posted.status).toBe(202);
      await manager.delete(`/api/api-keys/${id}`);
      expect((await client.get(`/api/v1/jobs/${posted.body.id}`)).status).toBe(401);
      const count = (await server.database.db.select().from(jobs)).length;
      expect(
        (await client.post('/api/v1/transcripts', { external_id: 'bot-call-1', language: 'en', transcript: SHORT_CALL })).status,
      ).toBe(401);
      expect((await server.database.db.select().from(jobs)).length).toBe(count);
    });
  });

  it('describes the ingest API in the OpenAPI document with a bearer scheme', async () => {
    const doc = (await server.anonymous.get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [
      ['/api/v1/call-insights', 'post'],
      ['/api/v1/transcripts', 'post'],
      ['/api/v1/jobs/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path][method].security, path).toEqual([{ apiKey: [] }]);
    }
    expect(doc.paths['/api/api-keys'].post).toBeDefined();
  });
});
