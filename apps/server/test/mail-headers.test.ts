import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Header injection through the outbox (issue 33): a public lead's name went into `Subject:` as it
 * was, so `Ada\r\nBcc: …\r\n\r\nforged body` added a recipient and a body. Names with a line break
 * or another control character are refused (400 naming the field), and whatever reaches the mailer
 * anyway (a name stored before) has its line breaks taken out of every header.
 */
describe('names with line breaks and mail headers', () => {
  let server: TestServer;
  let dataDir: string;
  let manager: HttpClient;
  let managerId: string;
  let rep: HttpClient;
  const INJECTED = 'Ada\r\nBcc: victim@evil.test\r\n\r\nForged body';

  const outbox = () => {
    const dir = path.join(dataDir, 'outbox');
    return (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  };
  /** The header lines of a message: everything before the first empty line. */
  const headersOf = (eml: string) => eml.slice(0, eml.indexOf('\r\n\r\n')).split('\r\n');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-mail-headers-'));
    server = await startTestServer({
      DATA_DIR: dataDir,
      LEADS_RATE_LIMIT_MAX: '1000',
      LEADS_RATE_LIMIT_PER_EMAIL: '1000',
      LEADS_NOTIFY_EMAIL: 'sales@nexa.test',
    });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Maya Manager' });
    managerId = m.id;
    manager = await server.signIn(m.email, m.password);
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Rep' });
    rep = await server.signIn(r.email, r.password);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const lead = { request_type: 'early_access', email: 'ada@example.com', company_name: 'Analytical', role: 'Sales Manager' };

  it.each([
    ['CR LF', INJECTED],
    ['LF', 'Ada\nBcc: victim@evil.test'],
    ['CR', 'Ada\rBcc: victim@evil.test'],
    ['tab', 'Ada\tLovelace'],
    ['NUL', 'Ada\u0000'],
    ['next line (C1)', 'Ada\u0085Bcc: victim@evil.test'],
    ['line separator', 'Ada\u2028Bcc: victim@evil.test'],
  ])('the lead form refuses a name with a %s: 400 naming the field, nothing stored, no mail', async (_, name) => {
    const before = outbox().length;
    for (const body of [
      { ...lead, full_name: name },
      { ...lead, full_name: 'Ada Lovelace', company_name: name },
    ]) {
      const res = await server.anonymous.post('/api/leads/demo-requests', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.field).toBe(body.full_name === name ? 'full_name' : 'company_name');
    }
    expect((await manager.get('/api/leads?q=analytical')).body.total).toBe(0);
    expect(outbox().length).toBe(before);
  });

  it('the job application form refuses a name with a line break', async () => {
    const form = new FormData();
    form.set('full_name', INJECTED);
    form.set('email', 'applicant@example.com');
    const res = await server.anonymous.post('/api/leads/team-applications', form);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('full_name');
  });

  it('a person, a deal, a key and an ingested deal refuse one too, each naming its field', async () => {
    const refused = async (res: { status: number; body: { error?: { field?: string } } }, field: string) => {
      expect(res.status).toBe(400);
      expect(res.body.error?.field).toBe(field);
    };
    await refused(await rep.patch('/api/me', { full_name: INJECTED }), 'full_name');
    await refused(await rep.post('/api/opportunities', { product: 'CRM', client_company_name: INJECTED }), 'client_company_name');
    await refused(await manager.post('/api/api-keys', { name: INJECTED }), 'name');
    await refused(
      await manager.request('PUT', `/api/team/representatives/${managerId}/account-manager-names`, {
        account_manager_name: 'Maya\nManager',
        account_manager_aliases: [],
      }),
      'account_manager_name',
    );
    const { key } = (await manager.post('/api/api-keys', { name: 'CRM' })).body;
    const integration = { authorization: `Bearer ${key}`, origin: '' };
    await refused(
      await server.anonymous.post(
        '/api/v1/call-insights',
        { external_id: 'x-1', account_manager: INJECTED, client_company_name: 'Acme' },
        integration,
      ),
      'account_manager',
    );
  });

  it('a well-formed lead still mails the team, with its name in the subject', async () => {
    const before = outbox().length;
    const res = await server.anonymous.post('/api/leads/demo-requests', { ...lead, full_name: "Zoë O'Brien-Dupont" });
    expect(res.status).toBe(201);
    await expect.poll(() => outbox().length).toBe(before + 1);
    expect(headersOf(outbox().at(-1)!)).toContain("Subject: New early-access request: Zoë O'Brien-Dupont");
  });

  it('a name stored before with a line break cannot add a header to a mail: every header stays one line', async () => {
    // The inviter's name goes into the invitation's subject; this one predates the rule.
    await server.database.db.update(users).set({ full_name: INJECTED }).where(eq(users.id, managerId));
    const res = await manager.post('/api/team-admin/invitations', {
      email: 'newcomer@example.com',
      role: 'Sales Representative',
      language: 'en',
    });
    expect(res.status).toBe(201);
    const mail = outbox().find((eml) => eml.includes('To: newcomer@example.com'))!;
    const headers = headersOf(mail);
    expect(headers.map((line) => line.split(':')[0])).toEqual(['From', 'To', 'Subject']);
    expect(headers.find((line) => line.startsWith('Subject:'))).toMatch(
      /^Subject: Ada Bcc: victim@evil\.test Forged body invited/,
    );
  });
});
