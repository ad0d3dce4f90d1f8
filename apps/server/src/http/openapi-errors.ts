import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { apiErrorBodySchema, type ErrorCode } from '@nexa/domain';
import type { Access } from '../auth/access.ts';

/** The error answers of the OpenAPI document: one shared response per status, all with the same body. */

export type Security = Array<Record<string, string[]>>;

const ERROR_RESPONSES: Record<number, { name: string; code: ErrorCode; description: string }> = {
  400: {
    name: 'BadRequest',
    code: 'bad_request',
    description: 'The request is not valid; `error.field` names the field at fault.',
  },
  401: { name: 'Unauthorized', code: 'unauthorized', description: 'No valid session cookie or API key.' },
  403: {
    name: 'Forbidden',
    code: 'forbidden',
    description:
      'The role does not allow this, or a state-changing call came from another origin (send no `Origin`, or the server URL).',
  },
  404: { name: 'NotFound', code: 'not_found', description: 'Unknown, or not visible to the caller.' },
  409: {
    name: 'Conflict',
    code: 'conflict',
    description: 'The request conflicts with the current state (e.g. a slot just booked).',
  },
  413: { name: 'PayloadTooLarge', code: 'payload_too_large', description: 'The body or a file is over its size limit.' },
  415: {
    name: 'UnsupportedMediaType',
    code: 'unsupported_media_type',
    description: 'The content type or the file type is not accepted.',
  },
  429: { name: 'RateLimited', code: 'rate_limited', description: 'Too many requests; retry after `Retry-After` seconds.' },
  503: {
    name: 'ServiceUnavailable',
    code: 'service_unavailable',
    description: 'A dependency (the database, the file storage) is down; retry later.',
  },
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const UNSAFE_METHODS = new Set([...BODY_METHODS, 'DELETE']);

/** The error statuses a route can answer with, from the checks every route goes through. */
export function errorStatuses(
  method: string,
  url: string,
  access: Access | undefined,
  security: Security,
  schema: FastifySchema,
) {
  const statuses = new Set<number>();
  if (schema.body || schema.querystring || schema.params || BODY_METHODS.has(method)) statuses.add(400);
  if (security.length > 0) statuses.add(401);
  // Roles are checked on the session; an unsafe call with a cookie is checked for its origin.
  if (Array.isArray(access) || (UNSAFE_METHODS.has(method) && access !== 'api-key')) statuses.add(403);
  if (url.includes(':')) statuses.add(404);
  if (BODY_METHODS.has(method)) statuses.add(413).add(415);
  // Every /api route is rate limited and reads the database.
  statuses.add(429).add(503);
  return statuses;
}

/** A reference to the shared response of an error status, or null for a status that has none. */
export function errorResponseRef(status: number) {
  const response = ERROR_RESPONSES[status];
  return response ? { name: response.name, ref: { $ref: `#/components/responses/${response.name}` } } : null;
}

export function errorSchema() {
  const { $schema: _, ...schema } = z.toJSONSchema(apiErrorBodySchema, { target: 'draft-2020-12', io: 'output' });
  return schema;
}

/** The shared error responses that operations refer to (an unused component is noise to a reader). */
export function errorResponses(referenced: Set<string>) {
  const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES)
      .filter(({ name }) => referenced.has(name))
      .map(({ name, code, description }) => [
        name,
        {
          description,
          ...(code === 'rate_limited' ? { headers: retryAfter } : {}),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ApiError' },
              example: { error: { code, message: description } },
            },
          },
        },
      ]),
  );
}
