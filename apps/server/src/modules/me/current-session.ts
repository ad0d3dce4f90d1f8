import { parseCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import { verifySignedToken } from '../../auth/session-reader.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/**
 * The id of the session a request came with (the access check has already proved it valid), so
 * "sign out everywhere else" can keep it. Null when the cookie names no session any more.
 */
export async function currentSessionId(auth: Auth, db: Db, request: FastifyRequest): Promise<string | null> {
  const context = await auth.$context;
  const raw = parseCookie(request.headers.cookie ?? '')[context.authCookies.sessionToken.name];
  const token = raw ? verifySignedToken(raw, context.secret) : null;
  if (!token) return null;
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
  return row?.id ?? null;
}
