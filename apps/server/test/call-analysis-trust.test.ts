import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscriptStrict, type CallAnalysisHistory } from '@nexa/domain';
import { transcriptTextOf } from '../src/modules/call-analysis/transcript-file.ts';
import type { Expected } from '../src/cli/call-eval.ts';
import { createOpportunity, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

const SET = path.join(import.meta.dirname, '../../../bench/calls/set');
const TIMED = new Set(['zoom-vtt', 'meet-vtt', 'teams-vtt', 'srt', 'otter-txt', 'teams-docx', 'bracket-txt']);

describe('transcript formats (a fixture of each, English and French)', () => {
  const all = fs
    .readdirSync(SET)
    .filter((f) => f.endsWith('.expected.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(SET, f), 'utf8')) as Expected);
  const firsts = new Map<string, Expected>();
  for (const expected of all)
    if (!firsts.has(`${expected.format} ${expected.language}`)) firsts.set(`${expected.format} ${expected.language}`, expected);

  it('covers every format in both languages', () => {
    expect(firsts.size).toBe(18);
  });

  for (const [name, expected] of firsts) {
    it(`reads ${name} (${expected.file}) into speakers, times and the original lines`, async () => {
      const text = await transcriptTextOf(expected.file, fs.readFileSync(path.join(SET, expected.file)));
      const lines = parseTranscriptStrict(text, expected.file);
      const raw = text.replace(/\r\n?/g, '\n').split('\n');
      // Every speaker, by the name the meeting tool shows; every line a speaker's.
      expect(new Set(lines.map((l) => l.speaker))).toEqual(new Set(Object.keys(expected.roles)));
      // The words of each labelled requirement are on the parsed line that covers its file lines.
      for (const requirement of expected.requirements) {
        const line = lines.find((l) => l.source! <= requirement.lines[0]! && requirement.lines[0]! <= l.sourceEnd!);
        expect(line, requirement.text).toBeDefined();
        expect(line!.text).toContain(requirement.text.split(' ').slice(0, 4).join(' '));
        expect(raw[requirement.lines[0]! - 1]).toContain(requirement.text.split(' ').slice(0, 2).join(' '));
      }
      if (TIMED.has(expected.format)) {
        expect(lines.every((l) => typeof l.start === 'number')).toBe(true);
        expect(lines.map((l) => l.start!)).toEqual([...lines.map((l) => l.start!)].sort((a, b) => a - b));
      } else expect(lines.every((l) => l.start === null)).toBe(true);
      // Labels as written, except on the speaker the meeting tool named after a room or a phone.
      if (expected.roleEvidence === 'label') {
        expect(lines.filter((l) => l.speaker !== expected.mislabelledSpeaker).every((l) => l.label)).toBe(true);
      }
    });
  }
});

/** The why page's demo call, as a rep would paste it. */
const WHY_CALL = [
  '[00:00:05] Sam (rep): Thanks for joining, Dana. Where does your current telemetry setup hurt most?',
  '[00:00:11] Dana (prospect): Visibility. We have about 5,000 devices in the field, each reporting once a minute, and nobody trusts the dashboards.',
  '[00:00:20] Sam (rep): How long do you need to keep that data, and who needs to get in?',
  '[00:00:27] Dana (prospect): Compliance wants a full year of audit logs.',
  '[00:00:32] Dana (prospect): And everyone signs in through Okta — no exceptions.',
  '[00:00:37] Sam (rep): Is that Okta over SAML? And is there a region the data has to stay in?',
  '[00:00:45] Dana (prospect): SAML. And the data must stay in the EU — Frankfurt ideally.',
  '[00:00:51] Dana (prospect): Our depots run 24/7, so we need at least 99.9% uptime in the contract.',
  '[00:00:58] Sam (rep): Understood. How should the readings reach your ERP?',
  '[00:01:03] Dana (prospect): Into SAP — a REST API plus webhooks for alerts would be ideal.',
  '[00:01:10] Dana (prospect): If we can go live before 30 September, we sign this quarter.',
].join('\n');

describe('call analysis a rep can trust (API)', () => {
  let server: TestServer;
  let rep: HttpClient;
  let opp: number;

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '100', RATE_LIMIT_MAX: '100000' });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Rivers' });
    rep = await server.signIn(user.email, user.password);
    opp = await createOpportunity(server, user.id, 'Sam Rivers', { client_name: 'Dana Cruz', client_company_name: 'Northwind' });
  });
  afterAll(() => server.close());

  const latest = async () => (await rep.get(`/api/opportunities/${opp}/call-analyses`)).body as CallAnalysisHistory;

  it('refuses a file in none of the formats with a 400 that lists them', async () => {
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({
        language: 'en',
        opportunityId: String(opp),
        text: 'Meeting notes\nWe talked about pricing.\nFollow up next week.',
      }),
    );
    expect(posted.status).toBe(400);
    expect(posted.body.error.code).toBe('bad_request');
    expect(posted.body.error.message).toMatch(/^unrecognised_transcript: .*WebVTT.*SRT.*Otter.*\.docx/);
  });

  it('gets the why page’s demo right: who sold, their share, no prospect question, the go-live as the timeline', async () => {
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(opp), text: WHY_CALL }),
    );
    expect(posted.status).toBe(202);
    expect((await waitForJob(rep, posted.body.id)).status).toBe('succeeded');
    const result = (await latest()).latest!.result;
    expect(result.speakers).toEqual([
      { speaker: 'Sam', role: 'rep', rule: 'label' },
      { speaker: 'Dana', role: 'prospect', rule: 'label' },
    ]);
    expect(result.talk!.repWords).toBeGreaterThanOrEqual(25);
    expect(result.talk!.repWords).toBeLessThanOrEqual(40);
    expect(result.talk!.repTime).toEqual(expect.any(Number));
    expect(result.questions).toEqual([]);
    // The prospect's six requirements are lines 2, 4, 5, 7, 8 and 10. The trained model (issue 34) finds
    // the four said as plain needs and misses the volume (line 2, said as a complaint) and the SAP
    // wish (line 10, "would be ideal" reads as a hypothetical): never a line that is not one.
    const found = result.technicalRequirements.map((r) => r.lines[0]);
    expect(found.every((line) => [2, 4, 5, 7, 8, 10].includes(line!))).toBe(true);
    expect(found).toEqual(expect.arrayContaining([4, 5, 7, 8]));
    // "If we can go live before 30 September, we sign this quarter": the prospect's timeline, not a step anyone
    // committed to (issue 34: no invented next steps).
    expect(result.nextSteps).toEqual([]);
    expect(result.qualification!.timeline).toMatchObject({ ticked: true, lines: [11] });
    expect(result.qualification!.budget.ticked).toBe(false);
    expect(result.citations).toEqual({ checked: expect.any(Number), dropped: 0 });
    expect(result.feedback.commercial).not.toMatch(/You spoke/);
  });

  it('re-runs the same transcript with the roles a person chose', async () => {
    const before = await latest();
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm({
        language: 'en',
        opportunityId: String(opp),
        fromAnalysisId: before.latest!.id,
        speakerRoles: JSON.stringify({ Sam: 'prospect', Dana: 'rep' }),
      }),
    );
    expect(posted.status).toBe(202);
    expect((await waitForJob(rep, posted.body.id)).status).toBe('succeeded');
    const after = await latest();
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.latest!.result.speakers).toEqual([
      { speaker: 'Sam', role: 'prospect', rule: 'person' },
      { speaker: 'Dana', role: 'rep', rule: 'person' },
    ]);
    expect(after.latest!.lineCount).toBe(11);
    // Now Sam's questions are the prospect's.
    expect(after.latest!.result.questions!.length).toBeGreaterThan(0);

    const bad = await rep.post(
      '/api/call-analyses',
      transcriptForm({
        language: 'en',
        opportunityId: String(opp),
        fromAnalysisId: before.latest!.id,
        speakerRoles: '{"Sam":"boss"}',
      }),
    );
    expect(bad.status).toBe(400);
    const missing = await rep.post(
      '/api/call-analyses',
      transcriptForm({ language: 'en', opportunityId: String(opp), fromAnalysisId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing.status).toBe(404);
  });

  it('keeps answering other requests while a 2 MB transcript is analysed', async () => {
    const turn = WHY_CALL.split('\n').map((l) => l.replace(/^\[[^\]]+\] /, ''));
    const lines: string[] = [];
    let bytes = 0;
    while (bytes < 2 * 1024 * 1024 - 4_000) {
      lines.push(...turn);
      bytes += Buffer.byteLength(turn.join('\n')) + 1;
    }
    // As a file: a form field's line breaks travel as CRLF and would push it over the limit.
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm(
        { language: 'en', opportunityId: String(opp) },
        { name: 'long-call.txt', content: lines.join('\n'), type: 'text/plain' },
      ),
    );
    expect(posted.status).toBe(202);
    const healthTimes: number[] = [];
    let sawRunning = false;
    // Health checks answered after the job was seen running and before it was seen done.
    let answeredWhileRunning = 0;
    for (;;) {
      const started = performance.now();
      const health = await server.anonymous.get('/api/health');
      healthTimes.push(performance.now() - started);
      expect(health.status).toBe(200);
      if (sawRunning) answeredWhileRunning++;
      const job = await rep.get(`/api/jobs/${posted.body.id}`);
      if (job.body.status === 'running') sawRunning = true;
      if (job.body.status === 'succeeded' || job.body.status === 'failed') {
        expect(job.body.status).toBe('succeeded');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sawRunning).toBe(true);
    // Parsing and analysing take seconds of CPU. On the event loop, the first health check after the job
    // started would wait for all of it and the next poll would find it done; in the worker thread the
    // server keeps answering while it runs. Counted, not timed: a loaded machine slows both alike.
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(3);
    expect(Math.max(...healthTimes)).toBeLessThan(5_000);
  });
});
