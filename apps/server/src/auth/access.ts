import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRole, type Role } from '@nexa/domain';
import { isApiPattern, isApiRequest } from '../http/api-route.ts';
import { AppError } from '../http/errors.ts';
import type { Auth } from './auth.ts';
import { createSessionReader, type SessionReader, type SessionRow } from './session-reader.ts';
import type { Db } from '../db/client.ts';

/**
 * Every /api route states who may call it in `config.access`; a route without a rule
 * cannot be registered, so nothing is public by accident. 'api-key' routes (the ingest API) take
 * an integration's `Authorization: Bearer` key and nothing else: a session cookie does not open
 * them, and a key does not open any other route.
 */
export type Access = 'public' | 'signed-in' | 'api-key' | readonly Role[];

/** The integration calling an 'api-key' route. */
export interface ApiKeyActor {
  id: string;
  name: string;
}

/** Finds the live (not revoked) key a bearer token stands for; null when none. */
export type ApiKeyLookup = (token: string) => Promise<ApiKeyActor | null>;

export interface Actor {
  userId: string;
  email: string;
  fullName: string;
  role: Role | null;
  /**
   * Their own zone setting (null: none chosen), as read with the session on this request; undefined
   * when the session was read another way (its renewal by the auth library), and then read on demand.
   */
  timeZone?: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    apiKey: ApiKeyActor | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the access-matrix test and the docs. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
    /**
     * The signed-in actor of a public route that answers both visitors and people (GET
     * /api/session): null without a valid session, where a 'signed-in' route would refuse.
     */
    sessionActor(request: FastifyRequest, reply: FastifyReply): Promise<Actor | null>;
  }
}

export class MissingAccessRuleError extends Error {}

function toActor(user: SessionRow): Actor | null {
  if (user.disabled) return null;
  return {
    userId: user.userId,
    email: user.email,
    fullName: user.fullName,
    role: isRole(user.role) ? user.role : null,
    ...(user.timeZone !== undefined ? { timeZone: user.timeZone } : {}),
  };
}

async function loadActor(
  auth: Auth,
  readSession: SessionReader,
  request: FastifyRequest,
  reply: FastifyReply,
  ping: () => Promise<void>,
): Promise<Actor | null> {
  const lookup = await readSession(request.headers.cookie).catch((error: unknown) => {
    request.log.warn({ event: 'access.session_lookup_failed', err: error }, 'session lookup failed');
    throw new AppError('service_unavailable', 'The service is temporarily unavailable');
  });
  if (lookup.kind === 'none') return null;
  if (lookup.kind === 'valid') return toActor(lookup.user);
  // Rolling expiry due: better-auth extends the session; its new cookie goes back to the browser.
  const { headers, response } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  if (!response) {
    // The auth library answers "no session" when its database query fails. A request that
    // carries a session cookie must not be told to sign in again because the database blinked.
    await ping().catch(() => {
      throw new AppError('service_unavailable', 'The service is temporarily unavailable');
    });
    return null;
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const user = response.user as typeof response.user & { role?: string | null; disabled?: boolean; full_name?: string };
  return toActor({
    userId: user.id,
    email: user.email,
    fullName: user.full_name ?? user.name ?? '',
    role: user.role ?? null,
    disabled: user.disabled ?? false,
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

interface AccessOptions {
  auth: Auth;
  db: Db;
  ping: () => Promise<void>;
  /** The ingest API's key lookup; without it every 'api-key' route answers 401. */
  findApiKey?: ApiKeyLookup;
}

const noKeys: ApiKeyLookup = async () => null;

export const accessControl = fp<AccessOptions>(async (app: FastifyInstance, { auth, db, ping, findApiKey = noKeys }) => {
  const readSession = createSessionReader(auth, db);
  app.decorateRequest('actor', null);
  app.decorateRequest('apiKey', null);
  const trustedOrigins = new Set((auth.options.trustedOrigins as string[] | undefined) ?? []);

  // A state-changing call must come from our own pages: a foreign Origin is refused, and so is a
  // call that carries a cookie without saying where it comes from. Tools without cookies (curl)
  // send no Origin and pass; browsers always send one on POST, PUT, PATCH and DELETE.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    // A bearer key is not sent by a browser on its own (unlike a cookie), so a forged cross-site
    // request cannot carry it: integrations may call from anywhere.
    if (request.routeOptions.config?.access === 'api-key') return;
    const origin = request.headers.origin;
    const refused = origin && origin !== 'null' ? !trustedOrigins.has(origin) : request.headers.cookie !== undefined;
    if (!refused) return;
    request.log.warn(
      { event: 'access.denied', reason: 'origin', origin: origin ?? null, method: request.method, ip: request.ip },
      'state-changing request from another origin',
    );
    throw new AppError(
      'untrusted_origin',
      `Requests from ${origin ?? 'a page that names no origin'} are refused: open the server at its address, or set PUBLIC_URL to the address it is opened at`,
    );
  });

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('sessionActor', (request: FastifyRequest, reply: FastifyReply) =>
    loadActor(auth, readSession, request, reply, ping),
  );

  app.addHook('onRoute', (route) => {
    if (!isApiPattern(route.url) || route.url.startsWith('/api/auth/')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new MissingAccessRuleError(`Route ${route.method} ${route.url} has no access rule`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  // onRequest: refused before the body is read or validated, so a visitor gets 401, not 400.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (access === 'api-key') {
      const token = bearerToken(request);
      const key = token ? await findApiKey(token) : null;
      if (!key) {
        request.log.warn(
          { event: 'access.denied', reason: token ? 'api_key' : 'no_api_key', ip: request.ip },
          'request without a valid API key',
        );
        throw new AppError('unauthorized', 'A valid API key is required (Authorization: Bearer <key>)');
      }
      request.apiKey = key;
      return;
    }
    const actor = await loadActor(auth, readSession, request, reply, ping);
    if (!actor) {
      request.log.warn({ event: 'access.denied', reason: 'no_session', ip: request.ip }, 'request without a session');
      throw new AppError('unauthorized', 'Sign in to continue');
    }
    request.actor = actor;
    if (access === 'signed-in') return;
    if (!actor.role || !access.includes(actor.role)) {
      request.log.warn(
        { event: 'access.denied', reason: 'role', userId: actor.userId, email: actor.email, role: actor.role, ip: request.ip },
        'request with the wrong role',
      );
      throw new AppError('forbidden', 'Your role does not allow this');
    }
  });
});

/** The signed-in actor of a route whose access rule requires a session. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'Sign in to continue');
  return request.actor;
}

/** The API key of an 'api-key' route. */
export function apiKeyOf(request: FastifyRequest): ApiKeyActor {
  if (!request.apiKey) throw new AppError('unauthorized', 'A valid API key is required (Authorization: Bearer <key>)');
  return request.apiKey;
}
