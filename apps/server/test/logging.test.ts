import http from 'node:http';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, MAX_LOG_LINE_BYTES } from '../src/http/log.ts';
import { analysisWith } from './call-analysis-helpers.ts';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/** A stream that keeps every line written to it. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const MARKER = 'TRANSCRIPT-SECRET-';

/** An analysis whose answers, written to technical_answers, come to about 200 KB. */
const bigAnalysis = analysisWith({
  technicalRequirements: Array.from({ length: 50 }, (_, i) => ({
    question: `Question ${i}?`,
    response: `${MARKER}${i}-${'x'.repeat(3_900)}`,
    lines: [1],
  })),
});

describe('logs: failed queries without their values, every line under the cap', () => {
  const log = captured();
  let server: TestServer;
  let integration: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info', INGEST_RATE_LIMIT_MAX: '1000' }, { logStream: log.stream });
    const m = await server.createUser({ role: 'Sales Manager' });
    const manager = await server.signIn(m.email, m.password);
    const key = (await manager.post('/api/api-keys', { name: 'Meeting bot' })).body.key;
    integration = new HttpClient(server.url, '', { authorization: `Bearer ${key}`, origin: '' });
  });
  afterAll(() => server.close());

  it('a query refused by a constraint is logged by code and statement name, not with its parameters', async () => {
    // Stands for any constraint a large value can break: the insert below carries 200 KB of answers.
    await server.database.db.execute(
      sql.raw('ALTER TABLE opportunities ADD CONSTRAINT test_short_answers CHECK (length(technical_answers) < 100)'),
    );
    const res = await integration.post('/api/v1/call-insights', {
      external_id: 'log-test-1',
      account_manager: 'Nobody Known',
      client_company_name: 'Acme Corp',
      analysis: bigAnalysis,
    });
    expect(res.status).toBe(500);
    expect(res.text).not.toContain(MARKER);

    for (const line of log.lines) {
      expect(line).not.toContain(MARKER);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
    }
    const errors = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    const chain: Array<Record<string, unknown>> = [];
    for (let e = errors[0].err; e; e = e.cause) chain.push(e);
    expect(chain.some((e) => e.code === '23514')).toBe(true);
    expect(chain.some((e) => typeof e.statement === 'string' && /^nexa_/.test(e.statement))).toBe(true);
  });

  it('cuts any line over the cap to a notice that keeps its level', () => {
    const out = captured();
    const logger = pino(loggerOptions('info'), out.stream);
    logger.info({ blob: `${MARKER}${'y'.repeat(100_000)}` }, 'a huge line');
    logger.error({ err: new Error(`${'z'.repeat(50_000)}`) }, 'a huge message');
    // Without a message of its own, the line's message is the error's, cleaned the same way.
    const failed = Object.assign(new Error(`Failed query: insert …\nparams: ${MARKER}`), {
      query: 'insert into opportunities (technical_answers) values ($1)',
      params: [MARKER],
    });
    logger.error(failed);
    logger.error({ err: failed });
    expect(out.lines).toHaveLength(4);
    for (const line of out.lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
      expect(line).not.toContain(MARKER);
    }
    expect(JSON.parse(out.lines[0]!)).toMatchObject({ level: 30, bytes: expect.any(Number) });
    expect(JSON.parse(out.lines[0]!).bytes).toBeGreaterThan(100_000);
    // An error's message is cut by the serializer, so its line stays whole and readable.
    expect(JSON.parse(out.lines[1]!)).toMatchObject({ level: 50, msg: 'a huge message', err: { type: 'Error' } });
    expect(JSON.parse(out.lines[2]!)).toMatchObject({ msg: 'Failed query', err: { statement: expect.stringMatching(/^nexa_/) } });
    expect(JSON.parse(out.lines[3]!)).toMatchObject({ msg: 'Failed query' });
  });
});

describe('logs: a calendar feed token is never written, however its path is spelled', () => {
  const log = captured();
  let server: TestServer;
  let token: string;

  /** A GET with the path exactly as given (fetch would tidy dot segments and escapes). */
  const rawGet = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(server.url);
      http
        .get({ host: url.hostname, port: url.port, path }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    const r = await server.createUser({ role: 'Sales Representative' });
    const rep = await server.signIn(r.email, r.password);
    const feed = new URL((await rep.post('/api/calendar/feed')).body.url).pathname;
    token = feed
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
  });
  afterAll(() => server.close());

  it('logs the route for the canonical path and hides the token in every other spelling', async () => {
    expect(await rawGet(`/api/calendar/feed/${token}.ics`)).toBe(200);
    for (const path of [
      `//api/calendar/feed/${token}.ics`,
      `/api/calendar/./feed/${token}.ics`,
      `/api/calendar/x/../feed/${token}.ics`,
      `/api/%63alendar/feed/${token}.ics`,
      `/api/calendar/feed%2F${token}.ics`,
      `/API/calendar/feed/${token}.ics`,
      `/api/calendar/feed/${token}.ics/`,
    ])
      await rawGet(path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = log.lines.filter((line) => line.includes('"status"'));
    expect(requests.length).toBeGreaterThanOrEqual(8);
    expect(requests.some((line) => line.includes('/api/calendar/feed/:token'))).toBe(true);
    for (const line of log.lines) expect(line).not.toContain(token);
  });
});
