import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAuth } from '../src/auth/auth.ts';
import type { Database } from '../src/db/client.ts';
import { createUserAccount, setDisabled, setPassword } from '../src/modules/users/service.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, openTestDatabase, testConfig } from './test-app.ts';

/** A server that writes its mail to a fresh outbox and its log lines to memory. */
describe(`password reset and audit log (${testDatabaseKind()})`, () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  let dataDir: string;
  let anonymous: HttpClient;
  const logLines: Array<Record<string, unknown>> = [];
  let counter = 0;
  let createUser: (role?: 'Sales Manager' | 'Sales Representative') => Promise<{ id: string; email: string; password: string }>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-auth-reset-'));
    database = await openTestDatabase();
    const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', RESET_LIMIT_PER_IP: '100' });
    app = await buildApp({
      config,
      database,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    anonymous = new HttpClient(url);
    const auth = createAuth(config, database.db);
    createUser = async (role = 'Sales Representative') => {
      counter += 1;
      const email = `reset${counter}-${Math.random().toString(36).slice(2, 8)}@test.nexa`;
      const password = 'original-password';
      const id = await createUserAccount(auth, database.db, { email, password, fullName: `Reset ${counter}`, role });
      return { id, email, password };
    };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = () => {
    const dir = path.join(dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
  };
  const mailTo = (email: string) => outbox().filter((m) => m.includes(`To: ${email}`));
  const tokenIn = (mail: string) => /\/reset-password#token=([\w%-]+)/.exec(mail)?.[1];
  // The mail goes out in the background of the request: wait for it.
  const mailsTo = (email: string, count: number) =>
    vi.waitFor(
      () => {
        const mails = mailTo(email);
        expect(mails).toHaveLength(count);
        return mails;
      },
      { timeout: 5_000 },
    );
  const lastTokenTo = async (email: string, count: number) =>
    decodeURIComponent(tokenIn((await mailsTo(email, count)).sort().at(-1)!)!);

  async function signIn(email: string, password: string) {
    const client = new HttpClient(url);
    const res = await client.post('/api/auth/sign-in/email', { email, password });
    client.cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    return { client, status: res.status };
  }

  it('mails a one-time link that sets a new password and ends the old sessions', async () => {
    const user = await createUser();
    const { client: before } = await signIn(user.email, user.password);
    const asked = await anonymous.post('/api/auth/request-password-reset', { email: user.email });
    expect(asked.status).toBe(200);
    const mails = await mailsTo(user.email, 1);
    expect(mails[0]).toContain('http://localhost:3000/reset-password#token=');
    const token = decodeURIComponent(tokenIn(mails[0]!)!);

    const tooShort = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.field).toBe('newPassword');

    const done = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'a-new-secret-pw' });
    expect(done.status).toBe(200);
    expect((await before.get('/api/me')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'a-new-secret-pw')).status).toBe(200);

    const reused = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'yet-another-pw' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.field).toBe('token');
  });

  it('answers an unknown e-mail exactly like a known one, and mails nothing', async () => {
    const user = await createUser();
    const known = await anonymous.post('/api/auth/request-password-reset', { email: user.email });
    const unknown = await anonymous.post('/api/auth/request-password-reset', { email: 'ghost@test.nexa' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(mailTo('ghost@test.nexa')).toHaveLength(0);
  });

  it('answers in the same time whether or not the account exists', async () => {
    const user = await createUser();
    const timed = async (email: string) => {
      const started = performance.now();
      await anonymous.post('/api/auth/request-password-reset', { email });
      return performance.now() - started;
    };
    const known = [await timed(user.email), await timed(user.email)];
    const unknown = [await timed('ghost1@test.nexa'), await timed('ghost2@test.nexa')];
    // Every answer waits for the configured response time (400 ms by default), the mail going out meanwhile.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(395);
    expect(Math.abs(Math.min(...known) - Math.min(...unknown))).toBeLessThan(150);
  });

  it('keeps only the newest link: a new one, a password change or disabling the account ends the older ones', async () => {
    const user = await createUser();
    const ask = () => anonymous.post('/api/auth/request-password-reset', { email: user.email });
    await ask();
    const first = await lastTokenTo(user.email, 1);
    await ask();
    const mails = await mailsTo(user.email, 2);
    const second = mails.map((m) => decodeURIComponent(tokenIn(m)!)).find((t) => t !== first)!;
    const stale = await anonymous.post('/api/auth/reset-password', { token: first, newPassword: 'from-the-old-link' });
    expect([stale.status, stale.body.error.field]).toEqual([400, 'token']);

    // A password set another way (the CLI) ends the outstanding link.
    const auth = createAuth(testConfig({ DATA_DIR: dataDir }), database.db);
    await setPassword(auth, database.db, user.email, 'set-by-the-admin');
    const afterChange = await anonymous.post('/api/auth/reset-password', { token: second, newPassword: 'from-the-new-link' });
    expect(afterChange.status).toBe(400);

    // Disabling the account ends it too, and re-enabling does not bring it back.
    await ask();
    const third = await lastTokenTo(user.email, 3).then(async () => {
      const all = (await mailsTo(user.email, 3)).map((m) => decodeURIComponent(tokenIn(m)!));
      return all.find((t) => t !== first && t !== second)!;
    });
    await setDisabled(database.db, user.email, true);
    await setDisabled(database.db, user.email, false);
    const afterDisable = await anonymous.post('/api/auth/reset-password', { token: third, newPassword: 'from-the-third-link' });
    expect(afterDisable.status).toBe(400);
    expect((await signIn(user.email, 'set-by-the-admin')).status).toBe(200);
  });

  it('mails no link to a disabled account', async () => {
    const user = await createUser();
    await setDisabled(database.db, user.email, true);
    expect((await anonymous.post('/api/auth/request-password-reset', { email: user.email })).status).toBe(200);
    expect(mailTo(user.email)).toHaveLength(0);
  });

  it('logs sign-in successes, failures and denied requests with e-mail, IP and request id, never a secret', async () => {
    const user = await createUser('Sales Representative');
    logLines.length = 0;
    const ok = await signIn(user.email, user.password);
    await signIn(user.email, 'a-wrong-password');
    await ok.client.get('/api/me');
    await anonymous.get('/api/me');
    await anonymous.request('PATCH', '/api/me', { full_name: 'x' }, { origin: 'https://evil.example' });

    const events = logLines.filter((l) => typeof l.event === 'string');
    const success = events.find((l) => l.event === 'auth.sign_in' && l.outcome === 'success');
    const failure = events.find((l) => l.event === 'auth.sign_in' && l.outcome === 'failure');
    const noSession = events.find((l) => l.event === 'access.denied' && l.reason === 'no_session');
    const foreign = events.find((l) => l.event === 'access.denied' && l.reason === 'origin');
    expect(success).toMatchObject({ email: user.email, userId: user.id, ip: '127.0.0.1' });
    expect(failure).toMatchObject({ email: user.email, ip: '127.0.0.1' });
    for (const line of [success, failure, noSession, foreign]) {
      expect(line).toBeDefined();
      expect(line!.reqId).toEqual(expect.any(String));
      expect(line!.time).toEqual(expect.any(Number));
    }
    const all = JSON.stringify(logLines);
    expect(all).not.toContain(user.password);
    expect(all).not.toContain('a-wrong-password');
    const sessionToken = decodeURIComponent(ok.client.cookie.split('=')[1]!).split('.')[0]!;
    expect(sessionToken.length).toBeGreaterThan(20);
    expect(all).not.toContain(sessionToken);
  });

  it('logs no reset token', async () => {
    const user = await createUser();
    logLines.length = 0;
    await anonymous.post('/api/auth/request-password-reset', { email: user.email });
    const token = decodeURIComponent(tokenIn((await mailsTo(user.email, 1))[0]!)!);
    await anonymous.post('/api/auth/reset-password', { token, newPassword: 'a-new-secret-pw' });
    const all = JSON.stringify(logLines);
    expect(all).toContain('auth.reset.requested');
    expect(all).not.toContain(token);
  });
});
