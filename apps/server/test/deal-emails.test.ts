import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { testDatabaseKind } from './database-target.ts';
import { startSmtpServer, type TestSmtp } from './smtp-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The follow-up e-mail sent from a deal (issue 37), through a real SMTP server on loopback
 * (smtp-server, parsed by mailparser): the draft in the deal's language to its committee with the
 * accepted next steps, the send with the next meeting as an .ics, the history entry; another rep's
 * deal is 404, header injection is refused, and a mail server that is down answers 503 with nothing
 * recorded.
 */

// A meeting still to come, whatever day the test runs: the invite goes only with a meeting ahead.
const MEETING = new Date(Date.now() + 7 * 86_400_000);
MEETING.setUTCHours(15, 30, 0, 0);
const MEETING_ICS = MEETING.toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d{3}/, '');

describe(`follow-up e-mail from a deal (${testDatabaseKind()})`, () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let alice: HttpClient;
  let bob: HttpClient;
  let manager: HttpClient;
  let aliceEmail: string;
  let aliceId: string;
  let deal: number;
  let bobDeal: number;

  const history = async (id: number, client = alice) =>
    (await client.get(`/api/opportunities/${id}/history?pageSize=100`)).body.items as Array<{
      field: string;
      actor_id: string | null;
      actor_name: string | null;
      at: string;
      after: { subject: string; to: string[]; cc: string[]; invite: boolean } | null;
    }>;
  const sentEvents = async (id: number, client = alice) => (await history(id, client)).filter((c) => c.field === 'email_sent');

  const addMember = async (client: HttpClient, id: number, contact: Record<string, string>, roles: string[]) => {
    const committee = await client.get(`/api/opportunities/${id}/committee`);
    const added = await client.post(`/api/opportunities/${id}/committee`, { contact, roles, version: committee.body.version });
    expect(added.status).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ ...smtp.env, FOLLOW_UP_EMAIL_RATE_LIMIT_MAX: '6' });
    const [a, b, m] = await server.signInNew(
      { role: 'Sales Representative', fullName: 'Alice Archer' },
      { role: 'Sales Representative', fullName: 'Bob Baker' },
      { role: 'Sales Manager', fullName: 'Mia Manager' },
    );
    ({ email: aliceEmail, id: aliceId, client: alice } = a!);
    [bob, manager] = [b!.client, m!.client];
    await alice.patch('/api/me', { time_zone: 'Europe/Paris' });
    const created = await alice.post('/api/opportunities', {
      product: 'CRM Platform',
      client_company_name: 'Northwind',
      client_name: 'Claire Bernard',
      amount: 120_000,
      next_meeting_date: MEETING.toISOString(),
    });
    expect(created.status).toBe(201);
    deal = created.body.id;
    bobDeal = (await bob.post('/api/opportunities', { product: 'ERP', client_company_name: 'Globex', amount: 10 })).body.id;

    await addMember(alice, deal, { full_name: 'Claire Bernard', email: 'Claire@Northwind.example' }, ['champion']);
    await addMember(alice, deal, { full_name: 'Hugo Martin', email: 'hugo@northwind.example' }, ['economic_buyer']);
    await addMember(alice, deal, { full_name: 'Nina No-mail' }, ['user']);
    // A French call: the draft is in French.
    await selectRows(
      server.database.db,
      sql`INSERT INTO call_analyses (opportunity_id, provider, language, transcript_name, result)
        VALUES (${deal}, 'offline', 'fr', 'appel.txt', ${JSON.stringify({
          language: 'fr',
          technicalRequirements: [],
          commercialPoints: [{ text: 'Budget validé pour le T1', lines: [2] }],
          nextSteps: [{ text: 'Envoyer le questionnaire sécurité', lines: [3] }],
          nextMeeting: null,
        })}::jsonb) RETURNING id`,
    );
    const task = await alice.post('/api/tasks', {
      title: 'Envoyer le questionnaire sécurité',
      due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      opportunity_id: deal,
    });
    expect(task.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("drafts in the deal's language, to the committee's addresses, with the accepted next steps and the meeting", async () => {
    const draft = await alice.get(`/api/opportunities/${deal}/follow-up-email`);
    expect(draft.status).toBe(200);
    expect(draft.body.language).toBe('fr');
    expect(draft.body.subject).toBe('Suite à notre échange sur CRM Platform — Northwind');
    expect(draft.body.recipients.map((r: { email: string }) => r.email)).toEqual([
      'claire@northwind.example',
      'hugo@northwind.example',
    ]);
    expect(draft.body.reply_to).toBe(aliceEmail);
    expect(draft.body.body).toContain('Prochaines étapes :\n- Envoyer le questionnaire sécurité (d');
    expect(draft.body.body).toContain("L'invitation est jointe.");
    expect(draft.body.body).toContain('Budget validé pour le T1');
    expect(draft.body.invite).toEqual({
      uid: `opportunity-${deal}@nexa`,
      start: MEETING.toISOString(),
      title: 'Rendez-vous avec Northwind',
      duration_minutes: 30,
    });
    // The manager may see the deal, so may draft (and send) it; another rep may not.
    expect((await manager.get(`/api/opportunities/${deal}/follow-up-email`)).status).toBe(200);
  });

  it('sends through SMTP with the invite attached, Reply-To the sender, and records it in the history', async () => {
    const before = smtp.received.length;
    const sent = await alice.post(`/api/opportunities/${deal}/follow-up-email`, {
      to: ['claire@northwind.example', 'Hugo@Northwind.example'],
      cc: ['partner@reseller.example'],
      subject: 'Suite à notre échange — Northwind',
      body: 'Bonjour,\n\nMerci pour votre temps.\n\nAlice',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      to: ['claire@northwind.example', 'hugo@northwind.example'],
      cc: ['partner@reseller.example'],
      subject: 'Suite à notre échange — Northwind',
      invite: true,
    });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual([
      'claire@northwind.example',
      'hugo@northwind.example',
    ]);
    expect([mail.cc].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(['partner@reseller.example']);
    expect(mail.replyTo?.value.map((v) => v.address)).toEqual([aliceEmail]);
    expect(mail.subject).toBe('Suite à notre échange — Northwind');
    expect(mail.text).toContain('Merci pour votre temps.');
    const [ics] = mail.attachments;
    expect(ics!.filename).toBe('invite.ics');
    expect(ics!.contentType).toBe('text/calendar');
    const text = ics!.content.toString('utf8');
    expect(text).toContain(`DTSTART:${MEETING_ICS}`);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`opportunity-${deal}@nexa`);
    expect(event.startDate.toJSDate().toISOString()).toBe(MEETING.toISOString());
    expect(event.summary).toBe('Rendez-vous avec Northwind');

    const [entry] = await sentEvents(deal);
    expect(entry).toMatchObject({
      actor_id: aliceId,
      actor_name: 'Alice Archer',
      after: {
        subject: 'Suite à notre échange — Northwind',
        to: ['claire@northwind.example', 'hugo@northwind.example'],
        cc: ['partner@reseller.example'],
        invite: true,
      },
    });
    expect(Math.abs(Date.parse(entry!.at) - Date.now())).toBeLessThan(60_000);
  });

  it('sends without the invite when the rep leaves it out', async () => {
    const sent = await alice.post(`/api/opportunities/${deal}/follow-up-email`, {
      to: ['claire@northwind.example'],
      subject: 'Sans invitation',
      body: 'Bonjour',
      attach_invite: false,
    });
    expect([sent.status, sent.body.invite]).toEqual([201, false]);
    expect(smtp.received.at(-1)!.attachments).toEqual([]);
    expect((await sentEvents(deal))[0]!.after).toMatchObject({ subject: 'Sans invitation', invite: false });
  });

  it("answers 404 for another rep's deal and for none, and sends nothing", async () => {
    const before = smtp.received.length;
    const mail = { to: ['x@globex.example'], subject: 'Hi', body: 'Hello' };
    for (const res of [
      await alice.get(`/api/opportunities/${bobDeal}/follow-up-email`),
      await alice.post(`/api/opportunities/${bobDeal}/follow-up-email`, mail),
      await alice.post('/api/opportunities/999999/follow-up-email', mail),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect(smtp.received).toHaveLength(before);
    expect(await sentEvents(bobDeal, bob)).toEqual([]);
  });

  it('refuses header injection in the recipients and the subject (400 naming the field); a body cannot add headers', async () => {
    const before = smtp.received.length;
    const injected = [
      [{ to: ['claire@northwind.example\r\nBcc: victim@evil.test'] }, 'to'],
      [{ to: ['claire@northwind.example'], cc: ['a@b.example\nBcc: victim@evil.test'] }, 'cc'],
      [{ to: ['claire@northwind.example'], subject: 'Hi\r\nBcc: victim@evil.test' }, 'subject'],
      [{ to: ['claire@northwind.example'], subject: 'Hi\u2028Bcc: victim@evil.test' }, 'subject'],
      [{ to: ['claire@northwind.example, victim@evil.test'] }, 'to'],
    ] as const;
    for (const [change, field] of injected) {
      const res = await alice.post(`/api/opportunities/${deal}/follow-up-email`, { subject: 'Hi', body: 'Hello', ...change });
      expect([res.status, res.body.error.code]).toEqual([400, 'bad_request']);
      expect(res.body.error.field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    }
    expect(smtp.received).toHaveLength(before);

    const body = 'Hello\r\nBcc: victim@evil.test\r\n\r\nForged';
    const sent = await alice.post(`/api/opportunities/${deal}/follow-up-email`, {
      to: ['claire@northwind.example'],
      subject: 'Body only',
      body,
      attach_invite: false,
    });
    expect(sent.status).toBe(201);
    const mail = smtp.received.at(-1)!;
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(['claire@northwind.example']);
    expect(mail.text).toContain('Bcc: victim@evil.test');
  });

  it('answers 400 for too many recipients, an empty body and a bad address', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@x.example`);
    const valid: Record<string, unknown> = { to: ['a@b.example'], subject: 'Hi', body: 'Hello' };
    for (const [change, field] of [
      [{ to: many }, 'to'],
      [{ body: '  ' }, 'body'],
      [{ to: ['not an address'] }, 'to'],
      [{ to: [] }, 'to'],
    ] as const) {
      const res = await alice.post(`/api/opportunities/${deal}/follow-up-email`, { ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    }
  });

  it('limits sends per person (429), each person with a budget of their own', async () => {
    const c = await server.createUser({ role: 'Sales Representative' });
    const carol = await server.signIn(c.email, c.password);
    const own = (await carol.post('/api/opportunities', { product: 'CRM', client_company_name: 'Hooli', amount: 5 })).body.id;
    const mail = { to: ['gavin@hooli.example'], subject: 'Again', body: 'Hello', attach_invite: false };
    const before = smtp.received.length;
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await carol.post(`/api/opportunities/${own}/follow-up-email`, mail)).status);
    // Six per window here (FOLLOW_UP_EMAIL_RATE_LIMIT_MAX); the seventh is refused and not sent.
    expect(answers).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect(smtp.received).toHaveLength(before + 6);
    expect((await carol.post(`/api/opportunities/${own}/follow-up-email`, mail)).body.error.code).toBe('rate_limited');
    // The manager, from the same address, still has a budget of their own.
    expect((await manager.post(`/api/opportunities/${own}/follow-up-email`, mail)).status).toBe(201);
  });
});

describe(`follow-up e-mail with the mail server down (${testDatabaseKind()})`, () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let rep: HttpClient;
  let deal: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(smtp.env);
    const r = await server.createUser({ role: 'Sales Representative' });
    rep = await server.signIn(r.email, r.password);
    deal = (await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'Initech', amount: 5 })).body.id;
    await smtp.close();
  });
  afterAll(() => server?.close());

  it('answers 503 with a clear error, and records nothing as sent', async () => {
    const res = await rep.post(`/api/opportunities/${deal}/follow-up-email`, {
      to: ['peter@initech.example'],
      subject: 'Following up',
      body: 'Hello',
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: 'service_unavailable',
      message: 'The mail server did not take the e-mail: nothing was sent or recorded',
    });
    const changes = await rep.get(`/api/opportunities/${deal}/history`);
    expect(changes.body.items.map((c: { field: string }) => c.field)).toEqual(['created']);
  });
});

describe('follow-up e-mail without SMTP: the outbox', () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-follow-up-outbox-'));
    server = await startTestServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the whole message, invite included, as an .eml file', async () => {
    const r = await server.createUser({ role: 'Sales Representative' });
    const rep = await server.signIn(r.email, r.password);
    const id = (
      await rep.post('/api/opportunities', {
        product: 'CRM',
        client_company_name: 'Umbrella',
        amount: 5,
        next_meeting_date: MEETING.toISOString(),
      })
    ).body.id;
    const sent = await rep.post(`/api/opportunities/${id}/follow-up-email`, {
      to: ['ada@umbrella.example'],
      subject: 'Following up',
      body: 'Hello Ada',
    });
    expect(sent.status).toBe(201);
    const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const mail = await simpleParser(fs.readFileSync(path.join(dataDir, 'outbox', file!)));
    expect(mail.subject).toBe('Following up');
    expect(mail.replyTo?.value[0]!.address).toBe(r.email);
    expect(mail.attachments[0]!.content.toString('utf8')).toContain(`UID:opportunity-${id}@nexa`);
  });
});
