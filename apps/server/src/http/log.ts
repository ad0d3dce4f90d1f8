import type { LoggerOptions } from 'pino';
import { statementName } from '../db/prepared/statement-name.ts';

/**
 * What the server's log lines may hold. A failed query used to be logged with its bound values
 * (the driver and the ORM copy them into the error, its message and its `detail`): one line held a
 * whole transcript, 475 MB. Errors are now logged by code and statement name, and every line has a
 * hard cap.
 */

/** Longest line written, in bytes; a longer one is replaced by a short notice. */
export const MAX_LOG_LINE_BYTES = 8 * 1024;
const MAX_MESSAGE = 500;
const MAX_STACK = 3_000;
const MAX_STRING_FIELD = 200;
const MAX_CAUSES = 3;

/**
 * Fields of database errors that carry values: the bound parameters, the query they were bound to
 * (logged by name instead), `detail` ("Failing row contains (…)", "Key (email)=(…)") and `where`.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'query', 'queryOptions', 'detail', 'where', 'internalQuery']);

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… [${text.length} chars]` : text);

type LoggedError = Record<string, unknown>;

/** An error's message as it may be logged. */
function messageOf(error: Error): string {
  // The ORM's message is "Failed query: <text>\nparams: <values>": the statement stands for it.
  return typeof (error as { query?: unknown }).query === 'string' ? 'Failed query' : cut(error.message, MAX_MESSAGE);
}

/**
 * pino makes an error's own message the line's `msg` when the call gives none (`log.error(err)`),
 * and Fastify passes `err.message` itself: both would carry the values the serializer leaves out.
 */
function logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first, msg] = args;
  const error =
    first instanceof Error
      ? first
      : (first as { err?: unknown } | null)?.err instanceof Error
        ? (first as { err: Error }).err
        : null;
  if (error && (msg === undefined || msg === error.message)) {
    method.apply(this, [first, messageOf(error), ...args.slice(2)]);
    return;
  }
  method.apply(this, args);
}

function serializeError(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) {
    return typeof error === 'string' ? cut(error, MAX_MESSAGE) : error;
  }
  const query = (error as { query?: unknown }).query;
  const logged: LoggedError = { type: error.constructor.name || error.name };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause') continue;
    if (typeof value === 'number' || typeof value === 'boolean') logged[key] = value;
    else if (typeof value === 'string') logged[key] = cut(value, MAX_STRING_FIELD);
  }
  const message = messageOf(error);
  logged.message = message;
  if (typeof query === 'string') logged.statement = statementName(query);
  if (error.stack) {
    // The stack starts with the message: keep only its frames.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    logged.stack = cut([`${error.name}: ${message}`, ...frames].join('\n'), MAX_STACK);
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Replaces a line over the cap with one that says so, keeping its level, time and request id. */
export function capLogLine(line: string): string {
  // Up to 3 bytes per UTF-16 unit: most lines are known short without counting.
  if (line.length <= MAX_LOG_LINE_BYTES / 3 || Buffer.byteLength(line) <= MAX_LOG_LINE_BYTES) return line;
  const head = line.slice(0, 512);
  const field = (pattern: RegExp) => pattern.exec(head)?.[1];
  return `${JSON.stringify({
    level: Number(field(/"level":(\d+)/) ?? 50),
    time: Number(field(/"time":(\d+)/) ?? Date.now()),
    reqId: field(/"reqId":"([\w-]{1,64})"/),
    msg: 'log line over the size cap left out',
    bytes: Buffer.byteLength(line),
  })}\n`;
}

/** The pino options of the server's logger. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: (error: unknown) => serializeError(error, 0) },
    hooks: { logMethod, streamWrite: capLogLine },
  };
}
