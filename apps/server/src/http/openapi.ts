import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, STATUS_FOR_CODE, type ErrorCode } from '@nexa/domain';
import type { Access } from '../auth/access.ts';
import { operationNameFor, sentenceOf } from './operation-name.ts';

/**
 * The OpenAPI document served at /api/openapi.json. Routes describe their own input and output with
 * the shared zod schemas; what follows from a route's access rule and its shape (security, tag,
 * operationId, summary, error answers) is derived here once, so every route gets it and none repeats it.
 */

type Security = Array<Record<string, string[]>>;

/** The session cookie's requirement, for routes that state their security themselves. */
export const SESSION_SECURITY: Security = [{ session: [] }];
const API_KEY: Security = [{ apiKey: [] }];
const NONE: Security = [];

/** Tags in the order the reference page lists them, each with what an integrator finds there. */
const TAGS: Record<string, string> = {
  ingest: 'The ingest API for meeting bots and CRMs: an API key (`Authorization: Bearer nexa_…`) and nothing else.',
  integrations: 'API keys, created and revoked by managers (session cookie).',
  auth: 'Sign-in, sign-out and password reset. A successful sign-in sets the HttpOnly session cookie.',
  profile: 'The signed-in person.',
  opportunities: 'Deals: a representative sees their own, a manager every one.',
  'call-analysis': 'Analyses of sales calls from uploaded transcripts.',
  jobs: 'Background work queued by the signed-in person.',
  pipeline: "A representative's pipeline figures.",
  companies: "The companies of a representative's deals.",
  team: "Managers: the team's figures and quotas.",
  leads: "The public site's demo requests, early-access requests and team applications; the managers' inbox.",
  analysis: 'The public company analysis.',
  health: 'Whether the service and its database answer.',
};

/** One reusable response per error status; every error body has the same shape. */
const ERROR_RESPONSES: Partial<Record<ErrorCode, { name: string; description: string }>> = {
  bad_request: { name: 'BadRequest', description: 'The request is not valid; `error.field` names the field at fault.' },
  unauthorized: { name: 'Unauthorized', description: 'No valid session cookie or API key.' },
  forbidden: {
    name: 'Forbidden',
    description:
      'The role does not allow this, or a state-changing call came from another origin (send no `Origin`, or the server URL).',
  },
  not_found: { name: 'NotFound', description: 'Unknown, or not visible to the caller.' },
  conflict: { name: 'Conflict', description: 'The request conflicts with the current state (e.g. a slot just booked).' },
  payload_too_large: { name: 'PayloadTooLarge', description: 'The body or a file is over its size limit.' },
  unsupported_media_type: { name: 'UnsupportedMediaType', description: 'The content type or the file type is not accepted.' },
  rate_limited: { name: 'RateLimited', description: 'Too many requests; retry after `Retry-After` seconds.' },
  service_unavailable: {
    name: 'ServiceUnavailable',
    description: 'A dependency (the database, the file storage) is down; retry later.',
  },
};
const CODE_FOR_STATUS = new Map(Object.entries(STATUS_FOR_CODE).map(([code, status]) => [status, code as ErrorCode]));

/** Where the derived error statuses travel from the route transform to the document transform. */
const ERRORS_KEY = 'x-nexa-errors';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const UNSAFE_METHODS = new Set([...BODY_METHODS, 'DELETE']);

function securityFor(access: Access | undefined, declared: Security | undefined): Security {
  if (declared) return declared;
  if (access === 'api-key') return API_KEY;
  if (access === undefined || access === 'public') return NONE;
  return SESSION_SECURITY;
}

/** The error statuses a route can answer with, from the checks every route goes through. */
function errorStatuses(method: string, url: string, access: Access | undefined, security: Security, schema: FastifySchema) {
  const statuses = new Set<number>();
  const hasInput = schema.body || schema.querystring || schema.params || BODY_METHODS.has(method);
  if (hasInput) statuses.add(400);
  if (security.length > 0) statuses.add(401);
  // Roles are checked on the session; an unsafe call with a cookie is checked for its origin.
  if (Array.isArray(access) || (UNSAFE_METHODS.has(method) && access !== 'api-key')) statuses.add(403);
  if (url.includes(':')) statuses.add(404);
  if (BODY_METHODS.has(method)) statuses.add(413).add(415);
  // Every /api route is rate limited and reads the database.
  statuses.add(429).add(503);
  return statuses;
}

const routeMethod = (route: RouteOptions) => [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';

/**
 * Per route: the zod schemas to JSON Schema (the type provider's transform), then what the access rule
 * and the URL imply. A route's own `summary`, `operationId`, `tags` or `security` wins over the derived one.
 */
export const describeRoute: FastifyDynamicSwaggerOptions['transform'] = (document) => {
  const { route, url } = document;
  const method = routeMethod(route);
  const declaredResponses = { ...(document.schema?.response as Record<string, unknown> | undefined) };
  // Error statuses a route declares with the shared error body become the shared response.
  const declaredErrors = Object.keys(declaredResponses).filter((s) => declaredResponses[s] === apiErrorBodySchema);
  for (const status of declaredErrors) delete declaredResponses[status];
  const input =
    document.schema?.response && declaredErrors.length > 0
      ? { ...document.schema, response: declaredResponses }
      : document.schema;
  const transformed = jsonSchemaTransform({ ...document, schema: input });
  const schema = (transformed.schema ?? {}) as FastifySchema & Record<string, unknown>;
  if (schema.hide) return transformed;

  const access = route.config?.access;
  const security = securityFor(access, schema.security as Security | undefined);
  const tags = (schema.tags as string[] | undefined) ?? [tagOf(url)];
  const operationId = (schema.operationId as string | undefined) ?? operationNameFor(method, url, tags[0]);
  const statuses = errorStatuses(method, url, access, security, schema);
  for (const status of declaredErrors) statuses.add(Number(status));
  for (const status of Object.keys(declaredResponses)) statuses.delete(Number(status));
  const roles = Array.isArray(access) ? `Requires a session with the role ${access.join(' or ')}.` : undefined;

  return {
    url: transformed.url,
    schema: {
      ...schema,
      operationId,
      summary: schema.summary ?? sentenceOf(operationId),
      description: [schema.description, roles].filter(Boolean).join('\n\n') || undefined,
      tags,
      security,
      [ERRORS_KEY]: [...statuses].sort((a, b) => a - b),
    },
  };
};

/** The first path segment after /api (and its version): the route's area. */
function tagOf(url: string): string {
  if (url.startsWith('/api/v1/')) return 'ingest';
  return url.split('/')[2] ?? 'api';
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; tags?: string[] };

/** The whole document: the shared error responses referenced by status, and the tags described. */
export const describeDocument: FastifyDynamicSwaggerOptions['transformObject'] = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const used = new Set<string>();
  const referenced = new Set<string>();
  for (const pathItem of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, Operation>)) {
      const statuses = operation[ERRORS_KEY] as number[] | undefined;
      delete operation[ERRORS_KEY];
      for (const tag of operation.tags ?? []) used.add(tag);
      for (const status of statuses ?? []) {
        const response = ERROR_RESPONSES[CODE_FOR_STATUS.get(status)!];
        if (!response) continue;
        referenced.add(response.name);
        operation.responses = { ...operation.responses, [status]: { $ref: `#/components/responses/${response.name}` } };
      }
    }
  }
  const known = Object.keys(TAGS).filter((tag) => used.has(tag));
  const others = [...used].filter((tag) => !(tag in TAGS)).sort();
  return {
    ...openapiObject,
    tags: [...known.map((name) => ({ name, description: TAGS[name] })), ...others.map((name) => ({ name }))],
    components: {
      ...openapiObject.components,
      schemas: { ...openapiObject.components?.schemas, ApiError: errorSchema() },
      responses: errorResponses(referenced),
    },
  } as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
};

function errorSchema() {
  const { $schema: _, ...schema } = z.toJSONSchema(apiErrorBodySchema, { target: 'draft-2020-12', io: 'output' });
  return schema;
}

/** The shared error responses that operations refer to (an unused component is noise to a reader). */
function errorResponses(referenced: Set<string>) {
  const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES)
      .filter(([, { name }]) => referenced.has(name))
      .map(([code, { name, description }]) => [
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

export interface DocumentOptions {
  publicUrl: string;
  /** The session cookie's name (it carries a `__Secure-` prefix over HTTPS). */
  sessionCookie: string;
}

/** The swagger plugin's options: the document's frame and the two transforms above. */
export function openapiOptions({ publicUrl, sessionCookie }: DocumentOptions): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nexa API',
        version: '1.0.0',
        description:
          'The HTTP API of Nexa. Integrations (meeting bots, CRMs) use the ingest API under `/api/v1` with an API key a ' +
          'manager creates; the web app uses the other routes with its session cookie. Errors are always ' +
          '`{"error": {"code", "message", "field"?}}` with the status listed on each operation.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'The HttpOnly session cookie set by `POST /api/auth/sign-in/email`. A state-changing call with it must come ' +
              'from the server’s own origin (or send no `Origin`).',
          },
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer nexa_…`' },
        },
      },
    },
    transform: describeRoute,
    transformObject: describeDocument,
  };
}
