import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/**
 * Reads the session of a request in one prepared statement (session joined with its user),
 * verifying the cookie's HMAC with node:crypto. better-auth's getSession does the same work
 * through its endpoint machinery and WebCrypto, which cost most of a signed-in request's CPU
 * (docs/decisions/009). Nothing is cached: a sign-out, a disabled account or a role change
 * counts on the next request. Only when the rolling expiry is due does the caller hand the
 * request to better-auth, which extends the session and re-issues the cookie.
 */
export interface SessionRow {
  userId: string;
  email: string;
  fullName: string;
  role: string | null;
  disabled: boolean;
  /** Their own zone setting, read with the session so a page that needs it asks nothing more (tasks). */
  timeZone?: string | null;
}

export type SessionLookup =
  | { kind: 'none' }
  | { kind: 'valid'; user: SessionRow }
  /** Valid, and old enough that better-auth should extend it (once a day per session). */
  | { kind: 'refresh' };

interface AuthCookieSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

async function cookieSettings(auth: Auth): Promise<AuthCookieSettings> {
  const context = await auth.$context;
  return {
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

/** The token of a signed cookie value `token.base64(hmac)`, or null when the signature is wrong. */
export function verifySignedToken(rawValue: string, secret: string): string | null {
  const dot = rawValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = rawValue.slice(0, dot);
  const signature = Buffer.from(rawValue.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

export function createSessionReader(auth: Auth, db: Db) {
  let settings: Promise<AuthCookieSettings> | undefined;
  // Prepared on first use, so building the app does not touch the database.
  const prepare = () =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        userId: users.id,
        email: users.email,
        fullName: users.full_name,
        role: users.role,
        disabled: users.disabled,
        timeZone: users.time_zone,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder('token')))
      .prepare('nexa_session_by_token');
  let byToken: ReturnType<typeof prepare> | undefined;

  return async function readSession(cookieHeader: string | undefined, now = Date.now()): Promise<SessionLookup> {
    if (!cookieHeader) return { kind: 'none' };
    settings ??= cookieSettings(auth);
    const { cookieName, secret, expiresInMs, updateAgeMs } = await settings;
    const raw = parseCookie(cookieHeader)[cookieName];
    if (!raw) return { kind: 'none' };
    const token = verifySignedToken(raw, secret);
    if (!token) return { kind: 'none' };
    byToken ??= prepare();
    const [row] = await byToken.execute({ token });
    if (!row || row.expiresAt.getTime() <= now) return { kind: 'none' };
    // better-auth's own rule for a rolling session: extend once updateAge has passed since it was set.
    if (row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now) return { kind: 'refresh' };
    const { expiresAt: _expiresAt, ...user } = row;
    return { kind: 'valid', user };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
