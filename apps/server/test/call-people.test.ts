import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAnalysisHistory, CallPeople } from '@nexa/domain';
import { clientAccounts, contacts, dealContacts, opportunityChanges } from '../src/db/schema.ts';
import { startFakeLlm, type FakeLlm } from './analysis-fake-llm.ts';
import { analysisWith, createOpportunity, transcriptForm, waitForJob } from './call-analysis-helpers.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Speakers are people, and the call suggests buying roles (issue 36): speakers matched to the deal's
 * contacts and the workspace's members, an unknown speaker added as a contact only when a person asks,
 * a side set once read on every later call of the account, and a suggested role set only when accepted.
 */

const CALL = [
  'Sam Rivers: Thanks for joining, everyone.',
  'Priya S.: Happy to. To be clear, I sign anything above a hundred K.',
  'Speaker 2: Hi, this is Tom, I run the warehouse team.',
  "Speaker 2: I'm the one pushing this internally.",
  'Dana Wu: Honestly, I am not convinced we need another tool.',
  'Sam Rivers: Understood. I will send the pricing on Friday.',
].join('\n');

describe(`call people and role suggestions (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let rep: HttpClient;
  let otherRep: HttpClient;
  let manager: HttpClient;
  let repId: string;
  let accountId: number;
  let priyaId: number;
  let opp: number;

  beforeAll(async () => {
    server = await startTestServer({ JOBS_POLL_MS: '100', RATE_LIMIT_MAX: '100000' });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Rivers' });
    repId = user.id;
    rep = await server.signIn(user.email, user.password);
    const other = await server.createUser({ role: 'Sales Representative', fullName: 'Olga Other' });
    otherRep = await server.signIn(other.email, other.password);
    const boss = await server.createUser({ role: 'Sales Manager', fullName: 'Mona Manager' });
    manager = await server.signIn(boss.email, boss.password);
    const db = server.database.db;
    [{ id: accountId }] = (await db
      .insert(clientAccounts)
      .values({ name: 'Globex', match_key: 'globex' })
      .returning({ id: clientAccounts.id })) as [{ id: number }];
    [{ id: priyaId }] = (await db
      .insert(contacts)
      .values({ account_id: accountId, full_name: 'Priya Sharma', email: 'priya@globex.com', title: 'CFO' })
      .returning({ id: contacts.id })) as [{ id: number }];
    opp = await createOpportunity(server, repId, 'Sam Rivers', {
      client_company_name: 'Globex',
      account_id: accountId,
      status: 'Proposal',
    });
  });
  afterAll(() => server.close());

  const analyse = async (client: HttpClient, id: number, text: string) => {
    const posted = await client.post('/api/call-analyses', transcriptForm({ language: 'en', opportunityId: String(id), text }));
    expect(posted.status, posted.text).toBe(202);
    const job = await waitForJob(client, posted.body.id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const history = await client.get<CallAnalysisHistory>(`/api/opportunities/${id}/call-analyses`);
    return history.body.latest!;
  };
  const people = async (client: HttpClient, analysisId: string) => {
    const response = await client.get<CallPeople>(`/api/call-analyses/${analysisId}/people`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const roles = async (contactId: number) => {
    const [row] = await server.database.db
      .select({ roles: dealContacts.roles })
      .from(dealContacts)
      .where(and(eq(dealContacts.opportunity_id, opp), eq(dealContacts.contact_id, contactId)));
    return row?.roles ?? null;
  };
  const committeeHistory = () =>
    server.database.db
      .select({
        source: opportunityChanges.source,
        after: opportunityChanges.after,
        analysis: opportunityChanges.call_analysis_id,
      })
      .from(opportunityChanges)
      .where(and(eq(opportunityChanges.opportunity_id, opp), eq(opportunityChanges.field, 'committee')));

  let analysisId: string;

  it('matches the speakers to people and suggests roles with their lines, creating and setting nothing', async () => {
    const contactsBefore = await server.database.db.select({ id: contacts.id }).from(contacts);
    const latest = await analyse(rep, opp, CALL);
    analysisId = latest.id;
    const found = await people(rep, analysisId);
    const bySpeaker = Object.fromEntries(found.speakers.map((s) => [s.speaker, s]));
    expect(bySpeaker['Sam Rivers']).toMatchObject({
      side: 'seller',
      member: { id: repId, full_name: 'Sam Rivers' },
      contact: null,
      lines: 2,
    });
    expect(bySpeaker['Priya S.']).toMatchObject({ side: 'buyer', contact: { id: priyaId, full_name: 'Priya Sharma' }, lines: 1 });
    expect(bySpeaker['Speaker 2']).toMatchObject({ contact: null, member: null, calledInCall: 'Tom', side: 'buyer', lines: 2 });
    expect(bySpeaker['Dana Wu']).toMatchObject({ contact: null, member: null });

    const suggested = Object.fromEntries(found.suggestions.map((s) => [s.role, s]));
    expect(suggested.economic_buyer).toMatchObject({ contact: { id: priyaId }, lines: [2], speaker: 'Priya S.' });
    expect(suggested.economic_buyer!.quote).toContain('I sign anything above a hundred K');
    expect(found.citedLines['2']).toContain('I sign anything above a hundred K');
    expect(suggested.champion).toMatchObject({ contact: null, speaker: 'Speaker 2', name: 'Tom', lines: [4] });
    expect(suggested.blocker).toMatchObject({ contact: null, speaker: 'Dana Wu' });
    expect(Object.keys(suggested)).not.toContain('user');

    // Offered, not set: no contact created, no role, no history.
    expect(await server.database.db.select({ id: contacts.id }).from(contacts)).toHaveLength(contactsBefore.length);
    expect(await roles(priyaId)).toBeNull();
    expect(await committeeHistory()).toEqual([]);
    // The analysis keeps them too, for any client of the history.
    expect(latest.result.committeeRoles?.map((r) => r.role)).toEqual(['economic_buyer', 'champion', 'blocker']);
  });

  it('accepting puts the role on the committee through the change recorder, as the person’s write from the analysis', async () => {
    const before = await people(rep, analysisId);
    const eb = before.suggestions.find((s) => s.role === 'economic_buyer')!;
    const accepted = await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/${eb.id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.body as CallPeople).suggestions.map((s) => s.id)).not.toContain(eb.id);
    expect(await roles(priyaId)).toEqual(['economic_buyer']);
    const history = await committeeHistory();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ source: 'person', analysis: analysisId });
    expect(history[0]!.after).toMatchObject({ contact_id: priyaId, roles: ['economic_buyer'] });
    // Decided once: a second accept finds nothing pending.
    expect((await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/${eb.id}/accept`)).status).toBe(404);
  });

  it('an unknown speaker must be added as a contact before a role is accepted; one click adds them to the account', async () => {
    const champion = (await people(rep, analysisId)).suggestions.find((s) => s.role === 'champion')!;
    const refused = await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/${champion.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');

    const added = await rep.post(`/api/call-analyses/${analysisId}/people/contacts`, { speaker: 'Speaker 2', full_name: 'Tom' });
    expect(added.status, added.text).toBe(201);
    const body = added.body as CallPeople;
    const tom = body.speakers.find((s) => s.speaker === 'Speaker 2')!.contact!;
    expect(tom.full_name).toBe('Tom');
    const [row] = await server.database.db.select().from(contacts).where(eq(contacts.id, tom.id));
    expect(row).toMatchObject({ account_id: accountId, side: 'buyer', created_by: repId });
    expect(body.suggestions.find((s) => s.id === champion.id)!.contact).toEqual({ id: tom.id, full_name: 'Tom' });
    // Added to the committee without a role; the champion role only once accepted.
    expect(await roles(tom.id)).toEqual([]);
    expect((await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/${champion.id}/accept`)).status).toBe(200);
    expect(await roles(tom.id)).toEqual(['champion']);
    // A speaker already known is not added twice.
    const again = await rep.post(`/api/call-analyses/${analysisId}/people/contacts`, { speaker: 'Speaker 2', full_name: 'Tom' });
    expect(again.status).toBe(409);
    const member = await rep.post(`/api/call-analyses/${analysisId}/people/contacts`, {
      speaker: 'Sam Rivers',
      full_name: 'Sam',
    });
    expect(member.status).toBe(409);
  });

  it('dismissing leaves nothing behind but the decision', async () => {
    const blocker = (await people(rep, analysisId)).suggestions.find((s) => s.role === 'blocker')!;
    const historyBefore = (await committeeHistory()).length;
    const dismissed = await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/${blocker.id}/dismiss`);
    expect(dismissed.status, dismissed.text).toBe(200);
    expect((dismissed.body as CallPeople).suggestions).toEqual([]);
    expect(await committeeHistory()).toHaveLength(historyBefore);
  });

  it('a side set for a person is stored on the contact and decides their side on the account’s later calls', async () => {
    const set = await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Priya S.', side: 'seller' });
    expect(set.status, set.text).toBe(200);
    expect((set.body as CallPeople).speakers.find((s) => s.speaker === 'Priya S.')!.side).toBe('seller');
    const [row] = await server.database.db.select({ side: contacts.side }).from(contacts).where(eq(contacts.id, priyaId));
    expect(row!.side).toBe('seller');

    const next = await analyse(rep, opp, ['Sam Rivers: Hello again.', 'Priya Sharma: Do you support SSO with Okta?'].join('\n'));
    expect(next.result.speakers?.find((s) => s.speaker === 'Priya Sharma')).toMatchObject({ role: 'rep', rule: 'person' });

    await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Priya S.', side: 'buyer' });
    const after = await analyse(rep, opp, ['Sam Rivers: Hello again.', 'Priya Sharma: Do you support SSO with Okta?'].join('\n'));
    expect(after.result.speakers?.find((s) => s.speaker === 'Priya Sharma')).toMatchObject({ role: 'prospect', rule: 'person' });

    // A member of the workspace is the seller's, always; a speaker not yet a contact has no stored side.
    expect(
      (await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Sam Rivers', side: 'buyer' })).status,
    ).toBe(409);
    expect((await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Dana Wu', side: 'buyer' })).status).toBe(
      409,
    );
    expect((await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Nobody', side: 'buyer' })).status).toBe(
      404,
    );
  });

  it('two contacts of one first name: the speaker named by it alone is nobody yet', async () => {
    const db = server.database.db;
    await db.insert(contacts).values([
      { account_id: accountId, full_name: 'Alex Moreau' },
      { account_id: accountId, full_name: 'Alex Brandt' },
    ]);
    const latest = await analyse(rep, opp, ['Sam Rivers: Welcome.', 'Alex: We need the data to stay in the EU.'].join('\n'));
    const alex = (await people(rep, latest.id)).speakers.find((s) => s.speaker === 'Alex')!;
    expect(alex).toMatchObject({ contact: null, member: null });
  });

  it('someone else’s deal does not exist; a manager reads it; bad input is refused', async () => {
    expect((await otherRep.get(`/api/call-analyses/${analysisId}/people`)).status).toBe(404);
    expect(
      (await otherRep.post(`/api/call-analyses/${analysisId}/people/contacts`, { speaker: 'Dana Wu', full_name: 'Dana Wu' }))
        .status,
    ).toBe(404);
    expect((await otherRep.post(`/api/call-analyses/${analysisId}/role-suggestions/1/dismiss`)).status).toBe(404);
    expect((await manager.get(`/api/call-analyses/${analysisId}/people`)).status).toBe(200);
    expect((await server.anonymous.get(`/api/call-analyses/${analysisId}/people`)).status).toBe(401);
    expect((await rep.get('/api/call-analyses/not-a-uuid/people')).status).toBe(400);
    expect((await rep.post(`/api/call-analyses/${analysisId}/role-suggestions/0/accept`)).status).toBe(400);
    expect((await rep.post(`/api/call-analyses/${analysisId}/people/contacts`, { full_name: 'Nobody' })).status).toBe(400);
    expect((await rep.post(`/api/call-analyses/${analysisId}/people/side`, { speaker: 'Priya S.', side: 'both' })).status).toBe(
      400,
    );
  });
});

describe(`role suggestions from the OpenAI-compatible path (${testDatabaseKind()})`, () => {
  let fake: FakeLlm;
  let server: TestServer;
  let rep: HttpClient;

  beforeAll(async () => {
    fake = await startFakeLlm();
    server = await startTestServer({
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '2000',
      AI_MAX_RETRIES: '0',
      JOBS_POLL_MS: '100',
    });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Rivers' });
    rep = await server.signIn(user.email, user.password);
    const db = server.database.db;
    const [account] = await db
      .insert(clientAccounts)
      .values({ name: 'Initech', match_key: 'initech' })
      .returning({ id: clientAccounts.id });
    await db.insert(contacts).values({ account_id: account!.id, full_name: 'Priya Sharma' });
    const opp = await createOpportunity(server, user.id, 'Sam Rivers', {
      client_company_name: 'Initech',
      account_id: account!.id,
    });
    oppId = opp;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  let oppId: number;

  it('asks for committeeRoles in the structured output and keeps only the ones its lines say', async () => {
    // An empty analysis with four role suggestions (the model's answer may carry language and quick: the server sets them).
    const answer = {
      ...analysisWith({}),
      committeeRoles: [
        // The unlabelled line names its speaker: "this is Priya, the CFO".
        { speaker: null, name: 'Priya', role: 'economic_buyer', lines: [2], quote: 'anything above a hundred K goes through me' },
        // Invented: the quote is not in line 3.
        { speaker: 'Sam Rivers', name: null, role: 'champion', lines: [3], quote: 'I will push this internally' },
        // The seller's side never holds a buying role.
        { speaker: 'Sam Rivers', name: null, role: 'user', lines: [1], quote: 'Welcome' },
        // Not a role: dropped alone, the answer stays.
        { speaker: null, name: 'Bob', role: 'king', lines: [1], quote: 'Welcome' },
      ],
    };
    fake.behave({ kind: 'answer', content: JSON.stringify(answer) });
    const text = [
      'Sam Rivers: Welcome, thanks for making the time.',
      'This is Priya, the CFO; anything above a hundred K goes through me.',
      'Sam Rivers: Noted, I will send the order form.',
    ].join('\n');
    const posted = await rep.post('/api/call-analyses', transcriptForm({ language: 'en', opportunityId: String(oppId), text }));
    expect(posted.status, posted.text).toBe(202);
    const job = await waitForJob(rep, posted.body.id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const request = fake.requests.at(-1)!.body;
    expect(JSON.stringify(request.response_format ?? {})).toContain('committeeRoles');
    const analysisId = job.analysisId as string;
    const found = (await rep.get<CallPeople>(`/api/call-analyses/${analysisId}/people`)).body;
    expect(found.suggestions).toHaveLength(1);
    expect(found.suggestions[0]).toMatchObject({
      role: 'economic_buyer',
      name: 'Priya',
      contact: { full_name: 'Priya Sharma' },
      lines: [2],
    });
  });
});
