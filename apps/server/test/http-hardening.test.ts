import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ORIGIN, type TestServer } from './test-app.ts';

const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1_000;
/** A client still connected this long after its timeout was never cut off. */
const GIVE_UP_MS = 6_000;

interface RawExchange {
  /** Everything the server sent. */
  received: string;
  /** Milliseconds from connecting until the server closed the connection (null: it never did). */
  closedAfterMs: number | null;
}

/**
 * A raw TCP client: writes `first`, then `drip` every 100 ms (bounded), and reports when the server
 * hung up. Nothing here ever closes the socket before GIVE_UP_MS.
 */
function rawClient(port: number, first: string, drip?: string): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ received, closedAfterMs });
    };
    const giveUp = setTimeout(() => finish(null), GIVE_UP_MS);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => {
      socket.write(first);
      if (drip) timer = setInterval(() => !socket.destroyed && socket.write(drip), 100);
    });
  });
}

describe('HTTP server: slow clients and bytes that are not HTTP', () => {
  const lines: string[] = [];
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer(
      {
        LOG_LEVEL: 'info',
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
      { logStream },
    );
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it('disconnects a client that sends its headers slowly', async () => {
    const result = await rawClient(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(result.closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS * 2 + 1_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('disconnects a client that sends its body slowly', async () => {
    const headers =
      `POST /api/leads/demo-requests HTTP/1.1\r\nHost: localhost\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\n` +
      'Content-Length: 5000\r\n\r\n{"a":"';
    lines.length = 0;
    const result = await rawClient(port, headers, 'x'.repeat(10));
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 1_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    // The cut-off upload is the client's doing: no error line (it used to pass for a database outage).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.map((line) => JSON.parse(line)).filter((e) => e.level >= 50)).toEqual([]);
  });

  it('answers the valid requests of a packet that ends in garbage, then one 400, with one warn line and no error', async () => {
    lines.length = 0;
    const valid = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const result = await rawClient(port, `${valid.repeat(5)}\x00\x01\x02 not http\r\n\r\n`);
    expect(result.closedAfterMs).not.toBeNull();
    const statuses = [...result.received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '200', '200', '200', '200', '400']);
    expect(result.received).toContain('"code":"bad_request"');

    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    const warnings = entries.filter((e) => e.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ event: 'http.client_error', status: 400 });
    expect(JSON.stringify(warnings[0])).not.toContain('stack');
  });

  it('answers 400 to a connection that sends nothing but garbage', async () => {
    const result = await rawClient(port, 'NOT HTTP AT ALL\x00\r\n\r\n');
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.received).toMatch(/^HTTP\/1\.1 400 /);
  });
});
