import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('notifications: a sweep a minute, UTC for people without a zone, 5 digests a second; bad values are refused', () => {
    expect(loadConfig({}).notifications).toEqual({ everyMs: 60_000, defaultTimeZone: 'UTC', mailPerSecond: 2 });
    expect(
      loadConfig({ WORKSPACE_TIME_ZONE: 'Europe/Paris', NOTIFICATIONS_EVERY_MS: '0', NOTIFICATIONS_MAIL_PER_SECOND: '0.5' })
        .notifications,
    ).toEqual({ everyMs: 0, defaultTimeZone: 'Europe/Paris', mailPerSecond: 0.5 });
    expect(loadConfig({ NOTIFICATIONS_MAIL_PER_SECOND: '0' }).notifications.mailPerSecond).toBe(0);
    expect(() => loadConfig({ WORKSPACE_TIME_ZONE: 'Mars/Olympus' })).toThrow(/WORKSPACE_TIME_ZONE/);
    expect(() => loadConfig({ NOTIFICATIONS_EVERY_MS: '5' })).toThrow(/NOTIFICATIONS_EVERY_MS/);
    for (const bad of ['-1', '0.05', '5000', 'fast'])
      expect(() => loadConfig({ NOTIFICATIONS_MAIL_PER_SECOND: bad })).toThrow(/NOTIFICATIONS_MAIL_PER_SECOND/);
  });

  it('defaults to the embedded database in ./data, demo mode, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseKind).toBe('pglite');
    expect(config.databaseUrl).toMatch(/^file:\/\/.*\/data\/db$/);
    expect(config.demoMode).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    // A slow client is cut off: Fastify's own default waits for a request forever.
    expect(config.http).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 180_000,
    });
    // One transcript task on the shared call-analysis worker; past it that task alone fails (issue 33).
    expect(config.callWorker).toEqual({ timeoutMs: 20_000 });
    expect(loadConfig({ CALL_WORKER_TIMEOUT_MS: '250' }).callWorker.timeoutMs).toBe(250);
    // A long call goes to the model in overlapping windows of this many characters (issue 34).
    expect(config.ai).toMatchObject({ jsonMode: true, callWindowChars: 12_000, callWindowOverlap: 4 });
    expect(loadConfig({ AI_CALL_WINDOW_CHARS: '30000', AI_CALL_WINDOW_OVERLAP: '0' }).ai).toMatchObject({
      callWindowChars: 30_000,
      callWindowOverlap: 0,
    });
  });

  it('switches to PostgreSQL by URL, without demo accounts unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/nexa' });
    expect(config.databaseKind).toBe('postgres');
    expect(config.demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/nexa', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres:\/\//],
    [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [{ DATABASE_READ_URL: 'mysql://replica' }, /^Invalid configuration: DATABASE_READ_URL must start with postgres:\/\//],
    [{ DATABASE_READ_URL: 'postgres://replica/nexa' }, /^Invalid configuration: DATABASE_READ_URL needs DATABASE_URL/],
    [
      { TRUST_PROXY: 'maybe' },
      /^Invalid configuration: TRUST_PROXY must be true, false or a comma-separated list .*\(not maybe\)/,
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY .*\(not 10\.0\.0\.0\/33\)/],
    [{ TRUST_PROXY: ' , ' }, /^Invalid configuration: TRUST_PROXY /],
    [{ DATABASE_POOL_MAX: '0' }, /^Invalid configuration: DATABASE_POOL_MAX /],
    [{ HTTP_REQUEST_TIMEOUT_MS: '0' }, /^Invalid configuration: HTTP_REQUEST_TIMEOUT_MS /],
    [{ CALL_WORKER_TIMEOUT_MS: '0' }, /^Invalid configuration: CALL_WORKER_TIMEOUT_MS /],
    [{ AI_CALL_WINDOW_CHARS: '500' }, /^Invalid configuration: AI_CALL_WINDOW_CHARS /],
    [{ AI_CALL_WINDOW_OVERLAP: '-1' }, /^Invalid configuration: AI_CALL_WINDOW_OVERLAP /],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' },
      /^Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    ],
    [
      { HTTP_CONNECTION_TIMEOUT_MS: '20000', AI_TIMEOUT_MS: '20000' },
      /^Invalid configuration: HTTP_CONNECTION_TIMEOUT_MS must exceed AI_TIMEOUT_MS/,
    ],
  ])('stops on %o with a one-line message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads TRUST_PROXY as off, on, or the proxies to believe', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('requires AUTH_SECRET in production on PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toThrow(/AUTH_SECRET/);
  });
});
