import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema } from '@nexa/domain';
import type { Access } from '../auth/access.ts';
import { AUTH_ENDPOINTS } from '../auth/endpoints.ts';
import { errorResponseRef, errorResponses, errorSchema, errorStatuses, type Security } from './openapi-errors.ts';
import { operationNameFor, sentenceOf } from './operation-name.ts';

/**
 * The OpenAPI document served at /api/openapi.json. Routes describe their own input and output with
 * the shared zod schemas; what follows from a route's access rule and its shape (security, tag,
 * operationId, summary, error answers) is derived here once, so every route gets it and none repeats it.
 */

const SESSION: Security = [{ session: [] }];
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
  pipeline:
    "A representative's pipeline figures, and the pipeline board (a representative's deals, or a manager's team) by stage.",
  companies: "The companies of a representative's deals.",
  contacts:
    "The people of client companies: a representative sees the contacts of the accounts where they own a deal (and those they created), a manager all; a deal's buying committee, a contact's activity, the accounts' and contacts' import and export (CSV, vCard).",
  accounts:
    'Client companies as records: a representative sees those where they own a deal, a manager all; edits, merges, splits and their undo.',
  team: "Managers: the team's figures and quotas.",
  tasks:
    "What a person owes whom: their own tasks (today, overdue, upcoming, done), a call's next steps to accept or dismiss, and the managers' view of the team's overdue tasks.",
  notifications:
    "A person's own notifications (the bell's count and panel, marking read) and their choice of which kinds reach them, in the product and by e-mail.",
  insights:
    "Managers: the forecast against quota, deals at risk with their evidence, weekly trends and coaching; a representative's own deal risks and forecast call.",
  leads: "The public site's demo requests, early-access requests and team applications; the managers' inbox.",
  analysis: 'The public company analysis.',
  health: 'Whether the service and its database answer.',
  'team-admin': 'Managers run the team: invitations, roles, deactivation, deal hand-overs and the audit log.',
  invitations: 'Accepting an invitation: the e-mailed link sets the name and password.',
  webhooks:
    'Managers: endpoints that receive deal, analysis, task and lead events, signed per Standard Webhooks; their delivery log, replays and test pings.',
  calendar:
    "A person's own calendar: a CalDAV connection their tasks and deals' meetings are synced to (the app password never answered), and an `.ics` feed address with a secret token.",
  privacy: "Managers: a contact's personal data on request — everything held on them as JSON, and their erasure.",
};

/** Where the derived error statuses travel from the route transform to the document transform. */
const ERRORS_KEY = 'x-nexa-errors';

function securityFor(access: Access | undefined, declared: Security | undefined): Security {
  if (declared) return declared;
  if (access === 'api-key') return API_KEY;
  if (access === undefined || access === 'public') return NONE;
  return SESSION;
}

const routeMethod = (route: RouteOptions) => [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';

/** The first path segment after /api (and its version): the route's area. */
function tagOf(url: string): string {
  if (url.startsWith('/api/v1/')) return 'ingest';
  return url.split('/')[2] ?? 'api';
}

/**
 * Per route: the zod schemas to JSON Schema (the type provider's transform), then what the access rule
 * and the URL imply. A route's own `summary`, `operationId`, `tags` or `security` wins over the derived one.
 */
export const describeRoute: FastifyDynamicSwaggerOptions['transform'] = (document) => {
  const { route, url } = document;
  // A wildcard is no operation a client can call; what it serves is described endpoint by endpoint.
  if (url.includes('*')) return { schema: { hide: true } as FastifySchema, url };
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

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return json;
};

/** The better-auth endpoints behind the /api/auth/* route, one operation each. */
function authPaths() {
  return Object.fromEntries(
    Object.entries(AUTH_ENDPOINTS).map(([path, endpoint]) => {
      const security = endpoint.session ? SESSION : NONE;
      const statuses = errorStatuses('POST', path, undefined, security, {});
      for (const status of endpoint.errors ?? []) statuses.add(status);
      const operation = {
        tags: ['auth'],
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        security,
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } } },
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(endpoint.result, 'output') } } },
        },
        [ERRORS_KEY]: [...statuses].sort((a, b) => a - b),
      };
      return [`/api/auth${path}`, { post: operation }];
    }),
  );
}

type Operation = Record<string, unknown> & { responses?: Record<string, { description?: string }>; tags?: string[] };

/** The whole document: the auth endpoints, the shared error responses referenced by status, the tags described. */
export const describeDocument: FastifyDynamicSwaggerOptions['transformObject'] = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const paths = { ...authPaths(), ...openapiObject.paths };
  const used = new Set<string>();
  const referenced = new Set<string>();
  for (const pathItem of Object.values(paths)) {
    for (const operation of Object.values(pathItem as Record<string, Operation>)) {
      const statuses = operation[ERRORS_KEY] as number[] | undefined;
      delete operation[ERRORS_KEY];
      for (const tag of operation.tags ?? []) used.add(tag);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        // The swagger plugin's placeholder for a response without a description: the status's own name instead.
        if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
      }
      for (const status of statuses ?? []) {
        const shared = errorResponseRef(status);
        if (!shared) continue;
        referenced.add(shared.name);
        operation.responses = { ...operation.responses, [status]: shared.ref };
      }
    }
  }
  const known = Object.keys(TAGS).filter((tag) => used.has(tag));
  const others = [...used].filter((tag) => !(tag in TAGS)).sort();
  return {
    ...openapiObject,
    paths,
    tags: [...known.map((name) => ({ name, description: TAGS[name] })), ...others.map((name) => ({ name }))],
    components: {
      ...openapiObject.components,
      schemas: { ...openapiObject.components?.schemas, ApiError: errorSchema() },
      responses: errorResponses(referenced),
    },
  } as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
};

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
