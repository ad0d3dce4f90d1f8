import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/|file:\/\/)/, 'must start with postgres://, file:// or memory://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_MODE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  IMPORT_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(33_554_432),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Nexa <no-reply@nexa.local>'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** file:// (PGlite on disk), memory:// (PGlite in memory) or postgres:// */
  databaseUrl: string;
  databaseKind: 'pglite' | 'postgres';
  publicUrl: string;
  authSecret: string;
  demoMode: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string;
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  /** Largest CSV import request (JSON rows after column mapping). */
  importBodyLimitBytes: number;
  /** SMTP when set; otherwise mail goes to the log and DATA_DIR/outbox/. */
  smtpUrl: string | null;
  mailFrom: string;
}

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value throws a one-line message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? `file://${path.join(dataDir, 'db')}`;
  const databaseKind = databaseUrl.startsWith('postgres') ? 'postgres' : 'pglite';
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET && databaseKind === 'postgres') {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required in production with DATABASE_URL');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl,
    databaseKind,
    publicUrl: publicUrl.replace(/\/$/, ''),
    // The embedded default keeps a generated secret in the data folder (see db/secret.ts).
    authSecret: env.AUTH_SECRET ?? '',
    demoMode: env.DEMO_MODE ?? databaseKind === 'pglite',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    importBodyLimitBytes: env.IMPORT_BODY_LIMIT_BYTES,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
  };
}
