import '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@nexa/domain';
import type { Config } from '../config.ts';
import type { Auth } from './auth.ts';
import { AUTH_ENDPOINTS } from './endpoints.ts';

/**
 * The better-auth endpoints the product uses. Everything else it ships (social sign-in, e-mail
 * verification, account linking, user deletion…) answers 404: a smaller surface, one way to do each thing.
 */
const ENDPOINTS: Record<string, 'POST'> = Object.fromEntries(Object.keys(AUTH_ENDPOINTS).map((path) => [path, 'POST']));

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'bad_request',
  429: 'rate_limited',
};

// better-auth's error codes that concern one field of the form.
const FIELD_FOR_REASON: Record<string, string> = {
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'currentPassword',
  INVALID_TOKEN: 'token',
};

/** One answer for an unknown e-mail and a wrong password, whoever the account belongs to. */
const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * A deactivated account signed in with its right password: better-auth verifies the password before
 * it creates the session, and the session hook (auth.ts) refuses only a disabled account, so this
 * reason says both. The person is told to ask their manager; a wrong password still gets the one
 * answer above, so a stranger learns nothing new about the address.
 */
const INACTIVE_REASON = 'FAILED_TO_CREATE_SESSION';
const INACTIVE_ACCOUNT = 'This account is inactive: ask your manager to reactivate it';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimitState = Awaited<ReturnType<Limiter>>;

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

const querystringOf = (url: string): string => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
};

const emailOf = (request: FastifyRequest): string => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

function errorBody(status: number, data: unknown, path: string): ApiErrorBody {
  const reason = (data as { code?: string } | null)?.code ?? '';
  const message = (data as { message?: string } | null)?.message || 'Request refused';
  const code: ErrorCode = CODE_FOR_STATUS[status] ?? 'internal';
  if (path === '/sign-in/email' && status === 401) return { error: { code, message: INVALID_CREDENTIALS } };
  let field = FIELD_FOR_REASON[reason];
  if (field === 'password' && path === '/reset-password') field = 'newPassword';
  if (field === 'password' && path === '/change-password') field = 'newPassword';
  return { error: field ? { code, message, field } : { code, message } };
}

/** The one route that carries every better-auth call. */
export const AUTH_ROUTE = '/api/auth/*';

/**
 * The better-auth path of a request the router matched to AUTH_ROUTE (`/sign-in/email`), from the
 * router's decoded wildcard — the raw URL may spell the same route differently (`/%61pi/auth/…`).
 */
export function authPathOf(request: FastifyRequest): string {
  return `/${(request.params as { '*'?: string })['*'] ?? ''}`;
}

/** Hands the product's /api/auth/* calls to better-auth, with abuse limits, uniform errors and an audit log. */
export async function authRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: Config }) {
  const { windowMs, signInPerIp, signInPerEmail, slowDownAfter, slowDownMs, resetPerIp, resetPerEmail, resetResponseMs } =
    config.authLimits;
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${key(request)}` });
  const byIp = (request: FastifyRequest) => request.ip;
  // Sign-in counts failed attempts only; reset counts every request (each one may send an e-mail).
  const signInIp = limiter('sign-in:ip', signInPerIp, byIp);
  // Refusals count per e-mail *and* client: failures from elsewhere never lock the owner out.
  const signInEmail = limiter('sign-in:email-ip', signInPerEmail, (request) => `${emailOf(request)}|${request.ip}`);
  // Across all clients an e-mail's failures only slow its sign-ins down.
  const signInEmailAnywhere = limiter('sign-in:email', slowDownAfter, emailOf);
  const resetIp = limiter('reset:ip', resetPerIp, byIp);
  const resetEmail = limiter('reset:email', resetPerEmail, emailOf);

  const refuse = (request: FastifyRequest, reply: FastifyReply, states: LimitState[], path: string) => {
    const seconds = Math.max(1, ...states.map((s) => (s.isAllowed ? 0 : s.ttlInSeconds)));
    request.log.warn(
      { event: 'auth.rate_limited', path, email: emailOf(request) || undefined, ip: request.ip, retryAfter: seconds },
      'too many attempts',
    );
    const body: ApiErrorBody = {
      error: { code: 'rate_limited', message: `Too many attempts; try again in ${seconds} seconds` },
    };
    return reply.status(429).header('retry-after', String(seconds)).send(body);
  };
  const exhausted = (s: LimitState) => !s.isAllowed && s.remaining === 0;

  app.route({
    method: ['GET', 'POST'],
    url: AUTH_ROUTE,
    bodyLimit: config.smallBodyLimitBytes,
    async handler(request, reply) {
      const path = authPathOf(request);
      if (ENDPOINTS[path] !== request.method) {
        return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} /api/auth${path}` } });
      }
      const email = emailOf(request);

      const started = performance.now();
      let failureLimiters: Limiter[] = [];
      if (path === '/sign-in/email') {
        failureLimiters = email ? [signInIp, signInEmail, signInEmailAnywhere] : [signInIp];
        const states = await Promise.all(failureLimiters.map((l) => l(request, { increment: false })));
        if (states.slice(0, 2).some(exhausted)) return refuse(request, reply, states.slice(0, 2), path);
        if (states[2] && exhausted(states[2])) {
          request.log.warn({ event: 'auth.sign_in.slowed', email, ip: request.ip }, 'many failed sign-ins for this e-mail');
          await sleep(slowDownMs);
        }
      } else if (path === '/request-password-reset' || path === '/reset-password') {
        const counted = path === '/request-password-reset' && email ? [resetIp, resetEmail] : [resetIp];
        const states = await Promise.all(counted.map((l) => l(request)));
        if (states.some((s) => !s.isAllowed && s.isExceeded)) return refuse(request, reply, states, path);
      }

      let payload = request.body as Record<string, unknown> | undefined;
      // Changing one's password ends every other session, whatever the client asked for.
      if (path === '/change-password' && payload && typeof payload === 'object') {
        payload = { ...payload, revokeOtherSessions: true };
      }

      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
      // better-auth records this as the session's IP; set it from Fastify's view of the client,
      // overwriting whatever the client claimed.
      headers.set('x-forwarded-for', request.ip);
      headers.delete('content-length');
      const response = await auth.handler(
        // The canonical spelling of the path, whatever the client sent: better-auth routes by text.
        new Request(new URL(`/api/auth${path}${querystringOf(request.url)}`, config.publicUrl), {
          method: request.method,
          headers,
          body: payload !== undefined ? JSON.stringify(payload) : undefined,
        }),
      );

      // Whether or not the account exists, the answer leaves at the same time (the mail goes out in the background).
      if (path === '/request-password-reset') await sleep(resetResponseMs - (performance.now() - started));

      const text = response.body ? await response.text() : '';
      let data: unknown = null;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = null;
      }
      const ok = response.status < 400;
      const reason = (data as { code?: string } | null)?.code;
      const inactive = path === '/sign-in/email' && response.status === 401 && reason === INACTIVE_REASON;
      const status = inactive ? 403 : response.status;

      if (path === '/sign-in/email') {
        if (ok) {
          const user = (data as { user?: { id?: string } } | null)?.user;
          request.log.info({ event: 'auth.sign_in', outcome: 'success', userId: user?.id, email, ip: request.ip }, 'signed in');
        } else {
          if (response.status < 500) await Promise.all(failureLimiters.map((l) => l(request)));
          request.log.warn(
            {
              event: 'auth.sign_in',
              outcome: 'failure',
              email,
              ip: request.ip,
              status,
              reason: inactive ? 'inactive' : reason,
            },
            'sign-in refused',
          );
        }
      } else if (path === '/request-password-reset') {
        request.log.info({ event: 'auth.reset.requested', email, ip: request.ip, status: response.status }, 'reset requested');
      } else if (path === '/reset-password' || path === '/change-password') {
        request.log.info(
          {
            event: path === '/reset-password' ? 'auth.reset.completed' : 'auth.password.changed',
            ip: request.ip,
            status: response.status,
          },
          ok ? 'password changed' : 'password change refused',
        );
      } else if (path === '/sign-out') {
        request.log.info({ event: 'auth.sign_out', ip: request.ip, status: response.status }, 'signed out');
      }

      reply.status(status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-type') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);

      if (!ok) {
        if (response.status >= 500) request.log.error({ event: 'auth.error', path, status: response.status }, 'auth failure');
        return reply.send(inactive ? { error: { code: 'forbidden', message: INACTIVE_ACCOUNT } } : errorBody(status, data, path));
      }
      if (data && typeof data === 'object') {
        // The session token lives in the HttpOnly cookie only; JavaScript never sees it.
        const { token: _token, ...rest } = data as Record<string, unknown>;
        return reply.send(rest);
      }
      return reply.send(text || null);
    },
  });
}
