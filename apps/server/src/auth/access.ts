import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRole, type Role } from '@nexa/domain';
import { AppError } from '../http/errors.ts';
import type { Auth } from './auth.ts';

/**
 * Every /api route states who may call it in `config.access`; a route without a rule
 * cannot be registered, so nothing is public by accident.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface Actor {
  userId: string;
  email: string;
  fullName: string;
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the access-matrix test and the docs. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}

export class MissingAccessRuleError extends Error {}

async function loadActor(auth: Auth, request: FastifyRequest, ping: () => Promise<void>): Promise<Actor | null> {
  const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) {
    // The auth library answers "no session" when its database query fails. A request that
    // carries a session cookie must not be told to sign in again because the database blinked.
    if (request.headers.cookie?.includes('session_token')) {
      await ping().catch(() => {
        throw new AppError('service_unavailable', 'The service is temporarily unavailable');
      });
    }
    return null;
  }
  // getSession reads the user row from the database on each call (no cookie cache),
  // so a role change or a disabled account takes effect on the next request.
  const user = found.user as typeof found.user & { role?: string | null; disabled?: boolean };
  if (user.disabled) return null;
  return {
    userId: user.id,
    email: user.email,
    fullName: (user as { full_name?: string }).full_name ?? user.name ?? '',
    role: isRole(user.role) ? user.role : null,
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const accessControl = fp<{ auth: Auth; ping: () => Promise<void> }>(async (app: FastifyInstance, { auth, ping }) => {
  app.decorateRequest('actor', null);
  const trustedOrigins = new Set((auth.options.trustedOrigins as string[] | undefined) ?? []);

  // A state-changing call must come from our own pages: a foreign Origin is refused, and so is a
  // call that carries a cookie without saying where it comes from. Tools without cookies (curl)
  // send no Origin and pass; browsers always send one on POST, PUT, PATCH and DELETE.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const refused = origin && origin !== 'null' ? !trustedOrigins.has(origin) : request.headers.cookie !== undefined;
    if (!refused) return;
    request.log.warn(
      { event: 'access.denied', reason: 'origin', origin: origin ?? null, method: request.method, ip: request.ip },
      'state-changing request from another origin',
    );
    throw new AppError('forbidden', 'Requests from another origin are refused');
  });

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new MissingAccessRuleError(`Route ${route.method} ${route.url} has no access rule`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  // onRequest: refused before the body is read or validated, so a visitor gets 401, not 400.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const actor = await loadActor(auth, request, ping);
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
