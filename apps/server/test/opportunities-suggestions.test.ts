import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAnalysisSchema, type CallAnalysis } from '@nexa/domain';
import { SHORT_CALL, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * AI suggests, people decide: an integration's fields and a call analysis write a deal's fields
 * only where no person wrote them last; over a person's value they become suggestions to accept or
 * dismiss. Every source leaves its trace in the deal's history.
 */

const ANALYSIS: CallAnalysis = callAnalysisSchema.parse({
  language: 'en',
  quick: false,
  technicalRequirements: [{ question: 'Do you support SSO with Okta?', response: 'Yes, SAML.', lines: [2, 3] }],
  commercialPoints: [{ text: 'Budget around 40k€ this year.', lines: [4] }],
  technicalScore: { score: 8, reasons: [] },
  commercialScore: { score: 6.5, reasons: [] },
  feedback: { technical: 'Clear answer on SSO.', commercial: 'Confirm the CFO meeting.' },
  nextSteps: [],
  suggestedLeadStatus: { value: 'Hot', lines: [6] },
  nextMeeting: null,
});

type Change = {
  field: string;
  source: string;
  call_analysis_id: string | null;
  api_key_id: string | null;
  before: unknown;
  after: unknown;
};

describe('AI never overwrites a person’s value', () => {
  let server: TestServer;
  let rep: HttpClient;
  let bot: HttpClient;
  let botKeyId: string;

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '100', INGEST_RATE_LIMIT_MAX: '1000' });
    const m = await server.createUser({ role: 'Sales Manager' });
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const manager = await server.signIn(m.email, m.password);
    rep = await server.signIn(r.email, r.password);
    const key = (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body;
    botKeyId = key.id;
    bot = new HttpClient(server.url, '', { authorization: `Bearer ${key.key}`, origin: '' });
  });
  afterAll(() => server?.close());

  const history = async (id: number): Promise<Change[]> =>
    (await rep.get(`/api/opportunities/${id}/history?pageSize=100`)).body.items;

  it('writes empty and machine-written fields, suggests over a person’s, and records every source', async () => {
    const insight = {
      external_id: 'bot-1',
      account_manager: 'Alice Archer',
      client_company_name: 'Acme Corp',
      product: 'CRM',
      lead_status: 'Warm',
    };
    const created = await bot.post('/api/v1/call-insights', { ...insight, analysis: ANALYSIS });
    expect(created.status).toBe(201);
    const id: number = created.body.opportunityId;
    let deal = (await rep.get(`/api/opportunities/${id}`)).body;
    // The integration's own field wins over its analysis's suggestion, both machines.
    expect(deal).toMatchObject({
      lead_status: 'Warm',
      technical_scoring: 8,
      technical_feedback: expect.stringContaining('Clear answer on SSO'),
    });
    const first = await history(id);
    expect(first.find((c) => c.field === 'created')).toMatchObject({ source: 'ingest', api_key_id: botKeyId });
    expect(first.find((c) => c.field === 'technical_scoring')).toMatchObject({
      source: 'analysis',
      api_key_id: botKeyId,
      after: 8,
    });
    expect(first.find((c) => c.field === 'technical_scoring')!.call_analysis_id).toEqual(expect.any(String));

    // The representative corrects the feedback and the lead status: from now on they are theirs.
    deal = (
      await rep.patch(`/api/opportunities/${id}`, {
        version: deal.version,
        technical_feedback: 'SSO fine; ask about SCIM.',
        lead_status: 'Cold',
      })
    ).body;
    expect(deal.field_sources).toMatchObject({ technical_feedback: 'person', lead_status: 'person' });

    // The integration sends a new analysis and its lead status again.
    const rerun = {
      ...ANALYSIS,
      technicalScore: { score: 9, reasons: [] },
      feedback: { technical: 'Strong on SSO.', commercial: 'Call the CFO.' },
    };
    const again = await bot.post('/api/v1/call-insights', { ...insight, lead_status: 'Hot', analysis: rerun });
    expect(again.body).toMatchObject({ created: false, changed: true });
    deal = (await rep.get(`/api/opportunities/${id}`)).body;
    expect(deal).toMatchObject({ technical_feedback: 'SSO fine; ask about SCIM.', lead_status: 'Cold', technical_scoring: 9 });
    const suggestions = (await rep.get(`/api/opportunities/${id}/suggestions`)).body.items;
    expect(Object.fromEntries(suggestions.map((s: { field: string; value: unknown }) => [s.field, s.value]))).toMatchObject({
      technical_feedback: expect.stringContaining('Strong on SSO'),
      lead_status: 'Hot',
    });
    // A repeat is no news: no second suggestion, nothing changed.
    expect((await bot.post('/api/v1/call-insights', { ...insight, lead_status: 'Hot', analysis: rerun })).body.changed).toBe(
      false,
    );
    expect((await rep.get(`/api/opportunities/${id}/suggestions`)).body.items).toHaveLength(suggestions.length);

    // The representative's own transcript analysis: same rule, source analysis by the person.
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(id), text: SHORT_CALL }),
    );
    expect(posted.status).toBe(202);
    expect((await waitForJob(rep, posted.body.id)).status).toBe('succeeded');
    deal = (await rep.get(`/api/opportunities/${id}`)).body;
    expect(deal).toMatchObject({ technical_feedback: 'SSO fine; ask about SCIM.', lead_status: 'Cold' });
    // Every analysis stays in the analysis history.
    expect((await rep.get(`/api/opportunities/${id}/call-analyses`)).body.items).toHaveLength(3);

    // Accept one, dismiss the rest: both recorded, nothing pending.
    const pending = (await rep.get(`/api/opportunities/${id}/suggestions`)).body.items as Array<{
      id: number;
      field: string;
      value: unknown;
    }>;
    const lead = pending.find((s) => s.field === 'lead_status')!;
    const accepted = await rep.post(`/api/opportunities/${id}/suggestions/decide`, { decision: 'accept', ids: [lead.id] });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ lead_status: lead.value });
    expect((await rep.post(`/api/opportunities/${id}/suggestions/decide`, { decision: 'dismiss' })).status).toBe(200);
    expect((await rep.get(`/api/opportunities/${id}/suggestions`)).body.items).toEqual([]);
    const last = await history(id);
    expect(last.find((c) => c.field === 'lead_status' && c.source === 'person' && c.after === lead.value)).toBeTruthy();
    expect(last.filter((c) => c.field === 'suggestion_dismissed').length).toBeGreaterThan(0);
    expect(new Set(last.map((c) => c.source))).toEqual(new Set(['ingest', 'analysis', 'person']));
    // A decided suggestion cannot be decided again.
    expect((await rep.post(`/api/opportunities/${id}/suggestions/decide`, { decision: 'accept', ids: [lead.id] })).status).toBe(
      404,
    );
  });

  it('"accept all" accepts the rest when a suggested status closes the deal without a date, and asks for the date', async () => {
    const insight = {
      external_id: 'bot-close',
      account_manager: 'Alice Archer',
      client_company_name: 'Closer Co',
      product: 'CRM',
    };
    const id: number = (await bot.post('/api/v1/call-insights', insight)).body.opportunityId;
    const { version } = (await rep.get(`/api/opportunities/${id}`)).body;
    // The representative sets the stage and the lead status: the integration's later values only suggest.
    expect((await rep.patch(`/api/opportunities/${id}`, { version, stage: 'Proposal', lead_status: 'Warm' })).status).toBe(200);
    expect((await bot.post('/api/v1/call-insights', { ...insight, status: 'Closed Won', lead_status: 'Hot' })).status).toBe(200);
    const pending = (await rep.get(`/api/opportunities/${id}/suggestions`)).body.items as Array<{ id: number; field: string }>;
    expect(pending.map((s) => s.field).sort()).toEqual(['lead_status', 'status']);
    const status = pending.find((s) => s.field === 'status')!;

    const all = await rep.post(`/api/opportunities/${id}/suggestions/decide`, { decision: 'accept' });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({
      lead_status: 'Hot',
      stage: 'Proposal',
      held: [{ id: status.id, field: 'status', value: 'Closed Won', code: 'closing_date_required' }],
    });
    expect((await rep.get(`/api/opportunities/${id}/suggestions`)).body.items).toMatchObject([{ id: status.id }]);

    // Named alone without a date: refused with the field to fill; with the date: the deal closes.
    const undated = await rep.post(`/api/opportunities/${id}/suggestions/decide`, { decision: 'accept', ids: [status.id] });
    expect(undated.status).toBe(400);
    expect(undated.body.error.field ?? undated.body.error.message).toContain('closing_date');
    const dated = await rep.post(`/api/opportunities/${id}/suggestions/decide`, {
      decision: 'accept',
      ids: [status.id],
      closing_date: '2026-11-20',
    });
    expect(dated.status, dated.text).toBe(200);
    expect(dated.body).toMatchObject({ stage: 'Closed-Win', status: 'Closed Won', closing_date: '2026-11-20', held: [] });
    expect((await rep.get(`/api/opportunities/${id}/suggestions`)).body.items).toEqual([]);
  });

  it('records the sample and the CSV import as the import source', async () => {
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Ivy Import' });
    const importer = await server.signIn(r.email, r.password);
    expect((await importer.post('/api/opportunities/sample')).status).toBe(201);
    const imported = await importer.post('/api/opportunities/import', {
      rows: [{ client_company_name: 'Csv Co', product: 'CRM', amount: '100' }],
    });
    expect(imported.body.inserted).toBe(1);
    const list = (await importer.get('/api/opportunities?pageSize=50')).body.items as Array<{ id: number }>;
    expect(list).toHaveLength(11);
    for (const { id } of list) {
      const changes = (await importer.get(`/api/opportunities/${id}/history`)).body.items;
      expect(changes).toMatchObject([{ field: 'created', source: 'import', actor_id: r.id }]);
    }
  });
});
