import type { ServerOptions } from 'node:http';
import type { Config } from '../config.ts';

/**
 * The HTTP server's timeouts. Fastify turns Node's request timeout off by default, so without
 * these a client sending its headers or body a byte at a time held a connection (and an upload's
 * temporary file) open as long as it liked.
 */
export function serverTimeouts(http: Config['http']): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    // No traffic either way for this long (a client that stopped sending or reading): closed.
    connectionTimeout: http.connectionTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      // Node enforces the two timeouts above on a timer (every 30 s by default): checking four times
      // per headers timeout closes a slow client within 1.25 × the configured time.
      connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(http.headersTimeoutMs / 4))),
    },
  };
}
