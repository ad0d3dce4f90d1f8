import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseSlotAvailability, type SlotAvailability } from '@nexa/domain';
import { DEFAULT_QUARTERLY_QUOTA, MAX_QUARTERLY_QUOTA } from '@nexa/domain';
import { isTimeZone } from '@nexa/domain/time-zone';
import { CALL_WINDOW_CHARS, CALL_WINDOW_OVERLAP } from './ai/call-window.ts';

/** A periodic task's interval: 0 turns it off in this process (another instance runs it, or tests drive it). */
const everyMs = (byDefault: number) =>
  z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 1_000 && ms <= 86_400_000), 'must be 0 or between 1000 and 86400000')
    .default(byDefault);
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR blocks. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default) ignores X-Forwarded-*; a comma-separated list of the proxies'
 * addresses or CIDR blocks trusts them only from those peers; `true` trusts any peer (only safe when
 * nothing but the proxy can reach the instance).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const wrong = entries.find((e) => !isProxyAddress(e));
    if (!entries.length || wrong !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false or a comma-separated list of proxy addresses or CIDR blocks${wrong ? ` (not ${wrong})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/|file:\/\/)/, 'must start with postgres://, file:// or memory://')
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_MODE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  // Sign-in, password reset and the company analysis take a few short fields.
  SMALL_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(4_096),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(180_000),
  IMPORT_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(33_554_432),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Nexa <no-reply@nexa.local>'),
  // Abuse limits on sign-in (failed attempts) and password reset (requests), per client IP and per e-mail.
  AUTH_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  SIGN_IN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  RESET_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  RESET_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(3),
  // A reset request answers after this long whether or not the account exists (its mail goes out meanwhile).
  RESET_RESPONSE_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  // Past this many failed sign-ins for one e-mail (from all clients), each attempt waits SIGN_IN_SLOWDOWN_MS first.
  SIGN_IN_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(10),
  SIGN_IN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('nexa:'),
  DEMO_SLOT_TIME_ZONE: z.string().min(1).default('America/New_York'),
  DEMO_SLOT_DAYS: z.string().min(3).default('tue,wed,fri'),
  DEMO_SLOT_HOURS: z.string().min(3).default('10:00-18:00'),
  DEMO_SLOT_MINUTES: z.coerce.number().int().positive().default(30),
  DEMO_SLOT_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  UPLOAD_TEMP_DIR: z.string().min(1).optional(),
  LEADS_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  // Per client address: generous, so an office behind one address can send many forms.
  LEADS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  LEADS_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LEADS_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(600_000),
  LEADS_NOTIFY_EMAIL: z.email().optional(),
  ORPHAN_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(3_600_000),
  ORPHAN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(900_000),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(20_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  AI_JSON_MODE: bool.default(true),
  AI_CALL_WINDOW_CHARS: z.coerce.number().int().min(2_000).max(400_000).default(CALL_WINDOW_CHARS),
  AI_CALL_WINDOW_OVERLAP: z.coerce.number().int().min(0).max(50).default(CALL_WINDOW_OVERLAP),
  ANALYSIS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  ANALYSIS_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Follow-up e-mails sent from deals, per person per window (issue 37): a rep sends a few a day, not a campaign.
  FOLLOW_UP_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  FOLLOW_UP_EMAIL_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  ANALYSIS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(86_400_000),
  CALL_WORKER_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(20_000),
  INGEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  INGEST_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // 0: this process looks for no due forecast call (another instance does, or tests drive the tick).
  FORECAST_CALL_REMINDER_EVERY_MS: everyMs(600_000),
  // 0: this process sweeps for no notification (another instance does, or tests drive the sweep).
  NOTIFICATIONS_EVERY_MS: everyMs(60_000),
  // Weekly digests and daily summaries one process starts a second (decisions 043 and 053): 2 sends 5,000
  // in about 42 minutes; 0 sends them as fast as the worker goes. Below 0.1 a batch would take days.
  NOTIFICATIONS_MAIL_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(1_000)
    .refine((n) => n === 0 || n >= 0.1, 'must be 0 (not paced) or at least 0.1')
    .default(2),
  // The zone of the daily summary and the weekly digest for a person who chose none (a background job has no browser).
  WORKSPACE_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone').default('UTC'),
  DEFAULT_QUARTERLY_QUOTA: z.coerce.number().int().positive().max(MAX_QUARTERLY_QUOTA).default(DEFAULT_QUARTERLY_QUOTA),
  // Encrypts secrets kept in the database (webhook signing secrets); derived from the auth secret when unset.
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1_024).max(10_485_760).default(65_536),
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  WEBHOOKS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(7_200_000),
  WEBHOOKS_RETRY_FOR_MS: z.coerce.number().int().min(100).max(604_800_000).default(86_400_000),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  WEBHOOKS_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  // Endpoints one process delivers to at the same time; 0: this process delivers none.
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  // People's CalDAV calendars (decision 042): the same outbound rule as webhooks.
  CALENDAR_ALLOW_PRIVATE: bool.default(false),
  CALENDAR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  // How often every connected calendar is read back (a meeting moved there); 0: only on changes.
  CALENDAR_SYNC_EVERY_MS: everyMs(300_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** file:// (PGlite on disk), memory:// (PGlite in memory) or postgres:// */
  databaseUrl: string;
  /** A read replica for the dashboards' reads (PostgreSQL only); null reads from the primary. */
  databaseReadUrl: string | null;
  databaseKind: 'pglite' | 'postgres';
  /** PostgreSQL connections one process opens at most (to the primary, and as many to the replica). */
  databasePoolMax: number;
  publicUrl: string;
  /** Whether PUBLIC_URL was set; without it the server is a demo reached at a loopback address. */
  publicUrlConfigured: boolean;
  /** Origins whose pages may make state-changing calls (sign-in, forms, edits). */
  trustedOrigins: string[];
  authSecret: string;
  demoMode: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Whose X-Forwarded-For to believe: nobody, anybody, or these proxy addresses / CIDR blocks. */
  trustProxy: boolean | string[];
  webDistDir: string;
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  /** The body limit of the public calls that take a few short fields (sign-in, reset, company analysis). */
  smallBodyLimitBytes: number;
  /**
   * How long a client may take, so a slow one cannot hold connections (and upload temporary files)
   * forever: to send its headers, to send the whole request (body included), to send the next
   * request on a kept-alive connection, and without any traffic at all (a client that stops reading).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; connectionTimeoutMs: number };
  /** Largest CSV import request (JSON rows after column mapping). */
  importBodyLimitBytes: number;
  /** SMTP when set; otherwise mail goes to the log and DATA_DIR/outbox/. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Failed sign-ins refused per window per client IP and per e-mail *from one client* (so nobody can
   * lock an owner out from elsewhere); past slowDownAfter failures for an e-mail from all clients,
   * attempts are slowed by slowDownMs instead. Reset requests per IP and per e-mail, each answered
   * after resetResponseMs whatever the outcome.
   */
  authLimits: {
    windowMs: number;
    signInPerIp: number;
    signInPerEmail: number;
    slowDownAfter: number;
    slowDownMs: number;
    resetPerIp: number;
    resetPerEmail: number;
    resetResponseMs: number;
  };
  /** Shared counters (rate limits) across instances; in-process memory when unset. */
  redisUrl: string | null;
  redisPrefix: string;
  /** Where multipart uploads are spooled while they are checked; stale files are removed at start. */
  uploadTempDir: string;
  leads: {
    slots: SlotAvailability;
    uploadMaxBytes: number;
    /** Forms per window per client address (max) and per e-mail address (perEmail). */
    rateLimit: { max: number; perEmail: number; windowMs: number };
    notifyEmail: string | null;
    /** Stored resumes with no application row are deleted once older than graceMs, every intervalMs (0 = off). */
    orphanSweep: { graceMs: number; intervalMs: number };
  };
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
      };
  /** The company analysis's model: an OpenAI-compatible endpoint when AI_BASE_URL is set, else offline. */
  ai: {
    provider: 'openai' | 'offline';
    baseUrl: string | null;
    apiKey: string | null;
    model: string;
    /** Bounds the whole upstream call, retries and body included. */
    timeoutMs: number;
    maxRetries: number;
    /** Ask for structured output (a JSON Schema, else json_object); off sends no response_format. */
    jsonMode: boolean;
    /** A call's transcript characters per model request; a longer call is split into overlapping windows. */
    callWindowChars: number;
    /** Lines each window repeats from the one before, so a question and its answer stay together. */
    callWindowOverlap: number;
  };
  analysis: { rateLimit: { max: number; windowMs: number }; cacheTtlMs: number };
  /** Follow-up e-mails from a deal: sends allowed per person per window. */
  followUpEmail: { rateLimit: { max: number; windowMs: number } };
  /** One task (reading or analysing a transcript) on the shared call-analysis worker; past it that task alone fails. */
  callWorker: { timeoutMs: number };
  /** The ingest API (/api/v1): requests allowed per window, per API key. */
  ingest: { rateLimit: { max: number; windowMs: number } };
  /** A representative's quarterly quota in dollars until a manager sets one. */
  defaultQuarterlyQuota: number;
  /** Background jobs (docs/decisions/008): every process runs a worker unless concurrency is 0. */
  jobs: { pollMs: number; concurrency: number; leaseMs: number };
  /**
   * How often each process with a job worker looks for representatives whose forecast call fell due,
   * to e-mail them once a week (0: never in this process).
   */
  forecastCallReminderEveryMs: number;
  /**
   * Notifications (issue 37): how often each instance sweeps (0: never), the zone of a person who chose
   * none, and how many digests and daily summaries a process starts a second (0: not paced).
   */
  notifications: { everyMs: number; defaultTimeZone: string; mailPerSecond: number };
  /** The key material of secrets/box.ts (SECRETS_KEY, else the auth secret). */
  secretsKey: string | null;
  /** Outbound webhooks (decision 036). */
  webhooks: {
    /** Deliver to loopback, private and link-local addresses too (tests; a closed network). */
    allowPrivate: boolean;
    timeoutMs: number;
    maxResponseBytes: number;
    retry: { baseMs: number; maxMs: number; giveUpAfterMs: number };
    pollMs: number;
    leaseMs: number;
    concurrency: number;
  };
  /** People's CalDAV calendars (decision 042). */
  calendar: {
    /** Reach loopback, private and link-local addresses too (tests; a calendar server on a closed network). */
    allowPrivate: boolean;
    timeoutMs: number;
    syncEveryMs: number;
  };
}

export class ConfigError extends Error {}

/** The names a browser on this machine may use for a server it runs. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** Vite's dev server, which proxies the API in development. */
const VITE_DEV_PORT = 5173;

/**
 * With PUBLIC_URL set, only its origin is trusted: behind a proxy that is the one address users
 * type. Without it (the demo), the server cannot know which of its addresses a person opened, so
 * each loopback spelling on its port is trusted — and nothing else, since a page on another host
 * could otherwise act with a visitor's cookie.
 */
function trustedOriginsFor(publicUrl: string | undefined, port: number, env: Env['NODE_ENV']): string[] {
  const ports = env === 'development' ? [port, VITE_DEV_PORT] : [port];
  const loopback = LOOPBACK_HOSTS.flatMap((host) => ports.map((p) => `http://${host}:${p}`));
  if (!publicUrl) return loopback;
  const origins = [new URL(publicUrl).origin];
  if (env === 'development') origins.push(`http://localhost:${VITE_DEV_PORT}`);
  return origins;
}

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
  if (env.DATABASE_READ_URL && databaseKind !== 'postgres') {
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL to be a PostgreSQL server');
  }
  let slots: SlotAvailability;
  try {
    slots = parseSlotAvailability({
      timeZone: env.DEMO_SLOT_TIME_ZONE,
      days: env.DEMO_SLOT_DAYS,
      hours: env.DEMO_SLOT_HOURS,
      slotMinutes: env.DEMO_SLOT_MINUTES,
      horizonDays: env.DEMO_SLOT_HORIZON_DAYS,
    });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: DEMO_SLOT_* ${(error as Error).message}`);
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  // A request waiting on the model sends nothing meanwhile: the connection must outlast that wait.
  if (env.HTTP_CONNECTION_TIMEOUT_MS <= env.AI_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HTTP_CONNECTION_TIMEOUT_MS must exceed AI_TIMEOUT_MS');
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required with STORAGE_DRIVER=s3');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl,
    databaseReadUrl: env.DATABASE_READ_URL ?? null,
    databaseKind,
    databasePoolMax: env.DATABASE_POOL_MAX,
    publicUrl: publicUrl.replace(/\/$/, ''),
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    trustedOrigins: trustedOriginsFor(env.PUBLIC_URL, env.PORT, env.NODE_ENV),
    // The embedded default keeps a generated secret in the data folder (see db/secret.ts).
    authSecret: env.AUTH_SECRET ?? '',
    demoMode: env.DEMO_MODE ?? databaseKind === 'pglite',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    smallBodyLimitBytes: env.SMALL_BODY_LIMIT_BYTES,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
    },
    importBodyLimitBytes: env.IMPORT_BODY_LIMIT_BYTES,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    authLimits: {
      windowMs: env.AUTH_LIMIT_WINDOW_MS,
      signInPerIp: env.SIGN_IN_LIMIT_PER_IP,
      signInPerEmail: env.SIGN_IN_LIMIT_PER_EMAIL,
      resetPerIp: env.RESET_LIMIT_PER_IP,
      resetPerEmail: env.RESET_LIMIT_PER_EMAIL,
      resetResponseMs: env.RESET_RESPONSE_MS,
      slowDownAfter: env.SIGN_IN_SLOWDOWN_AFTER,
      slowDownMs: env.SIGN_IN_SLOWDOWN_MS,
    },
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    uploadTempDir: path.resolve(env.UPLOAD_TEMP_DIR ?? path.join(os.tmpdir(), 'nexa-uploads')),
    leads: {
      slots,
      uploadMaxBytes: env.LEADS_UPLOAD_MAX_BYTES,
      rateLimit: {
        max: env.LEADS_RATE_LIMIT_MAX,
        perEmail: env.LEADS_RATE_LIMIT_PER_EMAIL,
        windowMs: env.LEADS_RATE_LIMIT_WINDOW_MS,
      },
      notifyEmail: env.LEADS_NOTIFY_EMAIL ?? null,
      orphanSweep: { graceMs: env.ORPHAN_SWEEP_GRACE_MS, intervalMs: env.ORPHAN_SWEEP_INTERVAL_MS },
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT ?? null,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', dir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'uploads')) },
    ai: {
      provider: env.AI_BASE_URL ? 'openai' : 'offline',
      baseUrl: env.AI_BASE_URL ?? null,
      apiKey: env.AI_API_KEY ?? null,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
      maxRetries: env.AI_MAX_RETRIES,
      jsonMode: env.AI_JSON_MODE,
      callWindowChars: env.AI_CALL_WINDOW_CHARS,
      callWindowOverlap: env.AI_CALL_WINDOW_OVERLAP,
    },
    analysis: {
      rateLimit: { max: env.ANALYSIS_RATE_LIMIT_MAX, windowMs: env.ANALYSIS_RATE_LIMIT_WINDOW_MS },
      cacheTtlMs: env.ANALYSIS_CACHE_TTL_MS,
    },
    followUpEmail: {
      rateLimit: { max: env.FOLLOW_UP_EMAIL_RATE_LIMIT_MAX, windowMs: env.FOLLOW_UP_EMAIL_RATE_LIMIT_WINDOW_MS },
    },
    callWorker: { timeoutMs: env.CALL_WORKER_TIMEOUT_MS },
    ingest: { rateLimit: { max: env.INGEST_RATE_LIMIT_MAX, windowMs: env.INGEST_RATE_LIMIT_WINDOW_MS } },
    defaultQuarterlyQuota: env.DEFAULT_QUARTERLY_QUOTA,
    jobs: { pollMs: env.JOBS_POLL_MS, concurrency: env.JOBS_CONCURRENCY, leaseMs: env.JOBS_LEASE_MS },
    forecastCallReminderEveryMs: env.FORECAST_CALL_REMINDER_EVERY_MS,
    notifications: {
      everyMs: env.NOTIFICATIONS_EVERY_MS,
      defaultTimeZone: env.WORKSPACE_TIME_ZONE,
      mailPerSecond: env.NOTIFICATIONS_MAIL_PER_SECOND,
    },
    secretsKey: env.SECRETS_KEY ?? null,
    webhooks: {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      maxResponseBytes: env.WEBHOOKS_MAX_RESPONSE_BYTES,
      retry: { baseMs: env.WEBHOOKS_RETRY_BASE_MS, maxMs: env.WEBHOOKS_RETRY_MAX_MS, giveUpAfterMs: env.WEBHOOKS_RETRY_FOR_MS },
      pollMs: env.WEBHOOKS_POLL_MS,
      leaseMs: env.WEBHOOKS_LEASE_MS,
      concurrency: env.WEBHOOKS_CONCURRENCY,
    },
    calendar: {
      allowPrivate: env.CALENDAR_ALLOW_PRIVATE,
      timeoutMs: env.CALENDAR_TIMEOUT_MS,
      syncEveryMs: env.CALENDAR_SYNC_EVERY_MS,
    },
  };
}
