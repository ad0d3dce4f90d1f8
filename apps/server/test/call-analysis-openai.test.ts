import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseTechnicalQa, parseTranscript, QUALIFICATION_BOXES, type CallAnalysis } from '@nexa/domain';
import { createOpenAiCallProvider, type OpenAiCallProviderOptions } from '../src/ai/call-openai-provider.ts';
import { CallAnalysisError } from '../src/ai/call-provider.ts';
import { buildApp } from '../src/app.ts';
import { callAnalyses, jobs, opportunities, users } from '../src/db/schema.ts';
import { enqueueTranscriptAnalysis } from '../src/modules/call-analysis/enqueue.ts';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from './analysis-fake-llm.ts';
import { createOpportunity, SHORT_CALL, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { testDatabaseKind } from './database-target.ts';
import { openTestDatabase, startTestServer, testConfig, type HttpClient, type TestServer } from './test-app.ts';

/** What a model would answer for SHORT_CALL, with one invented citation (line 99). */
const modelAnswer = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    technicalRequirements: [
      { question: 'Do you support SSO with Okta?', response: 'Yes, SAML SSO with Okta and Azure AD.', lines: [2, 3, 99] },
      { question: 'Invented question?', response: 'Invented answer.', lines: [99] },
    ],
    commercialPoints: [
      { text: 'Budget: about 40k€ this year; the CFO signs off', lines: [4], quote: 'budget is around 40k€ for this year' },
    ],
    technicalScore: { score: 7.5, reasons: [{ text: 'SSO requirement answered precisely', lines: [3] }] },
    commercialScore: { score: 8, reasons: [{ text: 'Budget and decision maker known', lines: [4] }] },
    feedback: { technical: 'Clear answer on SSO.', commercial: 'Confirm the CFO’s timeline.' },
    nextSteps: [{ text: 'Send the security documentation', lines: [5] }],
    suggestedLeadStatus: { value: 'Hot', lines: [4, 6] },
    nextMeeting: { date: '2026-03-10T14:00:00+00:00', lines: [6] },
    ...over,
  });

const userMessage = (request: RecordedRequest) =>
  (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;

/** The transcript lines a request sent, as numbered for the model ("12 | Tom: …"). */
const sentLines = (request: RecordedRequest) =>
  userMessage(request)
    .split('\n')
    .map((line) => /^(\d+) \| (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ number: Number(m[1]), text: m[2]! }));

/** A provider that talks to the fake server, structured output asked for. */
const fakeProvider = (fake: FakeLlm, over: Partial<OpenAiCallProviderOptions> = {}) =>
  createOpenAiCallProvider({
    baseUrl: fake.baseUrl,
    apiKey: null,
    model: 'fake-model',
    timeoutMs: 5_000,
    maxRetries: 0,
    jsonMode: true,
    ...over,
  });

describe(`call analysis, OpenAI-compatible provider against a real local server (${testDatabaseKind()})`, () => {
  let fake: FakeLlm;
  let server: TestServer;
  let rep: HttpClient;
  let repId: string;

  beforeAll(async () => {
    fake = await startFakeLlm();
    server = await startTestServer({
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '600',
      AI_MAX_RETRIES: '0',
      JOBS_POLL_MS: '100',
    });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
    repId = user.id;
    rep = await server.signIn(user.email, user.password);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const analyse = async (opportunityId: number) => {
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(opportunityId), text: SHORT_CALL }),
    );
    expect(posted.status).toBe(202);
    return waitForJob(rep, posted.body.id, 30_000);
  };

  it('writes a valid answer, drops invented citations and keeps the cited lines', async () => {
    fake.behave({ kind: 'answer', content: modelAnswer() });
    const id = await createOpportunity(server, repId, 'Alice Archer');
    const job = await analyse(id);
    expect(job.status).toBe('succeeded');

    const request = fake.requests[0]!;
    expect(request.body.model).toBe('fake-model');
    // Structured output: the answer's JSON Schema, from the shared analysis schema, strict.
    const format = request.body.response_format;
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'call_analysis', strict: true } });
    const schema = format.json_schema.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(Object.keys(schema.properties));
    expect(Object.keys(schema.properties.qualification.properties)).toEqual([...QUALIFICATION_BOXES]);
    expect(schema.properties.technicalRequirements.items.required).toEqual(['question', 'response', 'lines', 'quote']);
    expect(schema.properties.nextSteps.items.properties.due).toEqual({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(userMessage(request)).toContain('2 | Tom (Acme): Do you support SSO with Okta?');

    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
    expect(parseTechnicalQa(row!.technical_answers)).toEqual([
      { question: 'Do you support SSO with Okta?', response: 'Yes, SAML SSO with Okta and Azure AD.' },
    ]);
    expect(row).toMatchObject({
      technical_scoring: 7.5,
      commercial_scoring: 8,
      lead_status: 'Hot',
      commercial_answers: '1- Budget: about 40k€ this year; the CFO signs off',
    });
    expect(row!.next_meeting_date?.toISOString()).toBe('2026-03-10T14:00:00.000Z');

    const history = await rep.get(`/api/opportunities/${id}/call-analyses`);
    const latest = history.body.latest;
    expect(latest).toMatchObject({ provider: 'openai', model: 'fake-model', lineCount: 6 });
    expect(latest.result.quick).toBe(false);
    expect(latest.result.technicalRequirements).toHaveLength(1);
    expect(latest.result.technicalRequirements[0].lines).toEqual([2, 3]);
    // Every citation points at a real line whose text supports the point.
    const lines = latest.citedLines as Record<string, string>;
    expect(
      Object.keys(lines)
        .map(Number)
        .every((n) => n >= 1 && n <= 6),
    ).toBe(true);
    expect(lines['2']).toMatch(/SSO/);
    expect(lines['3']).toMatch(/SAML/);
    expect(lines['4']).toMatch(/budget/);
    expect(lines['6']).toMatch(/next Tuesday/);
  });

  it('repairs a malformed answer once', async () => {
    fake.behave({
      kind: 'script',
      next: (_request, index) =>
        index === 0
          ? { kind: 'answer', content: 'Sure! Here is the analysis: technical score 7' }
          : { kind: 'answer', content: '```json\n' + modelAnswer() + '\n```' },
    });
    const id = await createOpportunity(server, repId, 'Alice Archer');
    const job = await analyse(id);
    expect(job.status).toBe('succeeded');
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(repair.at(-1)!.content).toMatch(/not valid/);
  });

  it('fills what a partial answer leaves out', async () => {
    fake.behave({
      kind: 'answer',
      content: JSON.stringify({
        technicalScore: { score: 4, reasons: [] },
        commercialScore: { score: 3, reasons: [] },
        commercialPoints: [{ text: 'Budget: 40k€', lines: [4] }],
      }),
    });
    const id = await createOpportunity(server, repId, 'Alice Archer', { lead_status: 'New' });
    const job = await analyse(id);
    expect(job.status).toBe('succeeded');
    expect(fake.requests).toHaveLength(1);
    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
    // No suggestion: the lead status stays as it was.
    expect(row).toMatchObject({ technical_scoring: 4, commercial_scoring: 3, lead_status: 'New', technical_answers: null });
  });

  it('fails the job with a safe message and writes nothing when the answer stays unusable', async () => {
    fake.behave({ kind: 'answer', content: JSON.stringify({ technicalScore: { score: 42 }, secret: 'PROVIDER-INTERNAL' }) });
    const id = await createOpportunity(server, repId, 'Alice Archer', {
      lead_status: 'New',
      technical_answers: 'Question: A?\nResponse: B.',
    });
    const job = await analyse(id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/could not be completed/);
    expect(job.error).not.toMatch(/PROVIDER|score|42/);
    expect(fake.requests).toHaveLength(2);
    expect(await server.database.db.$count(callAnalyses, eq(callAnalyses.opportunity_id, id))).toBe(0);
    const [row] = await server.database.db.select().from(opportunities).where(eq(opportunities.id, id));
    expect(row).toMatchObject({ lead_status: 'New', technical_answers: 'Question: A?\nResponse: B.', technical_scoring: null });
  });

  it('retries an endpoint that fails or is too slow, then gives up after 3 attempts, writing nothing', async () => {
    fake.behave({ kind: 'error', status: 503, body: { error: { message: 'overloaded INTERNAL-DETAIL' } } });
    const id = await createOpportunity(server, repId, 'Alice Archer');
    const failed = await analyse(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The analysis service is unavailable. Please try again later.');
    const [row] = await server.database.db.select().from(jobs).where(eq(jobs.id, failed.id));
    expect(row!.attempts).toBe(3);
    expect(fake.requests).toHaveLength(3);

    fake.requests.length = 0;
    fake.behave({ kind: 'slow', content: modelAnswer(), pieces: 10, delayMs: 200 });
    const slow = await analyse(id);
    expect(slow.status).toBe('failed');
    expect(slow.error).toBe('The analysis service is unavailable. Please try again later.');
    expect(await server.database.db.$count(callAnalyses, eq(callAnalyses.opportunity_id, id))).toBe(0);
  }, 60_000);

  it('fails at once when the endpoint refuses the request (4xx)', async () => {
    fake.behave({ kind: 'error', status: 401, body: { error: { message: 'bad key' } } });
    const id = await createOpportunity(server, repId, 'Alice Archer');
    const job = await analyse(id);
    expect(job.status).toBe('failed');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('OpenAI call provider: long transcripts are split and merged', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());

  it('analyses chunk by chunk with global line numbers, without losing or duplicating points', async () => {
    // 240 lines; every 7th is a prospect question answered on the next line.
    const raw = Array.from({ length: 240 }, (_, i) =>
      i % 7 === 0
        ? `Tom: Question number ${i + 1} about the integration with system ${i + 1}?`
        : `Anna: Answer number ${i + 1}, with enough words to make the line long enough.`,
    ).join('\n');
    const lines = parseTranscript(raw);
    const questions = lines.filter((l) => l.text.endsWith('?') && l.number < 240);

    // The fake model answers from what it was sent: each question line seen with its answer.
    fake.behave({
      kind: 'script',
      next: (request) => {
        const sent = sentLines(request);
        const numbers = new Set(sent.map((s) => s.number));
        const result: Partial<CallAnalysis> = {
          technicalRequirements: sent
            .filter((s) => s.text.endsWith('?') && numbers.has(s.number + 1))
            .map((s) => ({ question: s.text.replace(/^Tom: /, ''), response: 'Answered.', lines: [s.number, s.number + 1] })),
          commercialPoints: [
            { text: `Chunk starting at ${sent[0]!.number}`, lines: [sent[0]!.number, 10_000], quote: sent[0]!.text },
          ],
          technicalScore: { score: 6, reasons: [] },
          commercialScore: { score: 4, reasons: [] },
        };
        return { kind: 'answer', content: JSON.stringify(result) };
      },
    });
    const provider = fakeProvider(fake, { windowChars: 4_000 });
    const progress: Array<[number, number]> = [];
    const result = await provider.analyzeCall({
      lines,
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
      onProgress: async (done, total) => void progress.push([done, total]),
    });
    const chunks = fake.requests.length;
    expect(chunks).toBeGreaterThan(3);
    expect(progress).toEqual(Array.from({ length: chunks }, (_, i) => [i + 1, chunks]));
    expect(result.technicalRequirements.map((r) => r.lines[0])).toEqual(questions.map((q) => q.number));
    for (const requirement of result.technicalRequirements) {
      expect(lines[requirement.lines[0]! - 1]!.text).toContain(requirement.question);
    }
    // One point per chunk, each with only its real citation.
    expect(result.commercialPoints).toHaveLength(chunks);
    expect(result.commercialPoints.every((p) => p.lines.length === 1 && p.lines[0]! <= 240)).toBe(true);
    expect(result.quick).toBe(false);
  });

  it('tells the model the speakers’ roles, drops and counts the points whose quotes are not in their lines', async () => {
    fake.behave({
      kind: 'answer',
      content: modelAnswer({
        technicalRequirements: [
          { question: 'SSO with Okta', response: 'Yes', lines: [2, 3], quote: 'Do you support SSO with Okta?' },
          // The words are not on line 2: an unsupported claim, never shown.
          { question: 'On-premises hosting', response: 'Yes', lines: [2], quote: 'we must run on-premises' },
        ],
        questions: [
          { text: 'Do you support SSO with Okta?', lines: [2], quote: 'SSO with Okta', answer: 'Yes', answerLines: [3] },
        ],
        qualification: {
          budget: { ticked: true, text: 'Budget around 40k€', lines: [4], quote: 'budget is around 40k€' },
          economicBuyer: { ticked: true, text: 'The CFO signs off', lines: [], quote: 'CFO signs off' },
        },
      }),
    });
    const provider = fakeProvider(fake);
    const result = await provider.analyzeCall({
      lines: parseTranscript(SHORT_CALL),
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
      sellerName: 'Alice Archer',
      clientCompany: 'Acme Corp',
    });
    const system = (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>)[0]!.content;
    expect(system).toContain('Alice Archer is the representative');
    expect(system).toContain('Tom is the prospect');
    expect(result.speakers).toEqual([
      { speaker: 'Alice Archer', role: 'rep', rule: 'name' },
      { speaker: 'Tom', role: 'prospect', rule: 'label' },
    ]);
    expect(result.technicalRequirements.map((r) => r.question)).toEqual(['SSO with Okta']);
    expect(result.questions).toHaveLength(1);
    expect(result.qualification!.budget).toMatchObject({ ticked: true, lines: [4] });
    // Ticked without a line: not ticked.
    expect(result.qualification!.economicBuyer.ticked).toBe(false);
    expect(result.citations!.dropped).toBeGreaterThanOrEqual(1);
    expect(result.talk!.repWords).toBeGreaterThan(0);
  });

  it('reports a timeout as a retryable, safe error', async () => {
    fake.behave({ kind: 'hang' });
    const provider = fakeProvider(fake, { model: 'm', timeoutMs: 300, jsonMode: false });
    const error = await provider
      .analyzeCall({ lines: parseTranscript(SHORT_CALL), language: 'en', referenceDate: new Date() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallAnalysisError);
    expect((error as CallAnalysisError).retry).toBe(true);
    expect((error as CallAnalysisError).message).toBe('The analysis service is unavailable. Please try again later.');
  });
});

describe('OpenAI call provider (issue 34): structured output, windows, the citation check', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const provider = (over: Partial<OpenAiCallProviderOptions> = {}) => fakeProvider(fake, over);
  const empty = { technicalScore: { score: 5, reasons: [] }, commercialScore: { score: 5, reasons: [] } };

  it('sends a long call in overlapping windows within the budget and merges what two windows both saw once', async () => {
    // 90 turns; every 5th the prospect states a constraint the seller answers on the next line.
    const raw = Array.from({ length: 90 }, (_, i) =>
      i % 5 === 0
        ? `Tom: Constraint ${i + 1}: the records of region ${i + 1} must stay in that region.`
        : `Anna: Noted, point ${i + 1}, we keep every copy in the same region as its source.`,
    ).join('\n');
    const lines = parseTranscript(raw);
    const constraints = lines.filter((l) => l.speaker === 'Tom');
    // Each window words its points its own way ("as seen in window k"): only the cited line ties them.
    fake.behave({
      kind: 'script',
      next: (request, index) => {
        const sent = sentLines(request);
        const said = sent.filter((s) => s.text.startsWith('Tom: '));
        return {
          kind: 'answer',
          content: JSON.stringify({
            ...empty,
            technicalRequirements: said.map((s) => ({
              question: `Data residency for region ${s.number} (window ${index + 1})`,
              response: 'Kept in region.',
              lines: [s.number],
              quote: s.text.replace(/^Tom: /, ''),
            })),
            questions: [],
            nextSteps: said.slice(0, 1).map((s) => ({
              text: `Confirm region ${s.number}, window ${index + 1}`,
              lines: [s.number],
              quote: 'must stay in that region',
              due: null,
            })),
          }),
        };
      },
    });
    const result = await provider({ windowChars: 2_000, windowOverlap: 5 }).analyzeCall({
      lines,
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
    });
    const windows = fake.requests.map(sentLines);
    expect(windows.length).toBeGreaterThan(2);
    for (const [i, window] of windows.entries()) {
      expect(window.reduce((n, l) => n + l.text.length, 0)).toBeLessThanOrEqual(2_000);
      // Each window begins with the last 5 lines of the one before (one of them a constraint).
      if (i > 0) expect(window.slice(0, 5).map((l) => l.number)).toEqual(windows[i - 1]!.slice(-5).map((l) => l.number));
    }
    // Every constraint once, though the overlap showed some of them to two windows.
    const seenTwice = constraints.filter((c) => windows.filter((w) => w.some((l) => l.number === c.number)).length > 1);
    expect(seenTwice.length).toBeGreaterThan(0);
    expect(result.technicalRequirements.map((r) => r.lines)).toEqual(constraints.map((c) => [c.number]));
    const stepLines = result.nextSteps.map((s) => s.lines[0]);
    expect(new Set(stepLines).size).toBe(stepLines.length);
    expect(result.citations!.dropped).toBe(0);
  });

  it('drops and counts a point whose cited line does not hold its words, and one that quotes nothing it says', async () => {
    fake.behave({
      kind: 'answer',
      content: modelAnswer({
        technicalRequirements: [
          { question: 'SSO with Okta', response: 'Yes', lines: [2], quote: 'Do you support SSO with Okta?' },
          // Line 5 is the rep promising documents: nothing about hosting.
          { question: 'Hosting in Canada only', response: 'Yes', lines: [5], quote: 'our data must stay in Canada' },
          // No quote: held to its own words, which line 4 does not hold.
          { question: 'A dedicated tenant', response: 'Yes', lines: [4] },
        ],
        nextSteps: [{ text: 'Send the security documentation', lines: [5], quote: 'send the security documentation', due: null }],
      }),
    });
    const result = await provider().analyzeCall({
      lines: parseTranscript(SHORT_CALL),
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
    });
    expect(result.technicalRequirements.map((r) => r.question)).toEqual(['SSO with Okta']);
    expect(result.nextSteps.map((s) => s.text)).toEqual(['Send the security documentation']);
    expect(result.citations!.dropped).toBe(2);
    expect(result.citations!.checked).toBeGreaterThanOrEqual(result.citations!.dropped + 3);
  });

  it('falls back to json_object, then to no response_format, for servers that refuse them, and remembers it', async () => {
    fake.behave((body) =>
      body.response_format?.type === 'json_schema'
        ? { kind: 'error', status: 400, body: { error: { message: "response_format type 'json_schema' is not supported" } } }
        : { kind: 'answer', content: modelAnswer() },
    );
    const model = provider();
    const input = {
      lines: parseTranscript(SHORT_CALL),
      language: 'en' as const,
      referenceDate: new Date('2026-03-02T09:00:00Z'),
    };
    const first = await model.analyzeCall(input);
    expect(first.technicalRequirements).toHaveLength(1);
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    await model.analyzeCall(input);
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);

    fake.requests.length = 0;
    fake.behave((body) =>
      body.response_format
        ? { kind: 'error', status: 422, body: { error: { message: 'unknown field' } } }
        : { kind: 'answer', content: modelAnswer() },
    );
    expect((await provider().analyzeCall(input)).technicalRequirements).toHaveLength(1);
    expect(fake.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'none']);

    // AI_JSON_MODE=false: the shape is asked for in the prompt only.
    fake.requests.length = 0;
    await provider({ jsonMode: false }).analyzeCall(input);
    expect(fake.requests.map((r) => r.body.response_format)).toEqual([undefined]);
  });

  it('answers malformed JSON with the provider error the user sees as unavailable, never a crash', async () => {
    fake.behave({ kind: 'answer', content: '{"technicalRequirements": [{"question": "SSO?", "lines": [2' });
    const error = await provider()
      .analyzeCall({ lines: parseTranscript(SHORT_CALL), language: 'en', referenceDate: new Date('2026-03-02T09:00:00Z') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallAnalysisError);
    expect((error as CallAnalysisError).retry).toBe(false);
    expect((error as CallAnalysisError).message).toBe(
      'The analysis could not be completed: the model did not return a usable result.',
    );
    expect((error as CallAnalysisError).detail).toMatch(/^malformed_output/);
    // One repair attempt, then the error.
    expect(fake.requests).toHaveLength(2);
  });

  it('gives the model the call’s day, hour and zone, the seller’s team, and says when no speaker is named', async () => {
    fake.behave({ kind: 'answer', content: JSON.stringify(empty) });
    const system = () => (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>)[0]!.content;
    await provider().analyzeCall({
      lines: parseTranscript(SHORT_CALL),
      language: 'fr',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
      timeZone: 'Europe/Paris',
      sellerName: 'Alice Archer',
      sellerTeam: ['Alice Archer', 'Samir Haddad'],
    });
    expect(system()).toContain('The call took place on Monday 2026-03-02 at 10:00 (Europe/Paris, UTC+01:00)');
    expect(system()).toContain("People of the seller's company (always the seller's side): Alice Archer, Samir Haddad.");
    expect(system()).toContain('Write every text in French.');

    const unnamed = await provider().analyzeCall({
      lines: parseTranscript('Do you support SSO?\nYes, with SAML.\nGreat, send me the details.'),
      language: 'en',
      referenceDate: new Date('2026-03-02T09:00:00Z'),
    });
    expect(system()).toContain('The transcript names no speaker');
    expect(system()).toContain('(UTC, UTC+00:00)');
    expect(unnamed.talk).toBeUndefined();
    expect(unnamed.speakerNames).toBe('missing');
    expect(unnamed.speakers).toEqual([]);
  });
});

describe(`call analysis: shutdown while a model call is in flight (${testDatabaseKind()})`, () => {
  it('closes the app well within 10 s while the model hangs (the job is aborted and handed back)', async () => {
    const fake = await startFakeLlm();
    fake.behave({ kind: 'hang' });
    const server = await startTestServer({
      AI_BASE_URL: fake.baseUrl,
      AI_TIMEOUT_MS: '60000',
      AI_MAX_RETRIES: '0',
      JOBS_POLL_MS: '100',
    });
    try {
      const user = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' });
      const rep = await server.signIn(user.email, user.password);
      const id = await createOpportunity(server, user.id, 'Alice Archer');
      const posted = await rep.post(
        '/api/call-analyses',
        transcriptForm({ language: 'en', opportunityId: String(id), text: SHORT_CALL }),
      );
      expect(posted.status).toBe(202);
      const deadline = Date.now() + 10_000;
      while (fake.requests.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fake.requests).toHaveLength(1);

      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await fake.close();
    }
  });
});

describe(`call analysis, server logs (${testDatabaseKind()})`, () => {
  it('logs a failed job with our own detail, never the upstream text or the key', async () => {
    const key = 'sk-proj-abcdefghijklmnop0123456789';
    const llm = await startFakeLlm();
    const logLines: string[] = [];
    const database = await openTestDatabase();
    const config = testConfig({
      AI_BASE_URL: llm.baseUrl,
      AI_API_KEY: key,
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '2000',
      JOBS_POLL_MS: '100',
    });
    const app = await buildApp({
      config,
      database,
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    try {
      await app.ready();
      llm.behave({
        kind: 'error',
        status: 401,
        body: { error: { message: `Incorrect API key provided: ${key.slice(0, 12)}***6789.` } },
      });
      await database.db.insert(users).values({ id: 'log-rep', email: 'log-rep@test.nexa', full_name: 'Log Rep' });
      const job = await database.db.transaction((tx) =>
        enqueueTranscriptAnalysis(tx, {
          owner: { userId: 'log-rep' },
          target: {
            newOpportunity: { client_company_name: 'Initech', product: 'CRM', owner_id: 'log-rep', account_manager: 'Log Rep' },
          },
          language: 'en',
          transcript: SHORT_CALL,
        }),
      );
      const deadline = Date.now() + 15_000;
      let row = (await database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
      while (row.status !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = (await database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
      }
      expect(row).toMatchObject({ status: 'failed', error: 'The analysis service is unavailable. Please try again later.' });
      expect(await database.db.$count(opportunities, eq(opportunities.client_company_name, 'Initech'))).toBe(0);
      const log = logLines.join('');
      expect(log).toContain('"event":"job.failed"');
      expect(log).toContain('"reason":"status 401"');
      expect(log).not.toContain('Incorrect API key');
      expect(log).not.toContain(key.slice(0, 12));
    } finally {
      await app.close();
      await database.close();
      await llm.close();
    }
  });
});
