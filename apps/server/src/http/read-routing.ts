import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './api-route.ts';
import type { Database, Db } from '../db/client.ts';

/**
 * Read-heavy dashboard queries go to the read replica (DATABASE_READ_URL) — except for a caller who
 * has just written: a replica lags its primary, and a representative who imports rows must see them
 * on the next page. A successful write marks the browser (a short-lived cookie, so it holds whichever
 * instance answers next) and its reads stay on the primary until the mark expires.
 */
export const PRIMARY_PIN_COOKIE = 'nexa_primary';
export const PRIMARY_PIN_SECONDS = 15;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The database for this request's read-only dashboard queries. */
    readDb: Db;
  }
}

export const readRouting = fp<{ database: Database }>(async (app: FastifyInstance, { database }) => {
  const replicated = database.reader !== database.db;
  app.decorateRequest('readDb', null as unknown as Db);
  app.addHook('onRequest', async (request) => {
    request.readDb = replicated && !pinnedToPrimary(request) ? database.reader : database.db;
  });
  if (!replicated) return;
  app.addHook('onSend', async (request, reply) => {
    if (WRITES.has(request.method) && isApiRequest(request) && reply.statusCode < 400) {
      void reply.header(
        'set-cookie',
        [reply.getHeader('set-cookie') ?? []]
          .flat()
          .map(String)
          .concat(`${PRIMARY_PIN_COOKIE}=1; Max-Age=${PRIMARY_PIN_SECONDS}; Path=/api; HttpOnly; SameSite=Lax`),
      );
    }
  });
});

function pinnedToPrimary(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes(`${PRIMARY_PIN_COOKIE}=1`) ?? false;
}
