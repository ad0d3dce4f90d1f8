import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, demoRequests, jobs, opportunities, teamApplications } from '../src/db/schema.ts';
import { callAnalyses, callSpeakers, committeeSuggestions, contacts as contactRows, notifications } from '../src/db/schema.ts';
import { ACCESS_RULES } from './access-rules.ts';
import { startTestServer, TEST_ORIGIN, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The access matrix's third dimension (issue 9): for every route that takes an id, each caller
 * × {own row, another rep's row, a nonexistent id}. A row outside the caller's scope answers
 * exactly like a missing one (404, never 403, never its data).
 */

type Caller = 'visitor' | 'repA' | 'repB' | 'manager';
type Target = 'own' | 'other' | 'missing';

const DAY = 86_400_000;
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const MISSING_OPP = 2_000_000_000;

describe('access matrix: own, another rep’s and nonexistent ids', () => {
  let server: TestServer;
  let storageDir: string;
  const clients = {} as Record<Caller, HttpClient>;
  const users = {} as Record<'repA' | 'repB' | 'manager', string>;
  const opp = {} as Record<'a' | 'b' | 'delA' | 'delB', number>;
  let demoId: string;
  const feed = {} as Record<'repA' | 'repB', string>;
  let applicationId: string;
  const job = {} as Record<'a' | 'b', string>;
  const apiKey = {} as Record<'first' | 'second', string>;
  const callAnalysis = {} as Record<'a' | 'b', string>;
  const roleSuggestion = {} as Record<'a' | 'b', { accept: number; dismiss: number }>;
  /** Contacts each rep created (seen by their creator only), and committee members of each rep's deal. */
  const contact = {} as Record<'a' | 'b' | 'delA' | 'delB' | 'memA' | 'memB' | 'remA' | 'remB', number>;
  const committeeDeal = {} as Record<'a' | 'b', number>;
  const invitation = {} as Record<'resend' | 'revoke', string>;
  /** The deals' versions once the setup is done (the setup's own writes may move them). */
  const version = {} as Record<'a' | 'b', number>;
  /** Accounts (issue 36): each rep's, their merge sources, split sources with their deals, and a merge to undo. */
  const account = {} as Record<'a' | 'b' | 'a2' | 'b2' | 'a3' | 'b3' | 'splitA' | 'splitB', number>;
  const splitDeals = {} as Record<'a' | 'b', number[]>;
  const accountChange = {} as Record<'a' | 'b', number>;
  /** Contacts the manager erases (nothing else reads them). */
  const erasable = {} as Record<'a' | 'b', number>;
  /** Tasks (issue 37): each rep's, and one each to delete and restore. */
  const task = {} as Record<'a' | 'b' | 'delA' | 'delB', number>;
  /** Webhook endpoints (issue 37), the organisation's: two to change, two to delete, and a delivery of each. */
  const endpoint = {} as Record<'first' | 'second' | 'delFirst' | 'delSecond', string>;
  const delivery = {} as Record<'first' | 'second', number>;
  /** A notification of each representative's (issue 37). */
  const notification = {} as Record<'a' | 'b', number>;
  /** A note on each representative's deal, by that representative (issue 37). */
  const note = {} as Record<'a' | 'b', number>;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-ownership-'));
    // Every case is a request from one address: more than the general budget of 300 a minute.
    // Webhook endpoints on loopback (port 9, nothing listens): their deliveries wait, which is all the cases need.
    server = await startTestServer({ STORAGE_DIR: storageDir, RATE_LIMIT_MAX: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const [a, b, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Alice Archer' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Bob Baker' }),
      server.createUser({ role: 'Sales Manager', fullName: 'Mia Manager' }),
    ]);
    users.repA = a.id;
    users.repB = b.id;
    users.manager = m.id;
    [clients.repA, clients.repB, clients.manager] = await Promise.all([
      server.signIn(a.email, a.password),
      server.signIn(b.email, b.password),
      server.signIn(m.email, m.password),
    ]);
    clients.visitor = server.anonymous;
    for (const [key, user_id] of [
      ['a', users.repA],
      ['b', users.repB],
    ] as const) {
      const [made] = await server.database.db
        .insert(notifications)
        .values({ user_id, kind: 'task_due', dedupe_key: `matrix-${key}`, in_app: true, email: 'off' })
        .returning({ id: notifications.id });
      notification[key] = made!.id;
    }
    // Each representative's calendar feed: its address (the secret token) is the credential.
    for (const who of ['repA', 'repB'] as const) {
      feed[who] = new URL((await clients[who].post('/api/calendar/feed')).body.url).pathname;
    }
    for (const which of ['resend', 'revoke'] as const) {
      const email = `ownership-${which}@test.nexa`;
      await clients.manager.post('/api/team-admin/invitations', { email, role: 'Sales Representative', language: 'en' });
      const pending = await clients.manager.get('/api/team-admin/invitations');
      invitation[which] = pending.body.items.find((i: { email: string }) => i.email === email).id;
    }

    const now = Date.now();
    // Each rep owns rows in every status, with overlapping company names, so a leak would show in any sum.
    const statuses = ['On-going', 'Closed Win', 'Lost', 'Negotiation'];
    const row = (owner: string, manager: string, i: number) => ({
      owner_id: owner,
      account_manager: manager,
      product: i % 2 ? 'CRM Platform' : 'Support Desk',
      client_company_name: ['Acme Corp', 'Globex', 'Initech', `Solo ${manager}`][i % 4],
      client_name: `Client ${i}`,
      amount: 1000 * (i + 1) + (owner === users.repB ? 500_000 : 0),
      status: statuses[i % statuses.length]!,
      lead_status: i % 3 ? 'Hot Lead' : 'Pending',
      next_meeting_date: new Date(now + (i - 3) * DAY),
      technical_answers: 'Question: SSO?\nResponse: Yes.',
      technical_feedback: 'Fine.',
      technical_attached_file: 'https://files.example/spec.pdf',
    });
    const aRows = Array.from({ length: 9 }, (_, i) => row(users.repA, 'Alice Archer', i));
    const bRows = Array.from({ length: 7 }, (_, i) => row(users.repB, 'Bob Baker', i));
    const db = server.database.db;
    const inserted = await db
      .insert(opportunities)
      .values([...aRows, ...bRows].map(withStage))
      .returning({ id: opportunities.id });
    opp.a = inserted[0]!.id;
    opp.b = inserted[aRows.length]!.id;
    // Deals to delete and restore, so the other cases keep their rows.
    const [delA, delB] = await db
      .insert(opportunities)
      .values([row(users.repA, 'Alice Archer', 0), row(users.repB, 'Bob Baker', 0)].map(withStage))
      .returning({ id: opportunities.id });
    opp.delA = delA!.id;
    opp.delB = delB!.id;

    const [demo] = await db
      .insert(demoRequests)
      .values({
        full_name: 'Dee Mo',
        company_name: 'Demo Co',
        email: 'dee@example.com',
        selected_date: new Date(now + 7 * DAY),
        request_type: 'demo',
      })
      .returning({ id: demoRequests.id });
    demoId = demo!.id;
    const key = 'resumes/ownership-test.pdf';
    fs.mkdirSync(path.join(storageDir, 'resumes'), { recursive: true });
    fs.writeFileSync(path.join(storageDir, key), '%PDF-1.4\n%ownership\n');
    const [application] = await db
      .insert(teamApplications)
      .values({
        full_name: 'Ann Applicant',
        email: 'ann@example.com',
        resume_file_path: key,
        resume_original_name: 'cv.pdf',
        resume_content_type: 'application/pdf',
        resume_size: 20,
      })
      .returning({ id: teamApplications.id });
    applicationId = application!.id;

    // Finished jobs (the worker leaves them alone), one per rep.
    const [jobA, jobB] = await db
      .insert(jobs)
      .values(
        [users.repA, users.repB].map((owner) => ({
          kind: 'transcript_analysis',
          status: 'succeeded' as const,
          progress: 100,
          payload: {},
          owner_id: owner,
        })),
      )
      .returning({ id: jobs.id });
    job.a = jobA!.id;
    job.b = jobB!.id;
    const [first, second] = await db
      .insert(apiKeys)
      .values(['first', 'second'].map((name) => ({ name, prefix: `nexa_${name}`, key_hash: `hash-${name}` })))
      .returning({ id: apiKeys.id });
    apiKey.first = first!.id;
    apiKey.second = second!.id;
    // A call analysis per rep's deal with its people (issue 36): a speaker who is a contact, and role
    // suggestions to accept and to dismiss (each decided once).
    for (const [key, who] of [
      ['a', 'Alice'],
      ['b', 'Bob'],
    ] as const) {
      const deal = opp[key];
      const [analysis] = await db
        .insert(callAnalyses)
        .values({
          opportunity_id: deal,
          provider: 'offline',
          language: 'en',
          transcript_lines: ['Caller One: I sign it.'],
          result: {},
        })
        .returning({ id: callAnalyses.id });
      const [person] = await db
        .insert(contactRows)
        .values({ full_name: `${who} Speaker` })
        .returning({ id: contactRows.id });
      await db
        .insert(callSpeakers)
        .values({ call_analysis_id: analysis!.id, speaker: 'Caller One', contact_id: person!.id, side: 'buyer', lines: 1 });
      const [accept, dismiss] = await db
        .insert(committeeSuggestions)
        .values(
          [0, 1].map(() => ({
            opportunity_id: deal,
            call_analysis_id: analysis!.id,
            speaker: 'Caller One',
            person_name: `${who} Speaker`,
            contact_id: person!.id,
            role: 'economic_buyer',
            lines: [1],
            quote: 'I sign it.',
          })),
        )
        .returning({ id: committeeSuggestions.id });
      callAnalysis[key] = analysis!.id;
      roleSuggestion[key] = { accept: accept!.id, dismiss: dismiss!.id };
    }
    // Rep A's forecast call this week, which the manager may adjust.
    const call = await clients.repA.request('PUT', '/api/forecast-call', { commit: 1_000, bestCase: 2_000 });
    if (call.status !== 200) throw new Error(`forecast call: ${call.status} ${JSON.stringify(call.body)}`);
    // Contacts (issue 36): without an account each is seen by the rep who created it (and managers).
    for (const [key, who, name] of [
      ['a', 'repA', 'Alice Contact'],
      ['b', 'repB', 'Bob Contact'],
      ['delA', 'repA', 'Alice Deletable'],
      ['delB', 'repB', 'Bob Deletable'],
    ] as const) {
      const made = await clients[who].post('/api/contacts', { full_name: name });
      if (made.status !== 201) throw new Error(`contact: ${made.status} ${made.text}`);
      contact[key] = made.body.id;
    }
    // Deals of their own for the committee's members, so the deals above keep version 1 for the PATCH case.
    const [comA, comB] = await db
      .insert(opportunities)
      .values([row(users.repA, 'Alice Archer', 1), row(users.repB, 'Bob Baker', 1)].map(withStage))
      .returning({ id: opportunities.id });
    committeeDeal.a = comA!.id;
    committeeDeal.b = comB!.id;
    for (const [key, who, deal, name] of [
      ['memA', 'repA', 'a', 'Alice Member'],
      ['memB', 'repB', 'b', 'Bob Member'],
      ['remA', 'repA', 'a', 'Alice Leaver'],
      ['remB', 'repB', 'b', 'Bob Leaver'],
    ] as const) {
      const added = await clients[who].post(`/api/opportunities/${committeeDeal[deal]}/committee`, {
        contact: { full_name: name },
        roles: [],
      });
      if (added.status !== 200) throw new Error(`committee: ${added.status} ${added.text}`);
      contact[key] = added.body.members.find((m: { contact: { full_name: string } }) => m.contact.full_name === name).contact.id;
    }
    for (const [key, who, name] of [
      ['a', 'repA', 'Alice Erasable'],
      ['b', 'repB', 'Bob Erasable'],
    ] as const) {
      const made = await clients[who].post('/api/contacts', { full_name: name });
      if (made.status !== 201) throw new Error(`contact: ${made.status} ${made.text}`);
      erasable[key] = made.body.id;
    }
    // Accounts come from deals written through the API (the change recorder links each to its account).
    const dealOf = async (who: 'repA' | 'repB', company: string) => {
      const made = await clients[who].post('/api/opportunities', { product: 'CRM', client_company_name: company, amount: 1000 });
      if (made.status !== 201) throw new Error(`deal: ${made.status} ${made.text}`);
      return made.body.id as number;
    };
    const accountOf = async (deal: number) =>
      (
        (await db.execute(sql`SELECT account_id FROM opportunities WHERE id = ${deal}`)) as unknown as {
          rows: Array<{ account_id: number }>;
        }
      ).rows[0]!.account_id;
    for (const [side, who, name] of [
      ['a', 'repA', 'Alpha'],
      ['b', 'repB', 'Bravo'],
    ] as const) {
      for (const [key, company] of [
        [side, `Matrix ${name}`],
        [`${side}2`, `Matrix ${name} Two`],
        [`${side}3`, `Matrix ${name} Three`],
      ] as const) {
        account[key] = await accountOf(await dealOf(who, company));
      }
      const splitKey = side === 'a' ? 'splitA' : 'splitB';
      splitDeals[side] = [await dealOf(who, `Matrix ${name} Split`), await dealOf(who, `Matrix ${name} Split`)];
      account[splitKey] = await accountOf(splitDeals[side][0]!);
      const into = await accountOf(await dealOf(who, `Matrix ${name} Undo`));
      const from = await accountOf(await dealOf(who, `Matrix ${name} Undone`));
      const merged = await clients[who].post(`/api/accounts/${into}/merge`, { from: [from] });
      if (merged.status !== 200) throw new Error(`merge: ${merged.status} ${merged.text}`);
      accountChange[side] = merged.body.change_id;
    }
    for (const [key, who] of [
      ['a', 'repA'],
      ['b', 'repB'],
      ['delA', 'repA'],
      ['delB', 'repB'],
    ] as const) {
      const made = await clients[who].post('/api/tasks', { title: `Task ${key}`, due_at: new Date(now + DAY).toISOString() });
      if (made.status !== 201) throw new Error(`task: ${made.status} ${made.text}`);
      task[key] = made.body.id;
    }
    for (const key of ['first', 'second', 'delFirst', 'delSecond'] as const) {
      const made = await clients.manager.post('/api/webhooks/endpoints', {
        url: `http://127.0.0.1:9/${key}`,
        description: key,
        events: ['deal.created'],
      });
      if (made.status !== 201) throw new Error(`endpoint: ${made.status} ${made.text}`);
      endpoint[key] = made.body.id;
    }
    for (const key of ['first', 'second'] as const) {
      const sent = await clients.manager.post(`/api/webhooks/endpoints/${endpoint[key]}/test`);
      if (sent.status !== 202) throw new Error(`test event: ${sent.status} ${sent.text}`);
      delivery[key] = sent.body.id;
    }
    for (const [key, who, text] of [
      ['a', 'repA', 'Alice note'],
      ['b', 'repB', 'Bob note'],
    ] as const) {
      const made = await clients[who].post(`/api/opportunities/${opp[key]}/notes`, { text });
      if (made.status !== 201) throw new Error(`note: ${made.status} ${made.text}`);
      note[key] = made.body.id;
    }
    // Read last: the setup's writes (accounts, committees, analyses) may have moved a deal's version.
    for (const key of ['a', 'b'] as const) {
      const read = await clients.manager.get(`/api/opportunities/${opp[key]}`);
      version[key] = read.body.version;
    }
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** Without following redirects: the attachment format answers 302 to the file's own address. */
  async function call(caller: Caller, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (clients[caller].cookie) headers.cookie = clients[caller].cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  }

  interface Case {
    route: string;
    /** The concrete URL for a target: "own" is rep A's row (or, on manager-only routes, rep A as the subject). */
    url: (target: Target) => string;
    /** A value, or one per caller and target (for writes that can succeed only once per row). */
    body?: unknown;
    bodyFor?: (caller: Caller, target: Target) => unknown;
    /** Expected status per caller and target. */
    expect: Record<Caller, Record<Target, number>>;
    /** Text only the "other" row holds, which must never appear in a refusal. */
    secret?: string;
  }

  const all = (status: number) => ({ own: status, other: status, missing: status });
  /**
   * A case's address for each target: `base/<id><suffix>` with the id `ids[own]`, `ids[other]` or
   * `missing`. The ids are read when the case runs: they exist only after beforeAll.
   */
  const idUrl =
    <Ids extends Record<string, string | number>>(
      base: string,
      ids: Ids,
      own: keyof Ids,
      other: keyof Ids,
      missing: string | number,
      suffix = '',
    ) =>
    (t: Target) =>
      `${base}/${t === 'own' ? ids[own] : t === 'other' ? ids[other] : missing}${suffix}`;
  /** Each representative gets `status` on their own row and 404 on the other's; the manager as given. */
  const eachOwn = (status: number, manager: Record<Target, number>) => ({
    visitor: all(401),
    repA: { own: status, other: 404, missing: 404 },
    repB: { own: 404, other: status, missing: 404 },
    manager,
  });
  const oppUrl = (suffix: string) => idUrl('/api/opportunities', opp, 'a', 'b', MISSING_OPP, suffix);
  const managerSees = { own: 200, other: 200, missing: 404 };
  const repRow = eachOwn(200, managerSees);
  const analysisUrl = (suffix: string) => idUrl('/api/call-analyses', callAnalysis, 'a', 'b', MISSING_UUID, suffix);
  const publicRow = { own: 200, other: 200, missing: 404 };
  const forManager = (manager: Record<Target, number>) => ({ visitor: all(401), repA: all(403), repB: all(403), manager });
  const accountUrl = (suffix: string) => idUrl('/api/accounts', account, 'a', 'b', MISSING_OPP, suffix);
  const endpointUrl = (own: keyof typeof endpoint, other: keyof typeof endpoint, suffix: string) =>
    idUrl('/api/webhooks/endpoints', endpoint, own, other, MISSING_UUID, suffix);

  const cases: Case[] = [
    { route: 'GET /api/opportunities/:id', url: oppUrl(''), expect: repRow, secret: 'Bob Baker' },
    ...(['pdf', 'txt', 'technical'] as const).map((format) => ({
      route: 'GET /api/opportunities/:id/specification',
      url: oppUrl(`/specification?format=${format}`),
      expect: repRow,
    })),
    {
      route: 'GET /api/opportunities/:id/specification',
      url: oppUrl('/specification?format=attachment'),
      expect: eachOwn(302, { own: 302, other: 302, missing: 404 }),
    },
    {
      // The subject is a representative: rep A ("own"), the manager (not a representative) or nobody.
      route: 'GET /api/team/representatives/:id',
      url: idUrl('/api/team/representatives', users, 'repA', 'manager', MISSING_UUID),
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    {
      route: 'PUT /api/team/representatives/:id/quota',
      url: idUrl('/api/team/representatives', users, 'repA', 'manager', MISSING_UUID, '/quota'),
      body: { quarterlyQuota: 123_000 },
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    ...(['GET', 'PUT'] as const).map((method) => ({
      route: `${method} /api/team/representatives/:id/account-manager-names`,
      url: idUrl('/api/team/representatives', users, 'repA', 'manager', MISSING_UUID, '/account-manager-names'),
      body: method === 'PUT' ? { account_manager_name: 'Alice Archer', account_manager_aliases: [] } : undefined,
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    })),
    {
      // Rep A's page: A's deal, B's deal (not A's: 404 as if missing), a deal that does not exist.
      route: 'GET /api/team/representatives/:id/opportunities/:oppId',
      url: (t) =>
        `/api/team/representatives/${users.repA}/opportunities/${t === 'own' ? opp.a : t === 'other' ? opp.b : MISSING_OPP}`,
      expect: forManager({ own: 200, other: 404, missing: 404 }),
      secret: 'Bob Baker',
    },
    {
      route: 'GET /api/leads/team-applications/:id/resume',
      url: (t) => `/api/leads/team-applications/${t === 'missing' ? MISSING_UUID : applicationId}/resume`,
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    { route: 'GET /api/opportunities/:id/call-analyses', url: oppUrl('/call-analyses'), expect: repRow },
    { route: 'GET /api/opportunities/:id/history', url: oppUrl('/history'), expect: repRow, secret: 'Bob Baker' },
    { route: 'GET /api/opportunities/:id/suggestions', url: oppUrl('/suggestions'), expect: repRow },
    {
      route: 'POST /api/opportunities/:id/suggestions/decide',
      url: oppUrl('/suggestions/decide'),
      body: { decision: 'dismiss' },
      expect: repRow,
    },
    {
      // The version read after the setup goes through once per deal; after that a visible deal answers 409,
      // an invisible one 404.
      route: 'PATCH /api/opportunities/:id',
      url: oppUrl(''),
      bodyFor: (_caller, target) => ({ version: version[target === 'other' ? 'b' : 'a'], notes: 'Seen by the access matrix' }),
      expect: eachOwn(200, { own: 409, other: 409, missing: 404 }),
      secret: 'Bob Baker',
    },
    ...(
      [
        ['DELETE /api/opportunities/:id', '', 204],
        ['POST /api/opportunities/:id/restore', '/restore', 200],
      ] as const
    ).map(([route, suffix, done]) => ({
      // Each rep deletes (then restores) their own deal; by the manager's turn both are done already.
      route,
      url: idUrl('/api/opportunities', opp, 'delA', 'delB', MISSING_OPP, suffix),
      expect: eachOwn(done, all(404)),
    })),
    { route: 'GET /api/opportunities/:id/risks', url: oppUrl('/risks'), expect: repRow },
    // The follow-up e-mail (issue 37): whoever may see the deal drafts and sends it (to the outbox here).
    { route: 'GET /api/opportunities/:id/follow-up-email', url: oppUrl('/follow-up-email'), expect: repRow },
    {
      route: 'POST /api/opportunities/:id/follow-up-email',
      url: oppUrl('/follow-up-email'),
      body: { to: ['matrix@example.com'], subject: 'Seen by the access matrix', body: 'Hello.' },
      expect: eachOwn(201, { own: 201, other: 201, missing: 404 }),
    },
    // Notifications (issue 37): one's own only, a manager's too.
    {
      route: 'POST /api/notifications/:id/read',
      url: idUrl('/api/notifications', notification, 'a', 'b', MISSING_OPP, '/read'),
      expect: eachOwn(204, all(404)),
    },
    ...(
      [
        ['GET /api/contacts/:id', ''],
        ['GET /api/contacts/:id/activity', '/activity'],
        ['PATCH /api/contacts/:id', ''],
      ] as const
    ).map(([route, suffix]) => ({
      route,
      url: idUrl('/api/contacts', contact, 'a', 'b', MISSING_OPP, suffix),
      body: route.startsWith('PATCH') ? { title: 'Seen by the access matrix' } : undefined,
      expect: repRow,
      secret: 'Bob Contact',
    })),
    ...(
      [
        ['DELETE /api/contacts/:id', '', 204],
        ['POST /api/contacts/:id/restore', '/restore', 200],
      ] as const
    ).map(([route, suffix, done]) => ({
      // Each rep deletes (then restores) their own contact; by the manager's turn both are done already.
      route,
      url: idUrl('/api/contacts', contact, 'delA', 'delB', MISSING_OPP, suffix),
      expect: eachOwn(done, all(404)),
      secret: 'Bob Deletable',
    })),
    {
      route: 'GET /api/contacts/:id/vcard',
      url: idUrl('/api/contacts', contact, 'a', 'b', MISSING_OPP, '/vcard'),
      expect: repRow,
      secret: 'Bob Contact',
    },
    {
      // Everything held on a person, for managers: rep A's contact and rep B's alike.
      route: 'GET /api/contacts/:id/export',
      url: idUrl('/api/contacts', contact, 'a', 'b', MISSING_OPP, '/export'),
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    {
      route: 'POST /api/contacts/:id/erase',
      url: idUrl('/api/contacts', erasable, 'a', 'b', MISSING_OPP, '/erase'),
      body: { confirm: true },
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    { route: 'GET /api/opportunities/:id/committee', url: oppUrl('/committee'), expect: repRow, secret: 'Bob Member' },
    {
      route: 'POST /api/opportunities/:id/committee',
      url: oppUrl('/committee'),
      body: { contact: { full_name: 'Added by the access matrix' }, roles: [] },
      expect: repRow,
      secret: 'Bob Member',
    },
    {
      route: 'PUT /api/opportunities/:id/committee/:contactId',
      url: (t: Target) =>
        t === 'own'
          ? `/api/opportunities/${committeeDeal.a}/committee/${contact.memA}`
          : t === 'other'
            ? `/api/opportunities/${committeeDeal.b}/committee/${contact.memB}`
            : `/api/opportunities/${MISSING_OPP}/committee/${contact.memA}`,
      body: { roles: ['champion'] },
      expect: repRow,
      secret: 'Bob Member',
    },
    {
      // A member leaves once: by the manager's turn both have left.
      route: 'DELETE /api/opportunities/:id/committee/:contactId',
      url: (t: Target) =>
        t === 'own'
          ? `/api/opportunities/${committeeDeal.a}/committee/${contact.remA}`
          : t === 'other'
            ? `/api/opportunities/${committeeDeal.b}/committee/${contact.remB}`
            : `/api/opportunities/${MISSING_OPP}/committee/${contact.remA}`,
      expect: eachOwn(200, all(404)),
      secret: 'Bob Leaver',
    },
    {
      route: 'PUT /api/opportunities/:id/forecast-category',
      url: oppUrl('/forecast-category'),
      body: { category: 'commit' },
      expect: repRow,
    },
    {
      route: 'GET /api/insights/representatives/:id/coaching',
      url: idUrl('/api/insights/representatives', users, 'repA', 'manager', MISSING_UUID, '/coaching'),
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    {
      // The subject is a representative with a call this week: rep A, the manager (no call) or nobody.
      route: 'PUT /api/insights/forecast-calls/:id',
      url: idUrl('/api/insights/forecast-calls', users, 'repA', 'manager', MISSING_UUID),
      body: { commit: 1_500, bestCase: 2_500 },
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    {
      // A job is its owner's only: the manager did not start either.
      route: 'GET /api/jobs/:id',
      url: idUrl('/api/jobs', job, 'a', 'b', MISSING_UUID),
      expect: eachOwn(200, all(404)),
    },
    {
      // Keys belong to the organisation: any manager may revoke any of them.
      route: 'DELETE /api/api-keys/:id',
      url: idUrl('/api/api-keys', apiKey, 'first', 'second', MISSING_UUID),
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    {
      // A session opens no /api/v1 route, whatever the id: only an API key does.
      route: 'GET /api/v1/jobs/:id',
      url: idUrl('/api/v1/jobs', job, 'a', 'b', MISSING_UUID),
      expect: { visitor: all(401), repA: all(401), repB: all(401), manager: all(401) },
    },
    {
      // A person of the organisation: a no-op change answers 200 for anyone who exists.
      route: 'PATCH /api/team-admin/people/:id',
      url: idUrl('/api/team-admin/people', users, 'repA', 'manager', MISSING_UUID),
      body: { disabled: false },
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    {
      // To rep A: from rep A is refused (same person), from the manager moves nothing.
      route: 'POST /api/team-admin/people/:id/reassign-deals',
      url: idUrl('/api/team-admin/people', users, 'repA', 'manager', MISSING_UUID, '/reassign-deals'),
      // Read when the case runs: the users exist only after beforeAll.
      get body() {
        return { to_user_id: users.repA };
      },
      expect: forManager({ own: 400, other: 200, missing: 404 }),
    },
    {
      // Only an active representative receives waiting deals; the manager is not one.
      route: 'POST /api/team-admin/people/:id/assign-waiting-deals',
      url: idUrl('/api/team-admin/people', users, 'repA', 'manager', MISSING_UUID, '/assign-waiting-deals'),
      expect: forManager({ own: 200, other: 400, missing: 404 }),
    },
    {
      // A resent invitation gets a new id: the old one then answers like a missing one.
      route: 'POST /api/team-admin/invitations/:id/resend',
      url: (t) => `/api/team-admin/invitations/${t === 'missing' ? MISSING_UUID : invitation.resend}/resend`,
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    {
      route: 'DELETE /api/team-admin/invitations/:id',
      url: (t) => `/api/team-admin/invitations/${t === 'missing' ? MISSING_UUID : invitation.revoke}`,
      expect: forManager({ own: 200, other: 404, missing: 404 }),
    },
    {
      // Public by design: the id is an unguessable UUID handed to the visitor who booked.
      route: 'GET /api/leads/demo-requests/:id/invite.ics',
      url: (t) => `/api/leads/demo-requests/${t === 'missing' ? MISSING_UUID : demoId}/invite.ics`,
      expect: { visitor: publicRow, repA: publicRow, repB: publicRow, manager: publicRow },
    },
    {
      // Public by design (decision 042): the token in the address is the credential, held by its owner;
      // an unknown one is missing whoever asks.
      route: 'GET /api/calendar/feed/:token',
      url: (t) =>
        t === 'missing'
          ? '/api/calendar/feed/no-such-token-0000000000000000.ics'
          : (feed[t === 'own' ? 'repA' : 'repB'] ?? '/api/calendar/feed/:token'), // named before beforeAll runs
      expect: { visitor: publicRow, repA: publicRow, repB: publicRow, manager: publicRow },
    },
    // A call's people (issue 36): through the deal of the analysis, as the deal itself.
    {
      route: 'GET /api/call-analyses/:id/people',
      url: analysisUrl('/people'),
      expect: repRow,
      secret: 'Bob Speaker',
    },
    {
      // A person the call names becomes a contact: a new one each time, so every allowed caller succeeds.
      route: 'POST /api/call-analyses/:id/people/contacts',
      url: analysisUrl('/people/contacts'),
      body: { name: 'Named in the call', full_name: 'Named in the call' },
      expect: eachOwn(201, { own: 201, other: 201, missing: 404 }),
      secret: 'Bob Speaker',
    },
    {
      route: 'POST /api/call-analyses/:id/people/side',
      url: analysisUrl('/people/side'),
      body: { speaker: 'Caller One', side: 'buyer' },
      expect: repRow,
      secret: 'Bob Speaker',
    },
    ...(['accept', 'dismiss'] as const).map((decision) => ({
      // Each suggestion is decided once: by the manager's turn both are decided.
      route: `POST /api/call-analyses/:id/role-suggestions/:suggestionId/${decision}`,
      url: (t: Target) =>
        t === 'missing'
          ? `/api/call-analyses/${MISSING_UUID}/role-suggestions/${roleSuggestion.a?.[decision]}/${decision}`
          : `/api/call-analyses/${callAnalysis[t === 'own' ? 'a' : 'b']}/role-suggestions/${roleSuggestion[t === 'own' ? 'a' : 'b']?.[decision]}/${decision}`,
      expect: eachOwn(200, all(404)),
      secret: 'Bob Speaker',
    })),
    // Accounts (issue 36): a rep sees (and changes) the accounts of their own deals, a manager all.
    ...(['GET', 'PATCH'] as const).map((method) => ({
      route: `${method} /api/accounts/:id`,
      url: accountUrl(''),
      body: method === 'PATCH' ? { industry: 'Seen by the access matrix' } : undefined,
      expect: repRow,
      secret: 'Matrix Bravo',
    })),
    {
      // Each allowed merge takes a source of its own: a rep's second account, the manager's third.
      route: 'POST /api/accounts/:id/merge',
      url: accountUrl('/merge'),
      bodyFor: (caller, target) => ({
        from: [account[`${target === 'other' ? 'b' : 'a'}${caller === 'manager' ? '3' : '2'}`]],
      }),
      expect: repRow,
      secret: 'Matrix Bravo',
    },
    {
      // Each allowed split moves a deal of its own to a new account.
      route: 'POST /api/accounts/:id/split',
      url: idUrl('/api/accounts', account, 'splitA', 'splitB', MISSING_OPP, '/split'),
      bodyFor: (caller, target) => ({
        name: `Matrix split by ${caller} on ${target}`,
        deal_ids: [splitDeals[target === 'other' ? 'b' : 'a'][caller === 'manager' ? 1 : 0]],
      }),
      expect: eachOwn(201, { own: 201, other: 201, missing: 404 }),
      secret: 'Matrix Bravo',
    },
    {
      // A change is undone once: by the manager's turn both are, which it may see (409).
      route: 'POST /api/accounts/merges/:id/undo',
      url: idUrl('/api/accounts/merges', accountChange, 'a', 'b', MISSING_OPP, '/undo'),
      expect: eachOwn(200, { own: 409, other: 409, missing: 404 }),
      secret: 'Matrix Bravo',
    },
    // Tasks (issue 37): a task is its owner's only, the manager's too (like a job).
    {
      route: 'PATCH /api/tasks/:id',
      url: idUrl('/api/tasks', task, 'a', 'b', MISSING_OPP),
      body: { title: 'Seen by the access matrix' },
      expect: eachOwn(200, all(404)),
      secret: 'Task b',
    },
    ...(
      [
        ['DELETE /api/tasks/:id', '', 204],
        ['POST /api/tasks/:id/restore', '/restore', 200],
      ] as const
    ).map(([route, suffix, done]) => ({
      route,
      url: idUrl('/api/tasks', task, 'delA', 'delB', MISSING_OPP, suffix),
      expect: eachOwn(done, all(404)),
      secret: 'Task delB',
    })),
    // Webhooks (issue 37): the organisation's endpoints, any manager's; a representative is refused (403).
    {
      route: 'PATCH /api/webhooks/endpoints/:id',
      url: endpointUrl('first', 'second', ''),
      body: { description: 'Seen by the access matrix' },
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    {
      route: 'DELETE /api/webhooks/endpoints/:id',
      url: endpointUrl('delFirst', 'delSecond', ''),
      expect: forManager({ own: 204, other: 204, missing: 404 }),
    },
    {
      route: 'GET /api/webhooks/endpoints/:id/deliveries',
      url: endpointUrl('first', 'second', '/deliveries'),
      expect: forManager({ own: 200, other: 200, missing: 404 }),
    },
    {
      // The other endpoint's delivery under the first endpoint's id is not that endpoint's: 404.
      route: 'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
      url: (t: Target) =>
        t === 'own'
          ? `/api/webhooks/endpoints/${endpoint.first}/deliveries/${delivery.first}/replay`
          : t === 'other'
            ? `/api/webhooks/endpoints/${endpoint.first}/deliveries/${delivery.second}/replay`
            : `/api/webhooks/endpoints/${MISSING_UUID}/deliveries/${delivery.first}/replay`,
      expect: forManager({ own: 202, other: 404, missing: 404 }),
    },
    {
      route: 'POST /api/webhooks/endpoints/:id/test',
      url: endpointUrl('first', 'second', '/test'),
      expect: forManager({ own: 202, other: 202, missing: 404 }),
    },
    // Notes on a deal (issue 37): whoever may see the deal reads and writes them; only the author deletes
    // and restores (403 for the manager, checked in deal-notes.test.ts: by the manager's turn both are done).
    { route: 'GET /api/opportunities/:id/notes', url: oppUrl('/notes'), expect: repRow, secret: 'Bob note' },
    { route: 'GET /api/opportunities/:id/notes/mentionable', url: oppUrl('/notes/mentionable'), expect: repRow },
    {
      route: 'POST /api/opportunities/:id/notes',
      url: oppUrl('/notes'),
      body: { text: 'Seen by the access matrix' },
      expect: eachOwn(201, { own: 201, other: 201, missing: 404 }),
    },
    ...(
      [
        ['DELETE /api/opportunities/:id/notes/:noteId', '', 204],
        ['POST /api/opportunities/:id/notes/:noteId/restore', '/restore', 200],
      ] as const
    ).map(([route, suffix, done]) => ({
      route,
      url: (t: Target) =>
        t === 'own'
          ? `/api/opportunities/${opp.a}/notes/${note.a}${suffix}`
          : t === 'other'
            ? `/api/opportunities/${opp.b}/notes/${note.b}${suffix}`
            : `/api/opportunities/${MISSING_OPP}/notes/${note.a}${suffix}`,
      expect: eachOwn(done, all(404)),
      secret: 'Bob note',
    })),
  ];

  it('covers every route of the access table that takes an id', () => {
    const withId = Object.keys(ACCESS_RULES).filter((route) => route.includes('/:'));
    expect([...new Set(cases.map((c) => c.route))].sort()).toEqual(withId.sort());
  });

  const rows = cases.flatMap((c) =>
    (['visitor', 'repA', 'repB', 'manager'] as const).flatMap((caller) =>
      (['own', 'other', 'missing'] as const).map((target) => ({
        name: `${c.route} ${c.url('own').split('?')[1] ?? ''} as ${caller} on ${target}`,
        c,
        caller,
        target,
      })),
    ),
  );

  it.each(rows)('$name', async ({ c, caller, target }) => {
    const url = c.url(target);
    const method = c.route.split(' ')[0]!;
    const res = await call(caller, method, url, c.bodyFor ? c.bodyFor(caller, target) : c.body);
    const expected = c.expect[caller][target];
    expect(res.status, `${method} ${url}`).toBe(expected);
    if (expected === 404) {
      // Out of scope reads exactly like missing: a JSON not_found, none of the row's content.
      expect(JSON.parse(res.text).error.code).toBe('not_found');
      if (c.secret) expect(res.text).not.toContain(c.secret);
    }
    if (expected === 401) expect(JSON.parse(res.text).error.code).toBe('unauthorized');
    if (expected === 403) expect(JSON.parse(res.text).error.code).toBe('forbidden');
  });

  it('another rep’s row answers byte-for-byte what a nonexistent one answers', async () => {
    const other = await call('repA', 'GET', `/api/opportunities/${opp.b}`);
    const missing = await call('repA', 'GET', `/api/opportunities/${MISSING_OPP}`);
    expect(other.text).toBe(missing.text);
  });

  describe('a rep’s counts and sums never include another rep’s rows', () => {
    /** The figures straight from SQL over one owner's rows, to compare with what the API says. */
    const select = async <T>(query: SQL) => ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

    async function expected(owner: string) {
      const perStatus = await select<{ status: string; count: number; amount: number }>(
        sql`select pipeline_status as status, count(*)::int as count, coalesce(sum(amount), 0)::float8 as amount
            from opportunities where owner_id = ${owner} group by pipeline_status`,
      );
      const companies = await select<{ name: string; total: number; n: number }>(
        sql`select client_company_name as name, coalesce(sum(amount), 0)::float8 as total, count(*)::int as n
            from opportunities where owner_id = ${owner} and btrim(coalesce(client_company_name, '')) <> ''
            group by client_company_name order by client_company_name`,
      );
      const [all] = await select<{ n: number }>(sql`select count(*)::int as n from opportunities where owner_id = ${owner}`);
      return { perStatus, companies, total: all!.n };
    }

    it.each(['repA', 'repB'] as const)('%s: pipeline totals equal SQL over the rep’s own rows', async (who) => {
      const want = await expected(users[who]);
      // Rows in several statuses, so the comparison is over real sums, not zeros.
      expect(want.perStatus.filter((r) => r.count > 0).length).toBeGreaterThanOrEqual(3);
      const res = await clients[who].get('/api/pipeline');
      expect(res.status).toBe(200);
      for (const total of res.body.totals as Array<{ status: string; count: number; amount: number }>) {
        const row = want.perStatus.find((r) => r.status === total.status);
        expect(total.count, total.status).toBe(row?.count ?? 0);
        expect(total.amount, total.status).toBe(Number(row?.amount ?? 0));
      }
      expect(res.body.companyCount).toBe(want.companies.length);
    });

    it.each(['repA', 'repB'] as const)('%s: companies and their values equal SQL over the rep’s own rows', async (who) => {
      const want = await expected(users[who]);
      const res = await clients[who].get('/api/companies?pageSize=200');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(want.companies.length);
      expect(
        res.body.items.map((c: { name: string; total_value: number; opportunity_count: number }) => ({
          name: c.name,
          total: c.total_value,
          n: c.opportunity_count,
        })),
      ).toEqual(want.companies.map((c) => ({ name: c.name, total: Number(c.total), n: c.n })));
    });

    it.each(['repA', 'repB'] as const)('%s: list totals and facets count only own rows', async (who) => {
      const want = await expected(users[who]);
      const list = await clients[who].get('/api/opportunities?pageSize=200');
      expect(list.body.total).toBe(want.total);
      expect(new Set(list.body.items.map((i: { owner_id: string }) => i.owner_id))).toEqual(new Set([users[who]]));
      const manager = await clients.manager.get('/api/opportunities?pageSize=200');
      const all = (await expected(users.repA)).total + (await expected(users.repB)).total;
      expect(manager.body.total).toBe(all);
    });
  });
});
