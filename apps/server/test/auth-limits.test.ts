import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type TestServer } from './test-app.ts';

// Each test gets its own server: the counters are per process and every request comes from 127.0.0.1.
describe(`abuse limits (${testDatabaseKind()})`, { timeout: 120_000 }, () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const signIn = (email: string, password: string) => server!.anonymous.post('/api/auth/sign-in/email', { email, password });

  it('refuses an e-mail after N failed sign-ins with 429 and Retry-After, even with the right password', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_EMAIL: '3', SIGN_IN_LIMIT_PER_IP: '100', AUTH_LIMIT_WINDOW_MS: '60000' });
    const victim = await server.createUser({ role: 'Sales Representative' });
    const other = await server.createUser({ role: 'Sales Representative' });
    for (let i = 0; i < 3; i++) expect((await signIn(victim.email, 'wrong-password')).status).toBe(401);

    const limited = await signIn(victim.email, victim.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Case does not give a fresh budget.
    expect((await signIn(victim.email.toUpperCase(), victim.password)).status).toBe(429);
    // Another account from the same address is not affected.
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('never locks the owner out from elsewhere: failures from other clients only slow the e-mail down', async () => {
    server = await startTestServer({
      TRUST_PROXY: 'true',
      SIGN_IN_LIMIT_PER_EMAIL: '3',
      SIGN_IN_LIMIT_PER_IP: '100',
      SIGN_IN_SLOWDOWN_AFTER: '5',
      SIGN_IN_SLOWDOWN_MS: '400',
    });
    const owner = await server.createUser({ role: 'Sales Representative' });
    const from = (ip: string, password: string) =>
      server!.anonymous.post('/api/auth/sign-in/email', { email: owner.email, password }, { 'x-forwarded-for': ip });
    // An attacker spreads ten wrong passwords over several addresses; each address is refused after three.
    const attack = [];
    for (let i = 0; i < 10; i++) attack.push((await from(`203.0.113.${1 + (i % 3)}`, 'wrong-password')).status);
    expect(attack.filter((s) => s === 429).length).toBeGreaterThan(0);
    // The owner, from their own address, still signs in: slowed down, not refused.
    const started = performance.now();
    const own = await from('198.51.100.7', owner.password);
    expect(own.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('does not count successful sign-ins', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_EMAIL: '2', SIGN_IN_LIMIT_PER_IP: '2' });
    const user = await server.createUser({ role: 'Sales Manager' });
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('refuses an address after N failed sign-ins across e-mails', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_EMAIL: '100', SIGN_IN_LIMIT_PER_IP: '4' });
    const user = await server.createUser({ role: 'Sales Manager' });
    for (let i = 0; i < 4; i++) expect((await signIn(`guess${i}@test.nexa`, 'wrong-password')).status).toBe(401);
    const limited = await signIn(user.email, user.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits reset requests per e-mail and per address', async () => {
    server = await startTestServer({ RESET_LIMIT_PER_EMAIL: '2', RESET_LIMIT_PER_IP: '4' });
    const user = await server.createUser({ role: 'Sales Representative' });
    const request = (email: string) => server!.anonymous.post('/api/auth/request-password-reset', { email });
    expect((await request(user.email)).status).toBe(200);
    expect((await request(user.email)).status).toBe(200);
    const perEmail = await request(user.email);
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
    // Two more from this address on another e-mail reach the per-address limit (2 + 1 refused + 1 = 4).
    expect((await request('someone@test.nexa')).status).toBe(200);
    expect((await request('else@test.nexa')).status).toBe(429);
  });
});
