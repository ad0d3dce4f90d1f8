import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnalysisHistory } from '@nexa/domain';
import { createOpportunity, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/** Speakers as people (issue 34): the workspace sells, dial-ins are speakers, a role set once is remembered on the deal. */
describe('call analysis: speakers as people (API)', () => {
  let server: TestServer;
  let rep: HttpClient;
  let opp: number;
  let other: number;

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '100', RATE_LIMIT_MAX: '100000' });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Rivers' });
    // A colleague with an account: a sales engineer, on the seller's side whenever she speaks.
    await server.createUser({ role: 'Sales Representative', fullName: 'Maya Okafor' });
    rep = await server.signIn(user.email, user.password);
    opp = await createOpportunity(server, user.id, 'Sam Rivers', { client_name: 'Dana Cruz', client_company_name: 'Northwind' });
    other = await createOpportunity(server, user.id, 'Sam Rivers', { client_name: 'Lee Park', client_company_name: 'Globex' });
  });
  afterAll(() => server.close());

  const latest = async (id: number) => {
    const response = await rep.get(`/api/opportunities/${id}/call-analyses`);
    expect(response.status, response.text).toBe(200);
    return (response.body as CallAnalysisHistory).latest!;
  };
  const analyse = async (id: number, fields: Record<string, string>) => {
    const posted = await rep.post('/api/call-analyses', transcriptForm({ language: 'en', opportunityId: String(id), ...fields }));
    expect(posted.status).toBe(202);
    const job = await waitForJob(rep, posted.body.id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    return latest(id);
  };
  const rolesOf = (result: { speakers?: { speaker: string; role: string; rule: string }[] }) =>
    Object.fromEntries((result.speakers ?? []).map((s) => [s.speaker, `${s.role}/${s.rule}`]));

  const FIRST_CALL = [
    'Sam Rivers: Thanks for joining, Dana. Maya is with me today for the technical part.',
    'Dana Cruz: Great. Do you support SSO with Okta?',
    'Maya: Yes, we support SAML and OIDC with Okta.',
    '+1 415 555 0134: Hi, it is Tom Baker from the depot, sorry I am late.',
    'Dana Cruz: We need the data to stay in the EU.',
  ].join('\n');

  it('puts a workspace member on the seller side and keeps a dial-in with its turn', async () => {
    const result = (await analyse(opp, { text: FIRST_CALL })).result;
    expect(rolesOf(result)).toEqual({
      'Sam Rivers': 'rep/name',
      'Dana Cruz': 'prospect/name',
      Maya: 'rep/team',
      '+1 415 555 0134': 'prospect/wording',
    });
    // Maya answered Dana's question: the answer is hers, not a requirement of the prospect.
    expect(result.questions!.find((q) => q.lines[0] === 2)?.answerLines).toEqual([3]);
    expect(result.technicalRequirements.map((r) => r.lines[0])).not.toContain(3);
  });

  it('remembers a role the rep set on the deal and applies it on the deal’s next analysis, not on another deal', async () => {
    const before = await latest(opp);
    // The rep says the dial-in is a colleague (a partner engineer) and re-runs.
    const rerun = await analyse(opp, { fromAnalysisId: before.id, speakerRoles: JSON.stringify({ '+1 415 555 0134': 'rep' }) });
    expect(rolesOf(rerun.result)['+1 415 555 0134']).toBe('rep/person');

    // A later call of the same deal, the same number dialling in: the choice holds without being asked again.
    const nextCall = [
      'Sam Rivers: Hello again Dana.',
      '+1 415 555 0134: Morning, I have the migration plan ready.',
      'Dana Cruz: Good. When can we start the pilot?',
    ].join('\n');
    const next = await analyse(opp, { text: nextCall });
    expect(rolesOf(next.result)).toEqual({
      'Sam Rivers': 'rep/name',
      '+1 415 555 0134': 'rep/person',
      'Dana Cruz': 'prospect/name',
    });

    // Another deal knows nothing of it.
    const elsewhere = await analyse(other, { text: nextCall });
    expect(rolesOf(elsewhere.result)['+1 415 555 0134']).toBe('prospect/wording');
  });

  it('says names are missing for subtitles without names, with no talk share', async () => {
    const srt = [
      '1\n00:00:01,000 --> 00:00:04,000\nThanks for joining. Our platform tracks every claim.\n',
      '2\n00:00:05,000 --> 00:00:08,000\nDo you support single sign-on with Okta?\n',
      '3\n00:00:09,000 --> 00:00:12,000\nYes, we support SAML with Okta.\n',
    ].join('\n');
    const posted = await rep.post(
      '/api/call-analyses',
      transcriptForm(
        { language: 'en', opportunityId: String(other) },
        { name: 'call.srt', content: srt, type: 'application/x-subrip' },
      ),
    );
    expect(posted.status).toBe(202);
    expect((await waitForJob(rep, posted.body.id)).status).toBe('succeeded');
    const result = (await latest(other)).result;
    expect(result.speakerNames).toBe('missing');
    expect(result.talk).toBeUndefined();
    expect(result.feedback.commercial).toMatch(/names no speaker/);
  });
});
