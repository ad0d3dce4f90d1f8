import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from './raw-request.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * Ids in paths (issue 33). A deal's id was read by Number(), so `0x10` was deal 16 (and so were
 * `1.6e1`, `+16`, ` 16`, `0o20`); one id has one spelling now, anything else is a 400 naming the
 * field. A path segment longer than the router takes, or a broken percent-encoding, answered
 * Fastify's own error body: now the product's `{error:{code,message}}`.
 * Requests go over raw sockets so every spelling reaches the server as written.
 */
describe('ids in paths', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;
  let repId: string;
  let id: number;

  beforeAll(async () => {
    server = await startTestServer();
    const r = await server.createUser({ role: 'Sales Representative', fullName: 'Rita Rep' });
    const m = await server.createUser({ role: 'Sales Manager' });
    repId = r.id;
    rep = await server.signIn(r.email, r.password);
    manager = await server.signIn(m.email, m.password);
    // Ids with a hexadecimal, octal and exponent spelling of their own.
    for (let i = 0; i < 17; i++) {
      const res = await rep.post('/api/opportunities', { product: 'CRM', client_company_name: `Acme ${i}` });
      expect(res.status).toBe(201);
      id = res.body.id;
    }
  });
  afterAll(() => server.close());

  const get = (path: string, client: HttpClient = rep) => raw(server.url, 'GET', path, { cookie: client.cookie });

  it('reads the canonical decimal id, also when its digits are percent-encoded (the router decodes them)', async () => {
    expect((await get(`/api/opportunities/${id}`)).status).toBe(200);
    const encoded = [...String(id)].map((d) => `%3${d}`).join('');
    const res = await get(`/api/opportunities/${encoded}`);
    expect([res.status, res.body.id]).toEqual([200, id]);
  });

  it.each([
    ['hexadecimal', (n: number) => `0x${n.toString(16)}`],
    ['upper-case hexadecimal', (n: number) => `0X${n.toString(16).toUpperCase()}`],
    ['octal', (n: number) => `0o${n.toString(8)}`],
    ['binary', (n: number) => `0b${n.toString(2)}`],
    ['exponent', (n: number) => `${n / 10}e1`],
    ['decimal point', (n: number) => `${n}.0`],
    ['plus sign', (n: number) => `+${n}`],
    ['leading zero', (n: number) => `0${n}`],
    ['leading space', (n: number) => `%20${n}`],
    ['trailing tab', (n: number) => `${n}%09`],
    ['trailing NUL', (n: number) => `${n}%00`],
    ['encoded hexadecimal', (n: number) => `%30%78${n.toString(16)}`],
    [
      'full-width digits',
      (n: number) => encodeURIComponent(String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))),
    ],
    ['minus', (n: number) => `-${n}`],
    ['zero', () => '0'],
    ['beyond 32 bits', () => '2147483648'],
    ['words', () => 'Infinity'],
  ])('answers 400 naming the id for a %s spelling, on every route that takes a deal id', async (_, spell) => {
    const spelled = spell(id);
    for (const [path, client] of [
      [`/api/opportunities/${spelled}`, rep],
      [`/api/opportunities/${spelled}/history`, rep],
      [`/api/opportunities/${spelled}/call-analyses`, rep],
      [`/api/opportunities/${spelled}/risks`, rep],
      [`/api/team/representatives/${repId}/opportunities/${spelled}`, manager],
    ] as const) {
      const res = await get(path, client);
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 400, code: 'bad_request' });
      expect(['id', 'oppId']).toContain(res.body.error.field);
    }
  });

  it('reads a deal id given as a form field the same way (a call analysis for `0x…` is not one for the deal)', async () => {
    for (const spelled of [`0x${id.toString(16)}`, `${id}.0`, ` ${id}`, `0${id}`]) {
      const form = new FormData();
      form.set('language', 'en');
      form.set('opportunityId', spelled);
      form.set('text', 'Rita: Hello\nProspect: Hi');
      const res = await rep.post('/api/call-analyses', form);
      expect({ spelled, status: res.status, field: res.body?.error?.field }).toEqual({
        spelled,
        status: 400,
        field: 'opportunityId',
      });
    }
  });

  it('answers a path segment too long for the router, or a broken encoding, with the product’s error body', async () => {
    for (const path of [
      `/api/opportunities/${'1'.repeat(101)}`,
      `/api/opportunities/${'9'.repeat(5000)}/history`,
      `/api/team/representatives/${'a'.repeat(300)}`,
      `/api/leads/demo-requests/${'f'.repeat(200)}/invite.ics`,
      '/api/opportunities/%E0%A4%A',
      '/api/opportunities/%zz',
    ]) {
      const res = await get(path, path.includes('/api/team/') ? manager : rep);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error.code).toBe('bad_request');
      expect(typeof res.body.error.message).toBe('string');
      expect(JSON.stringify(res.body)).not.toMatch(/FST_|statusCode/);
    }
  });
});
