import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Printable ASCII, as the Idempotency-Key header field is defined (a UUID fits). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The routes of this plugin get their JSON body as bytes: a CSV import's rows are read and checked
 * in a worker thread (workers/import-body.ts), not parsed on the event loop. Register the import
 * routes in a plugin of their own and call this first.
 */
export function rawJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
}

/** The import's body (bytes, see rawJsonBodies) and its Idempotency-Key, checked (400 / 415). */
export function importRequestOf(request: FastifyRequest): { body: Buffer; key: string | null } {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    throw new AppError('bad_request', 'Idempotency-Key must be 1 to 200 printable characters', 'Idempotency-Key');
  }
  if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', 'The rows are sent as application/json');
  return { body: request.body, key: key ?? null };
}
