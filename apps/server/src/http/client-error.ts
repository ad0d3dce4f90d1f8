import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { body } from './error-handler.ts';

/**
 * What the server does with bytes that are not HTTP (or a client too slow to send its request).
 *
 * Fastify's default destroyed the socket at once. A packet holding a valid request followed by
 * garbage (pipelined) then left that request being served on a dead socket, where it failed with
 * an error-level stack trace (no client address any more) and its answer was lost; one packet of
 * many such requests gave a burst. Here a request already in flight is answered first, the client
 * then gets one 400 and the connection is closed, and the log gets one warn line without a stack.
 */

const warned = new WeakSet<Socket>();
/** Requests of a connection not answered yet (pipelined requests are parsed before any answer). */
const unanswered = new WeakMap<Socket, Set<IncomingMessage>>();
/** What to do once a connection has answered all its requests. */
const whenAnswered = new WeakMap<Socket, () => void>();

/** Tracks each connection's unanswered requests, so a client error can wait for their answers. */
export function trackUnansweredRequests(server: Server): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const pending = unanswered.get(socket) ?? new Set();
    unanswered.set(socket, pending.add(request));
    response.once('close', () => {
      pending.delete(request);
      if (pending.size === 0) whenAnswered.get(socket)?.();
    });
  });
}

function answer(status: number, message: string): string {
  const json = JSON.stringify(body('bad_request', message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

function refusal(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large' };
  return { status: 400, message: 'The request is not valid HTTP' };
}

export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // The peer is gone (reset, or its end came in the middle of a request): nothing to answer,
  // nothing worth more than a debug line. Destroying the socket aborts the unfinished request, so
  // an upload in progress stops and removes its temporary file.
  if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || socket.destroyed) {
    this.log.debug({ event: 'http.client_gone', code: error.code }, 'client went away');
    socket.destroy();
    return;
  }
  const { status, message } = refusal(error.code);
  if (!warned.has(socket)) {
    warned.add(socket);
    this.log.warn({ event: 'http.client_error', code: error.code, status }, message);
  }
  const close = () => {
    whenAnswered.delete(socket);
    // Half an answer already on the wire: a 400 after it would corrupt it, so just hang up.
    const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const midAnswer = current?.headersSent && !current.writableFinished;
    if (socket.writable && !midAnswer) socket.end(answer(status, message));
    else socket.destroy();
  };
  // Complete requests before the bad bytes are being served: their answers go out first. One still
  // waiting for its body (a timed out one, say) can never finish: close now.
  const pending = [...(unanswered.get(socket) ?? [])];
  if (pending.length && pending.every((request) => request.complete)) whenAnswered.set(socket, close);
  else close();
}
