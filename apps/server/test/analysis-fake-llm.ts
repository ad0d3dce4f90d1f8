import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake endpoint answers the next chat-completions requests. */
export type FakeBehaviour =
  | { kind: 'answer'; content: string | null }
  | { kind: 'error'; status: number; body: unknown }
  | { kind: 'hang' }
  | { kind: 'slow'; content: string; pieces: number; delayMs: number }
  /** Any status, type and body, completion-shaped or not. */
  | { kind: 'raw'; status: number; contentType: string; body: string }
  /** Half of a completion, then the connection is cut. */
  | { kind: 'cut'; content: string }
  /** Decides per request (e.g. a malformed answer first, then a valid one). */
  | { kind: 'script'; next: (request: RecordedRequest, index: number) => Exclude<FakeBehaviour, { kind: 'script' }> };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface FakeLlm {
  /** The base URL to give the SDK (like https://api.openai.com/v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** One behaviour for every request, or one chosen per request from its parsed body. */
  behave(behaviour: FakeBehaviour | ((body: any) => FakeBehaviour)): void;
  close(): Promise<void>;
}

export function completion(content: string | null, model = 'fake-model') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real HTTP server on 127.0.0.1 speaking the chat-completions protocol (POST
 * /v1/chat/completions), so the openai SDK is exercised end to end: headers, body, status
 * codes, a server that never answers, and a body that trickles in.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  let behaviour: FakeBehaviour | ((body: any) => FakeBehaviour) = { kind: 'answer', content: '{}' };
  const requests: RecordedRequest[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // keep the text
      }
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such route"}}');
        return;
      }
      const chosen = typeof behaviour === 'function' ? behaviour(body) : behaviour;
      void respond(res, chosen.kind === 'script' ? chosen.next(recorded, requests.length - 1) : chosen);
    });
  });

  async function respond(res: http.ServerResponse, b: Exclude<FakeBehaviour, { kind: 'script' }>) {
    if (b.kind === 'hang') return; // headers never come
    if (b.kind === 'error') {
      res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify(b.body));
      return;
    }
    if (b.kind === 'raw') {
      res.writeHead(b.status, { 'content-type': b.contentType }).end(b.body);
      return;
    }
    const text = JSON.stringify(completion(b.content));
    if (b.kind === 'cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
      res.write(text.slice(0, text.length >> 1), () => res.destroy());
      return;
    }
    if (b.kind === 'answer') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
      return;
    }
    // Headers at once, then the body in pieces: the SDK's own timeout stops at the headers.
    res.writeHead(200, { 'content-type': 'application/json' });
    const size = Math.ceil(text.length / b.pieces);
    for (let i = 0; i < text.length; i += size) {
      if (res.destroyed) return;
      res.write(text.slice(i, i + size));
      await sleep(b.delayMs);
    }
    if (!res.destroyed) res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A well-formed model answer. */
export const goodAnswer = (diagnosis: string, cards: string[]) => JSON.stringify({ diagnosis, cards });
