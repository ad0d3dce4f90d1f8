import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommercialPoints, parseTechnicalQa } from '@nexa/domain';
import { analyzeCallOffline, parseTranscript } from '@nexa/domain';
import { callAnalyses, jobs, opportunities } from '../src/db/schema.ts';
import { applyCallAnalysis, OpportunityGoneError } from '../src/modules/call-analysis/apply.ts';
import { createOpportunity, SHORT_CALL, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

describe('call analysis API (offline analyzer)', () => {
  let server: TestServer;
  let repA: HttpClient;
  let repB: HttpClient;
  let manager: HttpClient;
  let aId: string;
  let oppA: number;

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '200' });
    const a = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    const b = await server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' });
    aId = a.id;
    [repA, repB, manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    oppA = await createOpportunity(server, aId, 'Alice Archer', { lead_status: 'New' });
  });
  afterAll(() => server.close());

  it('analyses pasted text into the rep’s opportunity, with citations and history', async () => {
    const posted = await repA.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(oppA), text: SHORT_CALL }),
    );
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({ kind: 'transcript_analysis', status: 'queued', opportunityId: oppA, analysisId: null });
    const job = await waitForJob(repA, posted.body.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, opportunityId: oppA, error: null });
    expect(job.analysisId).toEqual(expect.any(String));

    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, oppA));
    const qa = parseTechnicalQa(row!.technical_answers);
    expect(qa[0]).toEqual({
      question: 'Do you support SSO with Okta?',
      response: 'Yes, we support SAML single sign-on with Okta and Azure AD.',
    });
    expect(parseCommercialPoints(row!.commercial_answers).map((p) => p.title)).toEqual(
      expect.arrayContaining(['Economic buyer', 'Budget']),
    );
    expect(row!.technical_scoring).toBeGreaterThan(0);
    expect(row!.lead_status).toMatch(/^(Hot|Warm|Cold)$/);
    expect(row!.next_meeting_date).toBeInstanceOf(Date);
    expect(row!.technical_feedback).toContain('Quick analysis');

    const history = await repA.get(`/api/opportunities/${oppA}/call-analyses`);
    expect(history.status).toBe(200);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.latest).toMatchObject({
      provider: 'offline',
      model: null,
      lineCount: 6,
      createdBy: { id: aId, full_name: 'Alice Archer' },
    });
    expect(history.body.latest.result.quick).toBe(true);
    expect(history.body.latest.citedLines['2']).toBe('Tom (Acme): Do you support SSO with Okta?');

    const fromManager = await manager.get(`/api/opportunities/${oppA}/call-analyses`);
    expect(fromManager.status).toBe(200);
    expect(fromManager.body.items).toHaveLength(1);
  });

  it('names the deal in the recent analyses ("company — product") while it is still theirs (issue 33)', async () => {
    const items: Array<{ id: string; opportunityId: number | null; opportunityName: string | null }> = (
      await repA.get('/api/jobs')
    ).body.items;
    const job = items.find((j) => j.opportunityId === oppA)!;
    expect(job.opportunityName).toBe('Acme Corp — CRM Platform');
    expect((await repA.get(`/api/jobs/${job.id}`)).body.opportunityName).toBe('Acme Corp — CRM Platform');

    // A deal handed to another representative since is no longer named to the first one.
    const handed = await createOpportunity(server, aId, 'Alice Archer', { client_company_name: 'Handed Inc', product: 'Desk' });
    const [old] = await server.database.db
      .insert(jobs)
      .values({ kind: 'transcript_analysis', status: 'failed', payload: {}, owner_id: aId, opportunity_id: handed })
      .returning({ id: jobs.id });
    expect((await repA.get(`/api/jobs/${old!.id}`)).body.opportunityName).toBe('Handed Inc — Desk');
    const bId = (await repB.get('/api/me')).body.id as string;
    await server.database.db.update(opportunities).set({ owner_id: bId }).where(eq(opportunities.id, handed));
    const after = (await repA.get('/api/jobs')).body.items.find((j: { id: string }) => j.id === old!.id);
    expect(after).toMatchObject({ opportunityId: handed, opportunityName: null });
  });

  it('scopes jobs and opportunities to their owner', async () => {
    const posted = await repA.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(oppA), text: SHORT_CALL }),
    );
    expect(posted.status).toBe(202);
    expect((await repB.get(`/api/jobs/${posted.body.id}`)).status).toBe(404);
    expect((await repB.get('/api/jobs')).body.items).toEqual([]);
    expect((await repA.get('/api/jobs')).body.items.map((j: { id: string }) => j.id)).toContain(posted.body.id);
    expect((await repB.get(`/api/opportunities/${oppA}/call-analyses`)).status).toBe(404);
    const attach = await repB.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(oppA), text: SHORT_CALL }),
    );
    expect(attach.status).toBe(404);
    expect(
      (
        await manager.post(
          '/api/call-analyses',
          transcriptForm({ language: 'en', opportunityId: String(oppA), text: SHORT_CALL }),
        )
      ).status,
    ).toBe(403);
    expect((await server.anonymous.post('/api/call-analyses', transcriptForm({ language: 'en', text: SHORT_CALL }))).status).toBe(
      401,
    );
    expect((await server.anonymous.get(`/api/jobs/${posted.body.id}`)).status).toBe(401);
    await waitForJob(repA, posted.body.id);
  });

  it('creates a new opportunity owned by the rep', async () => {
    const posted = await repA.post(
      '/api/call-analyses',
      transcriptForm({
        language: 'fr',
        client_company_name: 'Initech',
        product: 'Support Desk',
        amount: '25000',
        text: SHORT_CALL,
      }),
    );
    expect(posted.status).toBe(202);
    expect(posted.body.opportunityId).toBeNull();
    const job = await waitForJob(repA, posted.body.id);
    expect(job.status).toBe('succeeded');
    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, job.opportunityId));
    expect(row).toMatchObject({
      owner_id: aId,
      account_manager: 'Alice Archer',
      client_company_name: 'Initech',
      product: 'Support Desk',
      amount: 25000,
    });
    expect(row!.technical_feedback).toContain('Analyse rapide');
    const [history] = await server.database.db
      .select()
      .from(callAnalyses)
      .where(eq(callAnalyses.opportunity_id, job.opportunityId));
    expect(history!.language).toBe('fr');
    const [jobRow] = await server.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(jobRow!.opportunity_id).toBe(job.opportunityId);
  });

  it('keeps every analysis as history, newest first, the opportunity holding the latest', async () => {
    const id = await createOpportunity(server, aId, 'Alice Archer');
    const first = await repA.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(id), text: SHORT_CALL }),
    );
    await waitForJob(repA, first.body.id);
    const second = await repA.post(
      '/api/call-analyses',
      transcriptForm(
        { language: 'fr', opportunityId: String(id) },
        {
          name: 'suivi.txt',
          content: 'Alice Archer : Bonjour.\nPaul : Est-ce que vous gérez le SSO ?\nAlice Archer : Oui, avec SAML.',
        },
      ),
    );
    const done = await waitForJob(repA, second.body.id);
    const history = await repA.get(`/api/opportunities/${id}/call-analyses`);
    expect(history.body.items.map((i: { id: string }) => i.id)).toEqual([
      done.analysisId,
      (await waitForJob(repA, first.body.id)).analysisId,
    ]);
    expect(
      history.body.items.map((i: { language: string; transcriptName: string | null }) => [i.language, i.transcriptName]),
    ).toEqual([
      ['fr', 'suivi.txt'],
      ['en', null],
    ]);
    expect(history.body.latest.citedLines).toEqual(
      expect.objectContaining({ '2': 'Paul: Est-ce que vous gérez le SSO ?', '3': 'Alice Archer: Oui, avec SAML.' }),
    );
    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
    expect(row!.technical_answers).toBe('Question: Est-ce que vous gérez le SSO ?\nResponse: Oui, avec SAML.');
    // An opportunity without analyses has an empty history.
    const empty = await createOpportunity(server, aId, 'Alice Archer');
    expect((await manager.get(`/api/opportunities/${empty}/call-analyses`)).body).toEqual({ items: [], latest: null });
  });

  it('applyCallAnalysis updates a new opportunity’s external id on a second call, and refuses a deleted one', async () => {
    const analysis = analyzeCallOffline(parseTranscript(SHORT_CALL), {
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
    });
    const input = {
      target: {
        newOpportunity: {
          client_company_name: 'Umbrella',
          product: 'CRM Platform',
          owner_id: aId,
          account_manager: 'Alice Archer',
          external_id: 'crm-42',
        },
      },
      analysis,
      createdBy: null,
      apiKeyId: null,
      provider: 'offline',
      model: null,
      transcriptName: null,
      transcriptLines: null,
    };
    const db = server.database.db;
    const first = await db.transaction((tx) => applyCallAnalysis(tx, input));
    const second = await db.transaction((tx) => applyCallAnalysis(tx, input));
    expect(second.opportunityId).toBe(first.opportunityId);
    expect(second.analysisId).not.toBe(first.analysisId);
    expect(await db.$count(opportunities, eq(opportunities.external_id, 'crm-42'))).toBe(1);

    await db.delete(opportunities).where(eq(opportunities.id, first.opportunityId));
    await expect(
      db.transaction((tx) => applyCallAnalysis(tx, { ...input, target: { opportunityId: first.opportunityId } })),
    ).rejects.toBeInstanceOf(OpportunityGoneError);
  });

  describe('uploads', () => {
    const post = (fields: Record<string, string>, file?: Parameters<typeof transcriptForm>[1]) =>
      repA.post('/api/call-analyses', transcriptForm({ language: 'en', opportunityId: String(oppA), ...fields }, file));

    it('takes .txt, .vtt, .srt and .docx files, checked by content', async () => {
      const dir = path.join(import.meta.dirname, 'fixtures/transcripts');
      for (const name of [
        'en-discovery-northwind.txt',
        'en-security-review-helios.vtt',
        'en-pricing-followup-contoso.srt',
        'en-onboarding-globex.docx',
      ]) {
        const response = await post({}, { name, content: fs.readFileSync(path.join(dir, name)) });
        expect(response.status, name).toBe(202);
        const job = await waitForJob(repA, response.body.id);
        expect(job.status, name).toBe('succeeded');
      }
      const history = await repA.get(`/api/opportunities/${oppA}/call-analyses`);
      expect(history.body.latest.transcriptName).toBe('en-onboarding-globex.docx');
      expect(history.body.latest.citedLines['3']).toBe(
        'Hannah Cole (Globex): Thanks. Can we connect it to Microsoft Teams and our HubSpot CRM?',
      );
    });

    it('refuses more than 2 MB with 413, as a file or as text', async () => {
      const big = 'Anna: hello there\n'.repeat(Math.ceil((2 * 1024 * 1024 + 10) / 18));
      const file = await post({}, { name: 'big.txt', content: big });
      expect(file.status).toBe(413);
      expect(file.body.error.code).toBe('payload_too_large');
      expect((await post({ text: big })).status).toBe(413);
    });

    it('refuses what is not a transcript with 415, whatever its name says', async () => {
      const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF');
      const zip = await new JSZip().file('notes.txt', 'Anna: hello').generateAsync({ type: 'nodebuffer' });
      const cases: Array<[string, Buffer | string]> = [
        ['call.pdf', pdf],
        ['call.txt', pdf],
        ['call.txt', Buffer.from([0x41, 0x3a, 0x20, 0xff, 0xfe, 0x41])],
        ['call.srt', Buffer.from('Anna: hi\u0000there')],
        ['call.docx', 'Anna: plain text renamed .docx'],
        ['call.docx', zip],
        ['call.exe', 'MZ'],
        ['call', 'Anna: no extension'],
      ];
      for (const [name, content] of cases) {
        const response = await post({}, { name, content });
        expect(response.status, name).toBe(415);
        expect(response.body.error.code, name).toBe('unsupported_media_type');
      }
      expect((await repA.post('/api/call-analyses', { language: 'en', text: 'Anna: hi' })).status).toBe(415);
    });

    it('answers 400 for a missing or contradictory input', async () => {
      expect((await post({})).status).toBe(400);
      expect((await post({ text: '   \n  ' })).status).toBe(400);
      expect((await post({ text: 'Anna: hi' }, { name: 'a.txt', content: 'Anna: hi' })).status).toBe(400);
      expect((await post({ text: 'Anna: hi', language: 'de' })).status).toBe(400);
      expect((await post({ text: 'Anna: hi', client_company_name: 'Both Inc', product: 'X' })).status).toBe(400);
      const noTarget = await repA.post('/api/call-analyses', transcriptForm({ language: 'en', text: 'Anna: hi' }));
      expect(noTarget.status).toBe(400);
      const noProduct = await repA.post(
        '/api/call-analyses',
        transcriptForm({ language: 'en', text: 'Anna: hi', client_company_name: 'Initech' }),
      );
      expect(noProduct.status).toBe(400);
      expect((await post({ opportunityId: '999999', text: 'Anna: hi' })).status).toBe(404);
      expect((await repA.get('/api/jobs/not-a-uuid')).status).toBe(400);
      expect((await repA.get('/api/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });
});
