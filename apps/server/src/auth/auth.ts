import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~13 ms here).
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function createAuth(config: Config, db: Db) {
  return betterAuth({
    appName: 'Nexa',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
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
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Rolling expiry: a session used within a day of its end is extended.
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
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
        },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    rateLimit: { enabled: false },
    logger: { disabled: config.env === 'test' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
