import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

describe(`own profile and sessions (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-settings-'));
    server = await startTestServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function signInAs(email: string, password: string, userAgent: string) {
    const client = new HttpClient(server.url);
    const res = await client.post('/api/auth/sign-in/email', { email, password }, { 'user-agent': userAgent });
    expect(res.status).toBe(200);
    client.cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    return client;
  }

  it('reads and changes name, language and time zone', async () => {
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Rep' });
    const client = await server.signIn(user.email, user.password);
    expect((await client.get('/api/me')).body).toMatchObject({ full_name: 'Rita Rep', language: null, time_zone: null });

    const changed = await client.patch('/api/me', { full_name: 'Rita R.', language: 'fr', time_zone: 'Europe/Paris' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ full_name: 'Rita R.', language: 'fr', time_zone: 'Europe/Paris' });
    expect((await client.get('/api/me')).body).toMatchObject({ full_name: 'Rita R.', language: 'fr', time_zone: 'Europe/Paris' });

    // One field at a time leaves the others as they are; null goes back to the browser's choice.
    expect((await client.patch('/api/me', { time_zone: null })).body).toMatchObject({
      full_name: 'Rita R.',
      language: 'fr',
      time_zone: null,
    });
  });

  it('refuses an unknown time zone, an unknown language and an empty change with 400', async () => {
    const user = await server.createUser({ role: 'Sales Manager' });
    const client = await server.signIn(user.email, user.password);
    for (const body of [{ time_zone: 'Mars/Olympus' }, { language: 'de' }, { full_name: '  ' }, {}]) {
      const res = await client.patch('/api/me', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await server.anonymous.patch('/api/me', { language: 'fr' })).status).toBe(401);
  });

  it('lists the active sessions with device and address, and signs out everywhere else', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const laptop = await signInAs(user.email, user.password, 'Laptop Browser/1.0');
    const phone = await signInAs(user.email, user.password, 'Phone Browser/2.0');

    const listed = await laptop.get('/api/me/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    expect(listed.body.items[0]).toMatchObject({ user_agent: 'Laptop Browser/1.0', ip_address: '127.0.0.1', current: true });
    expect(listed.body.items[1]).toMatchObject({ user_agent: 'Phone Browser/2.0', current: false });
    expect(Date.parse(listed.body.items[0].last_active_at)).toBeGreaterThan(Date.now() - 60_000);

    const revoked = await laptop.post('/api/me/sessions/revoke-others');
    expect(revoked.body).toEqual({ revoked: 1 });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me/sessions')).body.items).toHaveLength(1);
    expect((await server.anonymous.get('/api/me/sessions')).status).toBe(401);
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const here = await server.signIn(user.email, user.password);
    const elsewhere = await server.signIn(user.email, user.password);
    const wrong = await here.post('/api/auth/change-password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'brand-new-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('currentPassword');

    const changed = await here.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'brand-new-password',
    });
    expect(changed.status).toBe(200);
    const cookie = changed.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (cookie) here.cookie = cookie.split(';')[0]!;
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    await expect(server.signIn(user.email, user.password)).rejects.toThrow(/401/);
    expect((await server.signIn(user.email, 'brand-new-password')).cookie).toBeTruthy();
  });

  it('mails a reset link in the language the person chose, in both languages until they choose', async () => {
    const mailTo = (email: string) =>
      vi.waitFor(
        () => {
          const dir = path.join(dataDir, 'outbox');
          const mail = fs
            .readdirSync(dir)
            .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
            .find((m) => m.includes(`To: ${email}`));
          expect(mail).toBeDefined();
          return mail!;
        },
        { timeout: 5_000 },
      );
    const french = await server.createUser({ role: 'Sales Representative' });
    await (await server.signIn(french.email, french.password)).patch('/api/me', { language: 'fr' });
    const undecided = await server.createUser({ role: 'Sales Representative' });
    for (const user of [french, undecided]) {
      expect((await server.anonymous.post('/api/auth/request-password-reset', { email: user.email })).status).toBe(200);
    }
    const frenchMail = await mailTo(french.email);
    expect(frenchMail).toContain('Subject: Nexa : réinitialiser votre mot de passe');
    expect(frenchMail).not.toContain('Choose a new password');
    const bothMail = await mailTo(undecided.email);
    expect(bothMail).toContain('Choose a new password');
    expect(bothMail).toContain('Choisissez un nouveau mot de passe');
  });
});
