import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * Schema fuzzing: every operation of /api/openapi.json gets generated valid-looking and hostile
 * inputs, signed out, as a representative, as a manager and as an integration (a valid API key). Whatever comes in, the answer is
 * never a 500, never a stack trace or SQL, always a JSON error when it is an error, and always a
 * body that matches the response schema the document declares for that status.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  format?: string;
};

const HOSTILE = [
  '',
  ' ',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '%00',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '{"$gt":""}',
  '🙂🙃',
];

const hostileString = fc.constantFrom(...HOSTILE);

function arbitraryFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.anything({ maxDepth: 1 });
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => arbitraryFor(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 200) }),
        hostileString,
        fc.emailAddress(),
        fc.webUrl(),
      );
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER), hostileString);
    case 'number':
      return fc.oneof(fc.double(), fc.integer(), hostileString);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileString);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arbitraryFor(s, depth + 1)]),
      );
      return fc.oneof(fc.record(properties, { requiredKeys: [] }), fc.record(properties), fc.anything({ maxDepth: 2 }));
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  body?: Schema;
  multipart: boolean;
  /** Declares a security scheme (the ingest API's bearer key). */
  secured: boolean;
  /** The declared JSON body of each status, compiled. */
  responses: Map<number, ValidateFunction>;
}

// The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

function responseValidators(op: { responses?: Record<string, any> }): Map<number, ValidateFunction> {
  const validators = new Map<number, ValidateFunction>();
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const schema = response?.content?.['application/json']?.schema;
    if (schema && /^\d{3}$/.test(status)) validators.set(Number(status), ajv.compile(schema));
  }
  return validators;
}

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/auth/')) continue; // the auth library's own routes
    for (const [method, op] of Object.entries(methods)) {
      const parameters: Array<{ in: string; name: string; schema: Schema }> = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: content['application/json']?.schema,
        multipart: Boolean(content['multipart/form-data']),
        secured: Boolean(op.security?.length),
        responses: responseValidators(op),
      });
    }
  }
  return operations;
}

const LEAKS = /\n\s+at \S+ \(|node_modules|SELECT\s|INSERT\s|UPDATE\s\w+\sSET|syntax error at|ECONNREFUSED|ZodError/;

function assertSafe(label: string, res: { status: number; headers: Headers; text: string }, op: Operation) {
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get('content-type'), label).toMatch(/application\/json/);
    const body = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, label).toBe('string');
    expect(typeof body.error?.message, label).toBe('string');
  }
  expect(res.text, label).not.toMatch(LEAKS);
  const validate = op.responses.get(res.status);
  if (validate && res.headers.get('content-type')?.includes('application/json')) {
    expect(validate(JSON.parse(res.text)), `${label} → ${res.status} breaks its schema: ${ajv.errorsText(validate.errors)}`).toBe(
      true,
    );
  }
}

describe('schema fuzzing over the OpenAPI document', () => {
  let server: TestServer;
  let actors: Array<[string, HttpClient]>;
  let operations: Operation[];

  beforeAll(async () => {
    // A calendar URL the fuzzer makes up is refused or given up on quickly (no calendar answers there).
    server = await startTestServer({
      RATE_LIMIT_MAX: '100000',
      INGEST_RATE_LIMIT_MAX: '100000',
      FOLLOW_UP_EMAIL_RATE_LIMIT_MAX: '100000',
      CALENDAR_TIMEOUT_MS: '500',
    });
    const rep = await server.createUser({ role: 'Sales Representative' });
    const manager = await server.createUser({ role: 'Sales Manager' });
    const managerClient = await server.signIn(manager.email, manager.password);
    const { key } = (await managerClient.post('/api/api-keys', { name: 'fuzz' })).body;
    actors = [
      ['visitor', server.anonymous],
      ['rep', await server.signIn(rep.email, rep.password)],
      ['manager', managerClient],
      ['integration', new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' })],
    ];
    const doc = await server.anonymous.get('/api/openapi.json');
    operations = operationsOf(doc.body);
  });
  afterAll(() => server.close());

  it('finds the operations to fuzz, and the response schemas to hold their answers to', () => {
    expect(operations.length).toBeGreaterThanOrEqual(3);
    expect(operations.filter((op) => op.responses.has(200)).length).toBeGreaterThan(operations.length / 2);
  });

  it('answers 400 for a value the database cannot store (a NUL byte found by this fuzzer)', async () => {
    const manager = actors[2]![1];
    const res = await manager.get('/api/team/representatives/%00');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('never answers 500, a stack trace or SQL, whoever calls with whatever', async () => {
    const pathValue = fc.oneof(
      fc.constantFrom('1', '0', '-1', '2147483648', 'abc', 'null'),
      hostileString.filter((s) => s.length > 0 && s.length < 300),
    );
    for (const op of operations) {
      const input = fc.record({
        params: fc.tuple(...op.pathParams.map(() => pathValue)),
        query: arbitraryFor({ type: 'object', properties: op.query }),
        body: op.body ? arbitraryFor(op.body) : fc.anything({ maxDepth: 1 }),
      });
      await fc.assert(
        // A keyed route mostly gets the valid key, so its inputs reach the handler and the database.
        fc.asyncProperty(
          input,
          fc.constantFrom(...(op.secured ? [actors[3]!, actors[3]!, ...actors] : actors)),
          async ({ params, query, body }, [who, client]) => {
            let url = op.path;
            op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, encodeURIComponent(String(params[i])))));
            const search = new URLSearchParams();
            if (query && typeof query === 'object' && !Array.isArray(query)) {
              for (const [k, v] of Object.entries(query))
                if (v !== undefined) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
            }
            const full = search.size ? `${url}?${search}` : url;
            let payload: unknown;
            if (op.method !== 'GET' && op.method !== 'DELETE') {
              if (op.multipart) {
                const form = new FormData();
                if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) form.set(k, String(v));
                payload = form;
              } else {
                payload = body === undefined ? null : body;
              }
            }
            const res = await client.request(op.method, full, payload);
            assertSafe(`${who} ${op.method} ${full.slice(0, 120)}`, res, op);
            // A read through a spelling the router decodes to the same route gets the same answer.
            if (op.method === 'GET') {
              const spelled = await client.request(op.method, full.replace('/api/', '/%61pi/'), payload);
              expect(spelled.status, `${who} GET ${full.slice(0, 120)} spelled /%61pi/`).toBe(res.status);
            }
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
  }, 180_000);

  it('a follow-up e-mail (issue 37) with hostile recipients, subject and body: 201 or 400, and no header added', async () => {
    const rep = actors[1]![1];
    const deal = (await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'Fuzz Co', amount: 1 })).body.id;
    const outbox = path.join(server.config.dataDir, 'outbox');
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const injection = fc.constantFrom(
      'a@b.example\r\nBcc: victim@evil.test',
      'a@b.example\nX-Injected: 1',
      'Hi\u2028Bcc: victim@evil.test',
      'Hi\u0085Bcc: victim@evil.test',
      '=?utf-8?Q?Bcc=3A?= victim@evil.test',
      'a@b.example, victim@evil.test',
    );
    const text = fc.oneof(hostileString, injection, fc.string({ maxLength: 40 }));
    const address = fc.oneof(fc.constant('ok@fuzz.example'), text);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          to: fc.array(address, { maxLength: 3 }),
          cc: fc.array(address, { maxLength: 2 }),
          subject: text,
          body: text,
        }),
        async (mail) => {
          const res = await rep.request('POST', `/api/opportunities/${deal}/follow-up-email`, mail);
          expect([201, 400], `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        },
      ),
      { numRuns: 60, seed: 20261127 },
    );
    // Whatever went out has only the headers it should: no Bcc, nothing injected, one line each.
    const sent = fs.readdirSync(outbox).filter((file) => !before.has(file));
    expect(sent.length).toBeGreaterThan(0);
    for (const file of sent) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      expect(mail.headers.has('bcc'), file).toBe(false);
      expect(mail.headers.has('x-injected'), file).toBe(false);
      expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(
        expect.arrayContaining(['ok@fuzz.example']),
      );
    }
  }, 120_000);
  it('a note on a deal (issue 37) with hostile text and mention ids: 201 or 400, and only real people mentioned', async () => {
    const rep = actors[1]![1];
    const deal = (await rep.post('/api/opportunities', { product: 'CRM', client_company_name: 'Fuzz Notes', amount: 1 })).body.id;
    const text = fc.oneof(hostileString, fc.string({ maxLength: 80 }), fc.constant('@'), fc.constant('x'.repeat(5001)));
    const id = fc.oneof(hostileString, fc.uuid(), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(
        fc.record({ text, mentions: fc.array(id, { maxLength: 25 }) }, { requiredKeys: ['text'] }),
        async (note) => {
          const res = await rep.request('POST', `/api/opportunities/${deal}/notes`, note);
          expect([201, 400], `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
          if (res.status === 201) expect(res.body.mentions).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });
});
