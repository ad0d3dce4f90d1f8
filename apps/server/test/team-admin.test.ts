import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStage } from '@nexa/domain';
import { opportunities, users, verifications } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

describe(`team administration (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let dataDir: string;
  let manager: HttpClient;
  let managerId: string;
  let counter = 0;
  const uniqueEmail = (name: string) => `${name}${++counter}-${Math.random().toString(36).slice(2, 8)}@test.nexa`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-team-admin-'));
    server = await startTestServer({ DATA_DIR: dataDir });
    const m = await server.createUser({ role: 'Sales Manager', fullName: 'Maya Manager' });
    managerId = m.id;
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mailsTo = (email: string) => {
    const dir = path.join(dataDir, 'outbox');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    return files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${email}`));
  };
  const tokenIn = (mail: string) => decodeURIComponent(/\/invite#token=([\w%-]+)/.exec(mail)![1]!);
  const lastToken = (email: string) => tokenIn(mailsTo(email).at(-1)!);

  async function invite(email: string, role = 'Sales Representative', language = 'en', accountManagerName?: string) {
    return manager.post('/api/team-admin/invitations', { email, role, language, account_manager_name: accountManagerName });
  }

  async function accept(token: string, fullName = 'Nora New') {
    const client = new HttpClient(server.url);
    const res = await client.post('/api/invitations/accept', { token, full_name: fullName, password: 'a-good-password' });
    const cookie = res.headers.getSetCookie()[0];
    if (cookie) client.cookie = cookie.split(';')[0]!;
    return { res, client };
  }

  const personWith = async (email: string) =>
    (await manager.get('/api/team-admin/people')).body.items.find((p: { email: string }) => p.email === email);

  it('offers the deals sent for a name before the person joined, and moves them only when the manager confirms', async () => {
    const { key } = (await manager.post('/api/api-keys', { name: 'CRM before hiring' })).body;
    const integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
    const externalId = `waiting-${Date.now()}`;
    const sent = await integration.post('/api/v1/call-insights', {
      external_id: externalId,
      client_company_name: 'Early Bird Inc',
      account_manager: 'Wendy Waiting',
    });
    expect(sent.status).toBe(201);
    const ownerOf = async () =>
      (await server.database.db.select().from(opportunities)).find((o) => o.external_id === externalId)?.owner_id;
    expect(await ownerOf()).toBeNull();

    const email = uniqueEmail('wendy');
    // The manager names the person as the CRM does; the name she types for herself differs.
    await invite(email, 'Sales Representative', 'en', 'Wendy Waiting');
    expect((await accept(lastToken(email), 'Wendy W.')).res.status).toBe(200);
    const wendy = await personWith(email);
    // Offered, not moved: the deal still has no owner.
    expect(wendy.waiting_deals).toBe(1);
    expect(await ownerOf()).toBeNull();

    const assigned = await manager.post(`/api/team-admin/people/${wendy.id}/assign-waiting-deals`);
    expect(assigned.body).toEqual({ moved: 1 });
    expect(await ownerOf()).toBe(wendy.id);
    expect((await personWith(email)).waiting_deals).toBe(0);
    const audit = await manager.get('/api/team-admin/audit');
    expect(audit.body.items[0]).toMatchObject({ action: 'person.waiting_deals_assigned', target: email });
  });

  it('the name deals are matched on comes from the manager, never from the name the invitee types', async () => {
    const alice = await server.createUser({ role: 'Sales Representative', fullName: 'Alice Existing' });
    const { key } = (await manager.post('/api/api-keys', { name: 'CRM takeover' })).body;
    const integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
    const namesOf = async (id: string) =>
      (await manager.get(`/api/team/representatives/${id}/account-manager-names`)).body.account_manager_name;

    // A newcomer invited without a matching name types a colleague's name for themself.
    const email = uniqueEmail('taker');
    expect((await invite(email)).status).toBe(201);
    expect((await accept(lastToken(email), 'Alice Existing')).res.status).toBe(200);
    const taker = await personWith(email);
    expect(await namesOf(taker.id)).toBe('');
    // Deals sent for Alice still go to Alice.
    const externalId = `takeover-${Date.now()}`;
    expect(
      (
        await integration.post('/api/v1/call-insights', {
          external_id: externalId,
          client_company_name: 'Diverted Inc',
          account_manager: 'Alice Existing',
        })
      ).status,
    ).toBe(201);
    const deal = (await server.database.db.select().from(opportunities)).find((o) => o.external_id === externalId);
    expect(deal?.owner_id).toBe(alice.id);
  });

  it('a matching name someone already goes by is refused at invite time (409), and when a manager sets it', async () => {
    await server.createUser({ role: 'Sales Representative', fullName: 'Carla Clash' });
    const email = uniqueEmail('clash');
    const taken = await invite(email, 'Sales Representative', 'en', '  carla   CLASH ');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'conflict', field: 'account_manager_name' });
    expect(taken.body.error.message).toContain('Carla Clash');
    expect(mailsTo(email)).toHaveLength(0);
    // One line, as when a manager sets it later (accountManagerNamesSchema).
    const twoLines = await invite(email, 'Sales Representative', 'en', 'Dora\r\nDouble');
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.error.field).toBe('account_manager_name');

    // Another pending invitation's name clashes too; the same person invited again keeps theirs.
    expect((await invite(email, 'Sales Representative', 'en', 'Dora Double')).status).toBe(201);
    const pending = (await manager.get('/api/team-admin/invitations')).body.items.find(
      (i: { email: string }) => i.email === email,
    );
    expect(pending.account_manager_name).toBe('Dora Double');
    const second = await invite(uniqueEmail('double'), 'Sales Representative', 'en', 'dora double');
    expect(second.status).toBe(409);
    expect(second.body.error.field).toBe('account_manager_name');
    expect((await invite(email, 'Sales Representative', 'en', 'Dora Double')).status).toBe(201);
    // The invited person gets the manager's name once they join.
    const joined = await accept(lastToken(email));
    expect(joined.res.status).toBe(200);
    const dora = await personWith(email);
    expect((await manager.get(`/api/team/representatives/${dora.id}/account-manager-names`)).body).toMatchObject({
      account_manager_name: 'Dora Double',
    });

    // A manager giving one person another's name (or alias) is refused as well.
    const clash = await manager.request('PUT', `/api/team/representatives/${dora.id}/account-manager-names`, {
      account_manager_name: 'Dora Double',
      account_manager_aliases: ['CARLA CLASH'],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.field).toBe('account_manager_aliases');
    const own = await manager.request('PUT', `/api/team/representatives/${dora.id}/account-manager-names`, {
      account_manager_name: 'Dora Double',
      account_manager_aliases: ['D. Double'],
    });
    expect(own.status).toBe(200);
  });

  it('invites by e-mail; the link sets name and password once and signs the person in', async () => {
    const email = uniqueEmail('nora');
    expect((await invite(email, 'Sales Representative', 'fr')).status).toBe(201);
    const mail = mailsTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('vous invite');

    const pending = await manager.get('/api/team-admin/invitations');
    expect(pending.body.items).toEqual([
      expect.objectContaining({
        email,
        role: 'Sales Representative',
        language: 'fr',
        invited_by: 'Maya Manager',
        expired: false,
      }),
    ]);
    const expires = new Date(pending.body.items[0].expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000);

    const token = lastToken(email);
    const preview = await server.anonymous.post('/api/invitations/preview', { token });
    expect(preview.body).toEqual({ email, role: 'Sales Representative', language: 'fr' });

    const { res, client } = await accept(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: 'Sales Representative', home: '/rep' });
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, full_name: 'Nora New', role: 'Sales Representative', language: 'fr' });
    expect((await client.get('/api/pipeline')).status).toBe(200);

    // Used once: the same link again is refused, and the invitation is no longer pending.
    const again = await accept(token);
    expect(again.res.status).toBe(400);
    expect(again.res.body.error).toMatchObject({ code: 'bad_request', field: 'token' });
    expect((await manager.get('/api/team-admin/invitations')).body.items).toEqual([]);
    expect((await server.signIn(email, 'a-good-password')).cookie).toBeTruthy();
  });

  it('refuses an expired link, and a resent invitation works again with a new link', async () => {
    const email = uniqueEmail('late');
    await invite(email);
    const oldToken = lastToken(email);
    await server.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, 'invite:%'));
    const expired = await accept(oldToken);
    expect(expired.res.status).toBe(400);
    expect(expired.res.body.error.message).toMatch(/expired/);

    const [pending] = (await manager.get('/api/team-admin/invitations')).body.items;
    expect(pending).toMatchObject({ email, expired: true });
    expect((await manager.post(`/api/team-admin/invitations/${pending.id}/resend`)).status).toBe(200);
    const newToken = lastToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await accept(oldToken)).res.status).toBe(400);
    expect((await accept(newToken)).res.status).toBe(200);
  });

  it('a revoked invitation link no longer works', async () => {
    const email = uniqueEmail('revoked');
    await invite(email);
    const token = lastToken(email);
    const [pending] = (await manager.get('/api/team-admin/invitations')).body.items.filter(
      (i: { email: string }) => i.email === email,
    );
    expect((await manager.delete(`/api/team-admin/invitations/${pending.id}`)).status).toBe(200);
    expect((await accept(token)).res.status).toBe(400);
    expect((await manager.delete(`/api/team-admin/invitations/${pending.id}`)).status).toBe(404);
  });

  it('refuses an invitation to an e-mail that already has an account with a 409', async () => {
    const existing = await server.createUser({ role: 'Sales Representative' });
    const res = await invite(existing.email.toUpperCase());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field: 'email' });
    expect(res.body.error.message).toContain('already has an account');
    expect(mailsTo(existing.email)).toHaveLength(0);
    expect(
      (await manager.post('/api/team-admin/invitations', { email: 'not-an-email', role: 'Sales Manager', language: 'en' }))
        .status,
    ).toBe(400);
    expect(
      (await manager.post('/api/team-admin/invitations', { email: uniqueEmail('x'), role: 'Admin', language: 'en' })).status,
    ).toBe(400);
  });

  it('a role change takes effect on the person’s next request', async () => {
    const rep = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(rep.email, rep.password);
    expect((await client.get('/api/pipeline')).status).toBe(200);
    expect((await client.get('/api/team')).status).toBe(403);

    const changed = await manager.patch(`/api/team-admin/people/${rep.id}`, { role: 'Sales Manager' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: rep.id, role: 'Sales Manager', disabled: false });
    expect((await client.get('/api/team')).status).toBe(200);
    expect((await client.get('/api/pipeline')).status).toBe(403);
    // Back to representative, so the rest of the file has one manager to protect.
    expect((await manager.patch(`/api/team-admin/people/${rep.id}`, { role: 'Sales Representative' })).status).toBe(200);
  });

  it('deactivation ends every session at once; reactivation lets the person sign in again', async () => {
    const rep = await server.createUser({ role: 'Sales Representative' });
    const first = await server.signIn(rep.email, rep.password);
    const second = await server.signIn(rep.email, rep.password);
    expect((await manager.patch(`/api/team-admin/people/${rep.id}`, { disabled: true })).body.disabled).toBe(true);
    expect((await first.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);
    // With the right password, a deactivated person is told the account is inactive (403).
    await expect(server.signIn(rep.email, rep.password)).rejects.toThrow(/403/);

    expect((await manager.patch(`/api/team-admin/people/${rep.id}`, { disabled: false })).body.disabled).toBe(false);
    expect((await (await server.signIn(rep.email, rep.password)).get('/api/me')).status).toBe(200);
  });

  it('the last active manager cannot be demoted or deactivated, by themself or anyone (409)', async () => {
    const self = await manager.patch(`/api/team-admin/people/${managerId}`, { role: 'Sales Representative' });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toMatch(/last active manager/);
    expect((await manager.patch(`/api/team-admin/people/${managerId}`, { disabled: true })).status).toBe(409);
    expect((await manager.get('/api/team')).status).toBe(200);

    // With a second manager, stepping down is allowed — and then that one is the last.
    const other = await server.createUser({ role: 'Sales Manager' });
    const otherClient = await server.signIn(other.email, other.password);
    expect((await manager.patch(`/api/team-admin/people/${managerId}`, { role: 'Sales Representative' })).status).toBe(200);
    expect((await otherClient.patch(`/api/team-admin/people/${other.id}`, { disabled: true })).status).toBe(409);
    expect((await otherClient.patch(`/api/team-admin/people/${managerId}`, { role: 'Sales Manager' })).status).toBe(200);
    expect((await otherClient.patch(`/api/team-admin/people/${other.id}`, { disabled: true })).status).toBe(200);
    expect((await otherClient.get('/api/me')).status).toBe(401);
  });

  it('two managers stepping each other down at the same moment: one succeeds, the other is refused', async () => {
    const second = await server.createUser({ role: 'Sales Manager' });
    const secondClient = await server.signIn(second.email, second.password);
    const [a, b] = await Promise.all([
      manager.patch(`/api/team-admin/people/${second.id}`, { role: 'Sales Representative' }),
      secondClient.patch(`/api/team-admin/people/${managerId}`, { role: 'Sales Representative' }),
    ]);
    // The loser is refused by the rule (409) or, when the winner finished before its request was
    // authorised, as no longer a manager (403): never both 200.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const people = (await (a.status === 200 ? manager : secondClient).get('/api/team-admin/people')).body.items as Array<{
      role: string;
      disabled: boolean;
    }>;
    expect(people.filter((p) => p.role === 'Sales Manager' && !p.disabled)).toHaveLength(1);
    // Maya stays the file's manager.
    if (b.status === 200) {
      expect((await secondClient.patch(`/api/team-admin/people/${managerId}`, { role: 'Sales Manager' })).status).toBe(200);
    }
  });

  it('reassigns a deactivated representative’s deals to another representative', async () => {
    const leaving = await server.createUser({ role: 'Sales Representative', fullName: 'Leo Leaving' });
    const staying = await server.createUser({ role: 'Sales Representative', fullName: 'Sam Staying' });
    const row = (name: string) =>
      withStage({
        client_company_name: name,
        owner_id: leaving.id,
        account_manager: 'Leo Leaving',
        status: 'On-going',
        record_date: new Date('2026-01-10T12:00:00Z'),
      });
    await server.database.db.insert(opportunities).values([row('Acme'), row('Globex')]);
    await manager.patch(`/api/team-admin/people/${leaving.id}`, { disabled: true });

    const toManager = await manager.post(`/api/team-admin/people/${leaving.id}/reassign-deals`, { to_user_id: managerId });
    expect(toManager.status).toBe(400);
    const moved = await manager.post(`/api/team-admin/people/${leaving.id}/reassign-deals`, { to_user_id: staying.id });
    expect(moved.body).toEqual({ moved: 2 });
    const people = (await manager.get('/api/team-admin/people')).body.items as Array<{ id: string; deals: number }>;
    expect(people.find((p) => p.id === leaving.id)?.deals).toBe(0);
    expect(people.find((p) => p.id === staying.id)?.deals).toBe(2);
    const stayingClient = await server.signIn(staying.email, staying.password);
    expect((await stayingClient.get('/api/opportunities')).body.total).toBe(2);
  });

  for (const change of [{ disabled: true }, { role: 'Sales Representative' }] as const) {
    const what = 'disabled' in change ? 'deactivated' : 'made a representative';
    it(`a manager ${what}: their API keys answer 401 and their invitations are refused, both in the audit log`, async () => {
      const other = await server.createUser({ role: 'Sales Manager', fullName: 'Otto Other' });
      const otherClient = await server.signIn(other.email, other.password);
      const { key } = (await otherClient.post('/api/api-keys', { name: 'Otto CRM' })).body;
      const integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
      const send = (n: number) =>
        integration.post('/api/v1/call-insights', {
          external_id: `otto-${n}-${Date.now()}`,
          client_company_name: 'Otto Co',
          account_manager: 'Nobody',
        });
      expect((await send(1)).status).toBe(201);
      const invitee = uniqueEmail('otto-invitee');
      expect(
        (await otherClient.post('/api/team-admin/invitations', { email: invitee, role: 'Sales Manager', language: 'en' })).status,
      ).toBe(201);
      const token = lastToken(invitee);

      expect((await manager.patch(`/api/team-admin/people/${other.id}`, change)).status).toBe(200);
      const refused = await send(2);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('unauthorized');
      expect((await server.anonymous.post('/api/invitations/preview', { token })).status).toBe(400);
      const accepted = await accept(token);
      expect(accepted.res.status).toBe(400);
      expect(accepted.res.body.error).toMatchObject({ code: 'bad_request', field: 'token' });
      expect((await manager.get('/api/team-admin/invitations')).body.items.map((i: { email: string }) => i.email)).not.toContain(
        invitee,
      );
      const keys = (await manager.get('/api/api-keys')).body.items as Array<{ name: string; revokedAt: string | null }>;
      expect(keys.find((k) => k.name === 'Otto CRM')?.revokedAt).not.toBeNull();

      const { items } = (await manager.get('/api/team-admin/audit')).body;
      expect(items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'api_key.revoked',
            actor: 'Maya Manager',
            target: other.email,
            after: expect.objectContaining({ key: 'Otto CRM' }),
          }),
          expect.objectContaining({
            action: 'invitation.revoked',
            actor: 'Maya Manager',
            target: invitee,
            before: expect.objectContaining({ invited_by: other.email }),
          }),
        ]),
      );
    });
  }

  it('a key or a link left from a manager who lost the role before this rule stops working too', async () => {
    const other = await server.createUser({ role: 'Sales Manager', fullName: 'Olga Older' });
    const otherClient = await server.signIn(other.email, other.password);
    const { key } = (await otherClient.post('/api/api-keys', { name: 'Olga CRM' })).body;
    const invitee = uniqueEmail('olga-invitee');
    await otherClient.post('/api/team-admin/invitations', { email: invitee, role: 'Sales Manager', language: 'en' });
    const token = lastToken(invitee);
    // As a change made outside the team page (the command line) leaves them.
    await server.database.db.update(users).set({ disabled: true }).where(eq(users.id, other.id));
    const integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
    const sent = await integration.post('/api/v1/call-insights', {
      external_id: `olga-${Date.now()}`,
      client_company_name: 'Olga Co',
      account_manager: 'Nobody',
    });
    expect(sent.status).toBe(401);
    expect((await accept(token)).res.status).toBe(400);
  });

  it('records every action in the audit log, newest first', async () => {
    const rep = await server.createUser({ role: 'Sales Representative' });
    await manager.patch(`/api/team-admin/people/${rep.id}`, { role: 'Sales Manager' });
    await manager.patch(`/api/team-admin/people/${rep.id}`, { role: 'Sales Representative', disabled: true });
    const { items } = (await manager.get('/api/team-admin/audit')).body;
    expect(items.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'person.deactivated',
      'person.role_changed',
      'person.role_changed',
    ]);
    expect(items[1]).toMatchObject({
      actor: 'Maya Manager',
      target: rep.email,
      before: { role: 'Sales Manager' },
      after: { role: 'Sales Representative' },
    });
    const actions = new Set(items.map((e: { action: string }) => e.action));
    for (const action of [
      'invitation.sent',
      'invitation.accepted',
      'invitation.resent',
      'invitation.revoked',
      'person.reactivated',
      'person.deals_reassigned',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it('a representative calling any of these gets 403, a visitor 401', async () => {
    const rep = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(rep.email, rep.password);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/team-admin/people'],
      ['PATCH', `/api/team-admin/people/${rep.id}`, { role: 'Sales Manager' }],
      ['POST', `/api/team-admin/people/${managerId}/reassign-deals`, { to_user_id: rep.id }],
      ['GET', '/api/team-admin/invitations'],
      ['POST', '/api/team-admin/invitations', { email: uniqueEmail('sneaky'), role: 'Sales Manager', language: 'en' }],
      ['POST', '/api/team-admin/invitations/x/resend'],
      ['DELETE', '/api/team-admin/invitations/x'],
      ['GET', '/api/team-admin/audit'],
    ];
    for (const [method, url, body] of calls) {
      expect((await client.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await server.anonymous.request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    expect((await client.get('/api/pipeline')).status).toBe(200);
  });
});
