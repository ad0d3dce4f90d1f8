import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@nexa/domain';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from './errors.ts';

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'bad_request',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** The SQLSTATE of a database error, wherever the driver or the ORM wrapped it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function body(code: ErrorCode, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * Errors the router raises before any route (and so before the error handler) is chosen: a path
 * segment longer than it takes (Fastify's 414) and a broken percent-encoding. Fastify answered them
 * with its own body (`{statusCode, code: 'FST_…', error, message}`); they get the API's shape, and a
 * 400 as the API's other refusals of a malformed request (DESIGN.md §5 has no 414).
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply: FastifyReply) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(400).send(body('bad_request', 'A segment of the path is too long'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(body('bad_request', 'The path is not valid (broken percent-encoding)'));
  }
  reply.log.error({ err: error }, 'router error');
  return reply.status(500).send(body('internal', 'An unexpected error occurred'));
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A dependency failure raised without its own log line (it carries the cause) leaves a trace here.
      if (error.status >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      return reply.status(error.status).send(body(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = issue ? `${field ?? error.validationContext ?? 'request'}: ${issue.message}` : 'Invalid request';
      return reply.status(400).send(body('bad_request', message, field));
    }
    // Class 22 is "data exception": a value the database cannot take (a NUL byte in text, a number
    // out of range). It comes from the request, so it is the caller's 400, not our 500.
    if (sqlState(error)?.startsWith('22')) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send(body('bad_request', 'A value in the request is not valid'));
    }
    // The client hung up (or was cut off for being too slow) while its body was being read: not a
    // fault of ours, and its ECONNRESET must not pass for the database's.
    if (request.raw.destroyed && error.code === 'ECONNRESET') {
      request.log.info({ event: 'http.client_aborted' }, 'client went away before its request was read');
      return reply.status(400).send(body('bad_request', 'The request was not received in full'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(body('service_unavailable', 'The service is temporarily unavailable'));
    }
    const status = error.statusCode ?? 500;
    const code = CODE_FOR_STATUS[status];
    if (status < 500 && code) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(status).send(body(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', 'An unexpected error occurred'));
  });
}
