import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-app.ts';

/**
 * A demo started without PUBLIC_URL is opened at whichever loopback address the person types; each
 * must sign in. Any other address is refused with a code the web app turns into "set PUBLIC_URL".
 * With PUBLIC_URL set, only that origin is trusted.
 */
// The configured port: the origins are derived from it (the test server itself listens on a free port).
const PORT = '3999';

async function signInFrom(server: TestServer, origin: string) {
  const user = await server.createUser({ role: 'Sales Representative' });
  return server.anonymous.post('/api/auth/sign-in/email', { email: user.email, password: user.password }, { origin });
}

describe('trusted origins without PUBLIC_URL (demo)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: undefined as unknown as string, PORT });
  });
  afterAll(() => server.close());

  it.each([`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`])(
    'signs in from %s',
    async (origin) => {
      const res = await signInFrom(server, origin);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join(';')).toContain('session_token');
    },
  );

  it.each([`http://192.168.1.20:${PORT}`, 'http://localhost:4000', `https://localhost:${PORT}`, 'http://evil.test'])(
    'refuses %s with a code that names the fix',
    async (origin) => {
      const res = await signInFrom(server, origin);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('untrusted_origin');
      expect(res.body.error.message).toContain('PUBLIC_URL');
    },
  );

  it('refuses a lead form from another address the same way', async () => {
    const res = await server.anonymous.post(
      '/api/leads/demo-requests',
      { request_type: 'early_access' },
      { origin: `http://10.0.0.7:${PORT}` },
    );
    expect([res.status, res.body.error.code]).toEqual([403, 'untrusted_origin']);
  });
});

describe('trusted origins with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://nexa.example.com', PORT });
  });
  afterAll(() => server.close());

  it('trusts only PUBLIC_URL', async () => {
    expect((await signInFrom(server, 'https://nexa.example.com')).status).toBe(200);
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`]) {
      const res = await signInFrom(server, origin);
      expect([res.status, res.body.error.code], origin).toEqual([403, 'untrusted_origin']);
    }
  });
});
