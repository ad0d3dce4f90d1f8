import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { PASSWORD_LENGTH } from '@nexa/domain';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@nexa/domain/language';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail } from './reset-mail.ts';
import { revokeResetLinks } from './reset-links.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~13 ms here).
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = PASSWORD_LENGTH.min;
export const PASSWORD_MAX = PASSWORD_LENGTH.max;
/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface AuthDeps {
  /** Sends password-reset links; without one, reset requests are accepted and nothing is sent. */
  mailer?: Mailer;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createAuth(config: Config, db: Db, { mailer, log }: AuthDeps = {}) {
  return betterAuth({
    appName: 'Nexa',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { name: 'full_name' },
      additionalFields: {
        role: { type: 'string', required: false, input: false },
        company: { type: 'string', required: false, input: false },
        disabled: { type: 'boolean', required: false, input: false, defaultValue: false },
        // Read when a reset link is mailed, to write it in the person's language.
        language: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Rolling expiry: a session used within a day of its end is extended.
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by the CLI and the seed: no session for whoever ran the command.
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      // The link opens the web page with the token in the fragment: a fragment never reaches a
      // server, so the token stays out of access logs and Referer headers.
      // It runs in the background (advanced.backgroundTasks below): the answer must not take longer
      // when the account exists and a mail goes out.
      sendResetPassword: async ({ user, token }) => {
        await revokeResetLinks(db, user.id, { except: token });
        if ((user as { disabled?: boolean }).disabled) {
          log?.warn({ event: 'auth.reset.skipped', userId: user.id, reason: 'disabled' }, 'no reset link for a disabled account');
          return;
        }
        const link = `${config.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
        const { language } = user as { language?: string | null };
        await mailer?.send(
          resetPasswordMail(user.email, link, RESET_TOKEN_TTL_SECONDS / 60, isLanguage(language) ? language : null),
        );
        log?.info({ event: 'auth.reset.sent', userId: user.id, email: user.email }, 'password reset link sent');
      },
      onPasswordReset: async ({ user }) => revokeResetLinks(db, user.id),
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
    },
    // Accounts are created by `npm run user` and the demo seed, never by a visitor.
    disabledPaths: ['/sign-up/email'],
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const row = await db.query.users.findFirst({
              columns: { disabled: true },
              where: (u, { eq }) => eq(u.id, session.userId),
            });
            if (!row || row.disabled) return false;
            return { data: session };
          },
          // Every new session is a sign-in (the form, an accepted invitation): the last one becomes
          // the previous one, so a first sign-in is told apart from a return (Welcome / Welcome back).
          after: async (session) => {
            await db
              .update(users)
              .set({ previous_sign_in_at: sql`${users.last_sign_in_at}`, last_sign_in_at: new Date() })
              .where(eq(users.id, session.userId));
          },
        },
      },
    },
    advanced: {
      // better-auth skips its Origin check when NODE_ENV=test; keep it on so tests see production behaviour.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      backgroundTasks: {
        handler: (task) => {
          void Promise.resolve(task).catch((error: unknown) =>
            log?.warn({ event: 'auth.background_failed', err: error }, 'an auth background task failed'),
          );
        },
      },
    },
    // An error that is not one of its own answers (the database is down, say) is thrown to the
    // route instead of becoming a bare 500: the server's error handler then answers 503 for a
    // database that is not there, as every other route does.
    onAPIError: { throw: true },
    rateLimit: { enabled: false },
    logger: { disabled: config.env === 'test' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
