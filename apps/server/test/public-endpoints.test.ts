import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../src/http/json-body.ts';
import { startTestServer, type TestServer } from './test-app.ts';

/**
 * What an anonymous caller can make the server do: bodies sized for what each call takes, nesting
 * refused before it is parsed, demo bookings only as far ahead as the calendar offers.
 */
describe('public endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000', LEADS_RATE_LIMIT_MAX: '1000', ANALYSIS_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => server.close());

  const padding = 'x'.repeat(5_000);

  it.each([
    ['/api/auth/sign-in/email', { email: 'a@b.example', password: padding }],
    ['/api/auth/request-password-reset', { email: 'a@b.example', redirectTo: padding }],
    ['/api/auth/reset-password', { token: padding, newPassword: 'new-password-1' }],
    ['/api/analysis/company', { companyName: padding, language: 'en' }],
  ])('%s refuses a body of a few KB with 413', async (path, body) => {
    const res = await server.anonymous.post(path, body);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('still takes the ordinary calls', async () => {
    const signIn = await server.anonymous.post('/api/auth/sign-in/email', {
      email: 'nobody@b.example',
      password: 'wrong-pass-1',
    });
    expect(signIn.status).toBe(401);
    const analysis = await server.anonymous.post('/api/analysis/company', { companyName: 'Acme Robotics', language: 'en' });
    expect(analysis.status).toBe(200);
  });

  it('refuses a deeply nested body before parsing it, on any JSON route', async () => {
    const user = await server.createUser({ role: 'Sales Representative' });
    const rep = await server.signIn(user.email, user.password);
    const depth = 400_000;
    const nested = `{"rows":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await fetch(`${server.url}/api/opportunities/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: rep.cookie, origin: 'http://localhost:3000' },
      body: nested,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/nested deeper than 32/);
    // A body nested within the limit is parsed and validated as usual.
    const shallow = await rep.post('/api/opportunities/import', { rows: [[[['x']]]] });
    expect(shallow.status).toBe(400);
    expect(shallow.body.error.message).not.toMatch(/nested/);
  });

  it('reads nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[["}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[","b":[[[1]]]}', 3)).toBe(true);
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
  });

  it('books a demo only within the offered horizon', async () => {
    const now = Date.now();
    const day = 24 * 3600_000;
    const slotsIn = async (fromDays: number, toDays: number) =>
      (
        await server.anonymous.get(
          `/api/leads/demo-slots?from=${new Date(now + fromDays * day).toISOString()}&to=${new Date(now + toDays * day).toISOString()}`,
        )
      ).body.slots as string[];
    const late = await slotsIn(55, 75);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((s) => Date.parse(s) <= now + 60 * day + 60_000)).toBe(true);
    // A slot start beyond the horizon (on an offered weekday and hour) is refused.
    const weekBeyond = (await slotsIn(47, 54))[0]!;
    const beyond = new Date(Date.parse(weekBeyond) + 21 * day).toISOString();
    const res = await server.anonymous.post('/api/leads/demo-requests', {
      request_type: 'demo',
      full_name: 'Far Ahead',
      email: 'far@ahead.example',
      company_name: 'Later Inc',
      selected_date: beyond,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', field: 'selected_date' });
    expect(res.body.error.message).toMatch(/^slot_too_far/);
  });
});
