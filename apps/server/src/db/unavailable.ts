/**
 * Which database errors mean "the database is not there for us" (the API's 503), as opposed to
 * "this request or our code is wrong" (400 or a 500 bug).
 */

/** SQLSTATEs and socket codes that say the server is unreachable, shutting down, starting up or full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, or in recovery)
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections
  '53300',
]);

/** Class 08 is "connection exception", whatever the subclass. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

// node-postgres says "not queryable" for the next statement on a connection that dropped while it
// was checked out (between two statements of a transaction).
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|encountered a connection error and is not queryable/i;

/**
 * Set on an error raised while a pooled connection was being opened. PostgreSQL refuses a
 * connection with many SQLSTATEs besides the ones above (55000 when the database does not accept
 * connections, 42501 when the right to connect was revoked, 3D000, 28P01…), each a reason the
 * database cannot serve any request, and none of them a fault of the request. The same codes raised
 * by a statement on an open connection are something else (55000 from currval, say): only the
 * connection phase is marked.
 */
const CONNECT_FAILED = Symbol('nexa.database.connectFailed');

/** Marks an error of the connection phase (db/client.ts); returns it. */
export function markConnectFailure<E>(error: E): E {
  if (error && typeof error === 'object') Object.defineProperty(error, CONNECT_FAILED, { value: true });
  return error;
}

/** Whether an error, wherever the driver or the ORM wrapped it, means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; [CONNECT_FAILED]?: boolean };
    if (e[CONNECT_FAILED]) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || CONNECTION_EXCEPTION.test(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
