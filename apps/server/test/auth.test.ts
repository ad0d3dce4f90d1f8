import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth/auth.ts';
import { sessions } from '../src/db/schema.ts';
import { setDisabled, setPassword, setRole } from '../src/modules/users/service.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient, startTestServer, TEST_ORIGIN, type TestServer } from './test-app.ts';

const EVIL = 'https://evil.example';

describe(`sign-in and sessions (${testDatabaseKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const sessionCount = async (userId: string) =>
    (await server.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

  it('signs in with the right password: an HttpOnly, SameSite=Lax cookie and no token in the body', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const res = await server.anonymous.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.body.user.email).toBe(user.email);
    expect(res.body).not.toHaveProperty('token');
    expect(res.text).not.toContain(cookie!.split(';')[0]!.split('=')[1]!.split('.')[0]!);
  });

  it('accepts the e-mail in any case', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const res = await server.anonymous.post('/api/auth/sign-in/email', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(res.status).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown e-mail, a deactivated account’s included', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const disabled = await server.createUser({ role: 'Sales Representative' });
    await setDisabled(server.database.db, disabled.email, true);
    const wrongPassword = await server.anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'not-the-password',
    });
    const unknownEmail = await server.anonymous.post('/api/auth/sign-in/email', {
      email: 'nobody@test.nexa',
      password: 'not-the-password',
    });
    // A stranger guessing at a deactivated address learns nothing new.
    const disabledWrongPassword = await server.anonymous.post('/api/auth/sign-in/email', {
      email: disabled.email,
      password: 'not-the-password',
    });
    for (const res of [wrongPassword, unknownEmail, disabledWrongPassword]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('tells a deactivated person with the right password that the account is inactive, without a session (issue 33)', async () => {
    const disabled = await server.createUser({ role: 'Sales Representative' });
    await setDisabled(server.database.db, disabled.email, true);
    const res = await server.anonymous.post('/api/auth/sign-in/email', { email: disabled.email, password: disabled.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'forbidden', message: 'This account is inactive: ask your manager to reactivate it' },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(disabled.id)).toBe(0);
    // Reactivated, the same password opens the workspace again.
    await setDisabled(server.database.db, disabled.email, false);
    const again = await server.anonymous.post('/api/auth/sign-in/email', { email: disabled.email, password: disabled.password });
    expect(again.status).toBe(200);
  });

  it('knows a first sign-in from a return: previous_sign_in_at is null, then the time of the one before (issue 33)', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const first = await server.signIn(user.email, user.password);
    expect((await first.get('/api/me')).body.previous_sign_in_at).toBeNull();
    expect((await first.get('/api/session')).body.profile.previous_sign_in_at).toBeNull();
    await first.post('/api/auth/sign-out', {});
    const second = await server.signIn(user.email, user.password);
    const me = (await second.get('/api/me')).body;
    expect(me.previous_sign_in_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(me.previous_sign_in_at)).toBeLessThan(60_000);
    // A change to the profile answers the same profile, with the same fact.
    const patched = await second.patch('/api/me', { time_zone: 'Europe/Paris' });
    expect(patched.body.previous_sign_in_at).toBe(me.previous_sign_in_at);
  });

  it('GET /api/session answers 200 for a visitor (no profile), a person (their profile) and a deactivated one (none)', async () => {
    const visitor = await server.anonymous.get('/api/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ profile: null });
    expect(visitor.headers.get('cache-control')).toBe('no-store');
    const user = await server.createUser({ role: 'Sales Manager', fullName: 'Sasha Session' });
    const client = await server.signIn(user.email, user.password);
    const signedIn = await client.get('/api/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.profile).toMatchObject({
      id: user.id,
      email: user.email,
      full_name: 'Sasha Session',
      role: 'Sales Manager',
    });
    expect(signedIn.body.profile).toEqual((await client.get('/api/me')).body);
    await setDisabled(server.database.db, user.email, true);
    const after = await client.get('/api/session');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ profile: null });
  });

  it('keeps every character of a 128-character password and refuses a longer one', async () => {
    const password = 'p'.repeat(100) + 'q'.repeat(28);
    const user = await server.createUser({ role: 'Sales Representative', password });
    const truncated = await server.anonymous.post('/api/auth/sign-in/email', {
      email: user.email,
      password: password.slice(0, 72),
    });
    expect(truncated.status).toBe(401);
    const full = await server.anonymous.post('/api/auth/sign-in/email', { email: user.email, password });
    expect(full.status).toBe(200);
    const tooLong = await server.anonymous.post('/api/auth/sign-in/email', { email: user.email, password: password + 'x' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'bad_request', field: 'password' });
  });

  it('sign-out ends the session on the server', async () => {
    const user = await server.createUser({ role: 'Sales Manager' });
    const client = await server.signIn(user.email, user.password);
    expect((await client.get('/api/me')).status).toBe(200);
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
    // The old cookie, replayed, no longer opens anything.
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it("a disabled user's sessions stop working at once", async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const first = await server.signIn(user.email, user.password);
    const second = await server.signIn(user.email, user.password);
    await setDisabled(server.database.db, user.email, true);
    expect((await first.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('a disabled flag alone (session row left behind) is enough to refuse the session', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const { users } = await import('../src/db/schema.ts');
    await server.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('a password set by the administrator ends every session of the account', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const auth = createAuth(server.config, server.database.db);
    await setPassword(auth, server.database.db, user.email, 'a-brand-new-password');
    expect((await client.get('/api/me')).status).toBe(401);
    await expect(server.signIn(user.email, user.password)).rejects.toThrow(/401/);
    const again = await server.signIn(user.email, 'a-brand-new-password');
    expect((await again.get('/api/me')).status).toBe(200);
  });

  it('changing one’s own password ends the other sessions and keeps this one', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const here = await server.signIn(user.email, user.password);
    const elsewhere = await server.signIn(user.email, user.password);
    const res = await here.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'another-good-password',
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    const fresh = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    if (fresh) here.cookie = fresh.split(';')[0]!;
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
  });

  it('extends a session once a day: the database expiry moves and the browser gets a fresh cookie', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const day = 24 * 60 * 60 * 1000;
    // Last extended more than a day ago: six days left of the seven.
    const aged = new Date(Date.now() + 6 * day - 60_000);
    await server.database.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.userId, user.id));

    const res = await client.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    const [row] = await server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * day - 60_000);

    // A fresh session is not rewritten on every request.
    const again = await client.get('/api/me');
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an expired session and a cookie whose signature was altered', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    const [name, value] = client.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const forged = new HttpClient(server.url, `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`);
    expect((await forged.get('/api/me')).status).toBe(401);
    const unsigned = new HttpClient(server.url, `${name}=${token}`);
    expect((await unsigned.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);

    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('reads the role from the database on every request', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    expect((await client.get('/api/me')).body.role).toBe('Sales Representative');
    await setRole(server.database.db, user.email, 'Sales Manager');
    expect((await client.get('/api/me')).body.role).toBe('Sales Manager');
  });

  it('gives a profile without a name one from its e-mail, and keeps it', async () => {
    const user = await server.createUser({ role: 'Sales Representative', email: `jean.dupont${Date.now()}@test.nexa` });
    const { users } = await import('../src/db/schema.ts');
    await server.database.db.update(users).set({ full_name: '' }).where(eq(users.id, user.id));
    const client = await server.signIn(user.email, user.password);
    expect((await client.get('/api/me')).body.full_name).toBe('Jean Dupont');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.full_name).toBe('Jean Dupont');
  });

  it('a profile cannot give itself a role', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const client = await server.signIn(user.email, user.password);
    await client.patch('/api/me', { full_name: 'New Name', role: 'Sales Manager' });
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ full_name: 'New Name', role: 'Sales Representative' });
  });

  it('refuses state-changing calls from another origin, on auth and on API routes', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const foreignSignIn = await server.anonymous.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { origin: EVIL },
    );
    expect(foreignSignIn.status).toBe(403);
    expect(foreignSignIn.body.error.code).toBe('untrusted_origin');
    expect(foreignSignIn.headers.getSetCookie()).toEqual([]);

    const client = await server.signIn(user.email, user.password);
    const foreignPatch = await client.request('PATCH', '/api/me', { full_name: 'Hijacked' }, { origin: EVIL });
    expect(foreignPatch.status).toBe(403);
    const foreignSignOut = await client.post('/api/auth/sign-out', {}, { origin: EVIL });
    expect(foreignSignOut.status).toBe(403);

    // A cookie without any Origin is refused too; a read is not a state change.
    const noOrigin = await fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { cookie: client.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Hijacked' }),
    });
    expect(noOrigin.status).toBe(403);
    expect((await client.get('/api/me', { origin: EVIL })).status).toBe(200);
    expect((await client.get('/api/me')).body.full_name).not.toBe('Hijacked');
  });

  it('exposes only the auth endpoints the product uses', async () => {
    const signUp = await server.anonymous.post('/api/auth/sign-up/email', {
      email: 'new@test.nexa',
      password: 'long-enough-pw',
      name: 'New',
    });
    expect(signUp.status).toBe(404);
    expect(signUp.body.error.code).toBe('not_found');
    expect((await server.anonymous.get('/api/auth/get-session')).status).toBe(404);
    expect((await server.anonymous.get('/api/auth/sign-in/email')).status).toBe(404);
  });

  it('answers every auth error in the API error shape', async () => {
    const res = await server.anonymous.post('/api/auth/reset-password', { newPassword: 'long-enough-pw', token: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'bad_request', message: expect.any(String), field: 'token' } });
  });
});

describe(`secure cookies (${testDatabaseKind()})`, () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const server = await startTestServer({ PUBLIC_URL: 'https://nexa.example' });
    try {
      const user = await server.createUser({ role: 'Sales Manager' });
      const client = new HttpClient(server.url);
      const res = await client.post(
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password },
        { origin: 'https://nexa.example' },
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      // The test origin is foreign to this server.
      const foreign = await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
      expect(foreign.status).toBe(403);
      expect(TEST_ORIGIN).not.toBe('https://nexa.example');
    } finally {
      await server.close();
    }
  });
});
