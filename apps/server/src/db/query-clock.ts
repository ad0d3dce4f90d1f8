import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a request waited on its database: the time with at least one of its statements in flight
 * (statements run concurrently count once). The server reports it beside its own time in every
 * answer's Server-Timing header (`db;dur=…`), so a call's cost splits into the database's share and
 * the server's — the rep bench sets one beside the other.
 */
interface QueryClock {
  inFlight: number;
  since: number;
  total: number;
}

const clocks = new AsyncLocalStorage<QueryClock>();

/** Runs `next` (the rest of a request) with a clock of its own. */
export function runWithQueryClock(next: () => void): void {
  clocks.run({ inFlight: 0, since: 0, total: 0 }, next);
}

/** Milliseconds the current request has waited on its database so far; undefined outside a request. */
export function databaseMilliseconds(): number | undefined {
  return clocks.getStore()?.total;
}

/** `query()`, timed on the current request's clock (if any). */
export async function timedQuery<T>(query: () => Promise<T>): Promise<T> {
  const clock = clocks.getStore();
  if (!clock) return query();
  if (clock.inFlight++ === 0) clock.since = performance.now();
  try {
    return await query();
  } finally {
    if (--clock.inFlight === 0) clock.total += performance.now() - clock.since;
  }
}
