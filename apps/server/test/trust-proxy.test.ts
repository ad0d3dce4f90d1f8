import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../src/db/schema.ts';
import { send } from './cluster.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from './test-app.ts';

/**
 * Which client address the server believes (TRUST_PROXY). The requests come from different
 * loopback addresses (127.0.0.2 plays the proxy), and the address the server used is read back
 * from the stored lead's `ip`, the same value the rate limits and the logs use.
 */
describe(`trusted proxies (${testDatabaseKind()})`, () => {
  const servers: Record<string, TestServer> = {};
  let seq = 0;

  beforeAll(async () => {
    const settings = { none: 'false', listed: '127.0.0.2, 10.0.0.0/8', any: 'true' };
    for (const [name, TRUST_PROXY] of Object.entries(settings)) servers[name] = await startTestServer({ TRUST_PROXY });
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
  });

  /** Posts a lead from `from` with the given X-Forwarded-For and returns the address stored with it. */
  async function seenAs(server: TestServer, from: string, forwardedFor?: string): Promise<string | null> {
    seq += 1;
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: TEST_ORIGIN };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    const body = JSON.stringify({
      request_type: 'early_access',
      full_name: `Proxy ${seq}`,
      email: `proxy-${seq}@example.com`,
      company_name: 'Proxy Co',
      role: 'Sales Manager',
    });
    const res = await send(`${server.url}/api/leads/demo-requests`, { method: 'POST', headers, body, localAddress: from });
    expect(res.status, res.body.toString()).toBe(201);
    const [row] = await server.database.db
      .select({ ip: demoRequests.ip })
      .from(demoRequests)
      .where(eq(demoRequests.id, res.json.id));
    return row!.ip;
  }

  it('ignores X-Forwarded-For by default', async () => {
    expect(await seenAs(servers.none!, '127.0.0.2', '198.51.100.7')).toBe('127.0.0.2');
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    expect(await seenAs(servers.listed!, '127.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    // Anyone else claiming an address is seen as what they are.
    expect(await seenAs(servers.listed!, '127.0.0.3', '198.51.100.7')).toBe('127.0.0.3');
    expect(await seenAs(servers.listed!, '127.0.0.3')).toBe('127.0.0.3');
  });

  it('takes the address the listed proxy saw, not one the client prepended', async () => {
    // A proxy that appends (nginx's $proxy_add_x_forwarded_for): the client wrote the first entry.
    expect(await seenAs(servers.listed!, '127.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    // A chain of trusted proxies is walked back to the first untrusted address.
    expect(await seenAs(servers.listed!, '127.0.0.2', '203.0.113.9, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
  });

  it('believes anyone with TRUST_PROXY=true (why a list is safer)', async () => {
    expect(await seenAs(servers.any!, '127.0.0.3', '203.0.113.9, 198.51.100.7')).toBe('203.0.113.9');
  });
});
