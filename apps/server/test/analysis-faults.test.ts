import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, goodAnswer, startFakeLlm, type FakeBehaviour, type FakeLlm } from './analysis-fake-llm.ts';
import { startTestServer, type TestServer } from './test-app.ts';

/**
 * AI faults (issue 9): the model's endpoint down, slow or answering garbage. The visitor gets the
 * specified 503 within the configured AI timeout, and the server's event loop keeps turning while
 * many such calls are in flight (the server runs in this process, so the loop measured is its own).
 */

const PATH = '/api/analysis/company';
const UNAVAILABLE = {
  error: { code: 'service_unavailable', message: 'The analysis is temporarily unavailable. Please try again.' },
};
const TIMEOUT_MS = 1_500;
const DIAGNOSIS = 'Initech runs long technical sales cycles; its engineers answer the same questions on every call.';
const limits = { ANALYSIS_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' };

/** What the fake model answers for a company whose name starts with the key. */
const garbage: Record<string, FakeBehaviour> = {
  html: { kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' },
  'not-a-completion': { kind: 'raw', status: 200, contentType: 'application/json', body: '{"hello":"world"}' },
  'no-choices': { kind: 'raw', status: 200, contentType: 'application/json', body: '{"choices":[]}' },
  'null-content': { kind: 'answer', content: null },
  prose: { kind: 'answer', content: 'I am sorry, I cannot help with that request.' },
  'wrong-types': { kind: 'answer', content: '{"diagnosis": 42, "cards": "crm"}' },
  'cut-mid-body': { kind: 'cut', content: goodAnswer(DIAGNOSIS, ['crm']) },
  'bad-gateway': { kind: 'raw', status: 502, contentType: 'text/plain', body: 'upstream down' },
  // Hostile answers under the size cap: a run of blanks once made a pattern backtrack for ~20 s.
  'blank-run': { kind: 'answer', content: JSON.stringify({ diagnosis: `${' '.repeat(60_000)}x`, cards: ['crm'] }) },
  'huge-prose': { kind: 'answer', content: `${'word '.repeat(400_000)}{` },
  'huge-json': {
    kind: 'raw',
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(completion('x'.repeat(3_000_000))),
  },
};

const behaviourFor = (body: any): FakeBehaviour => {
  const text = JSON.stringify(body?.messages ?? '');
  const match = /company_name\\":\\"([a-z-]+)/.exec(text);
  const key = match?.[1] ?? '';
  if (key === 'slow') return { kind: 'slow', content: goodAnswer(DIAGNOSIS, ['crm']), pieces: 20, delayMs: 200 };
  if (key === 'hang') return { kind: 'hang' };
  return garbage[key] ?? { kind: 'answer', content: goodAnswer(DIAGNOSIS, ['crm']) };
};

describe('company analysis under AI faults', () => {
  let llm: FakeLlm;
  let server: TestServer;
  let offline: TestServer;
  let seq = 0;
  const ask = (target: TestServer, name: string) =>
    target.anonymous.post(PATH, { companyName: `${name} ${++seq}`, language: seq % 2 ? 'en' : 'fr' });

  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.behave(behaviourFor);
    [server, offline] = await Promise.all([
      startTestServer({
        AI_BASE_URL: llm.baseUrl,
        AI_MODEL: 'fake-model',
        AI_TIMEOUT_MS: String(TIMEOUT_MS),
        AI_MAX_RETRIES: '1',
        ...limits,
      }),
      startTestServer(limits),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), offline?.close()]);
    await llm?.close();
  });

  it.each([...Object.keys(garbage), 'hang', 'slow'])('a model answering "%s": 503 within the AI timeout', async (key) => {
    const started = performance.now();
    const res = await ask(server, key);
    const took = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    // The deadline covers retries and the body; a second of slack for a busy machine.
    expect(took).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('a model endpoint that is down: 503 at once, not after the timeout', async () => {
    const down = await startFakeLlm();
    await down.close();
    const target = await startTestServer({ AI_BASE_URL: down.baseUrl, AI_TIMEOUT_MS: '10000', AI_MAX_RETRIES: '1', ...limits });
    try {
      const started = performance.now();
      const res = await ask(target, 'down');
      expect(res.status).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await target.close();
    }
  });

  it('the event loop is never blocked while many faulty model calls and offline analyses are in flight', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const keys = [...Object.keys(garbage), 'hang', 'slow'];
    const calls: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < 60; i++) {
      calls.push(ask(server, keys[i % keys.length]!));
      calls.push(ask(offline, `Offline Company ${i}`));
    }
    const results = await Promise.all(calls);
    histogram.disable();

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 503)).toHaveLength(60);
    const maxMs = histogram.max / 1e6;
    const p99Ms = histogram.percentile(99) / 1e6;
    console.info(`event-loop delay under AI faults: p99 ${p99Ms.toFixed(1)} ms, max ${maxMs.toFixed(1)} ms`);
    // A blocked loop shows as many seconds (the quadratic pattern on 60 KB: ~20 s). The bound leaves
    // room for 120 concurrent requests on a shared 2-core machine (seen: max 250-850 ms at load 14).
    expect(maxMs).toBeLessThan(1_500);
  });
});
