import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A real webhook receiver on loopback for tests and the bench: it verifies every request with
 * `standardwebhooks` (the secret is set once the endpoint exists), keeps what it got in order, and
 * answers with what `respond` says (200 by default).
 */
export interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
  at: number;
  headers: http.IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  received: Received[];
  setSecret(secret: string): void;
  respond: (request: Received, index: number) => { status: number; body?: string; delayMs?: number };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let webhook: Webhook | null = null;
  const receiver: Receiver = {
    url: '',
    received: [],
    setSecret: (secret) => void (webhook = new Webhook(secret)),
    respond: () => ({ status: 200 }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        webhook?.verify(body, request.headers as Record<string, string>);
        verified = !!webhook;
      } catch {
        verified = false;
      }
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      const entry: Received = {
        id: String(request.headers['webhook-id']),
        type: parsed.type,
        data: parsed.data,
        verified,
        at: Date.now(),
        headers: request.headers,
      };
      receiver.received.push(entry);
      const answer = receiver.respond(entry, receiver.received.length - 1);
      const send = () => {
        response.statusCode = answer.status;
        response.end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  // Close kept-alive sockets on close, so a test ends at once.
  const close = receiver.close;
  receiver.close = () => {
    server.closeAllConnections();
    return close();
  };
  return receiver;
}
