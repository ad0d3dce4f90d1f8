import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { prepare } from '../src/bootstrap.ts';
import { adminUrl, testDatabaseKind, withDatabaseName } from './database-target.ts';
import { testConfig } from './test-app.ts';

describe.runIf(testDatabaseKind() === 'postgres')('start-up on PostgreSQL', () => {
  it('retries a database that does not answer, saying why, then gives up', async () => {
    const messages: string[] = [];
    const started = Date.now();
    await expect(
      prepare(testConfig({ DATABASE_URL: 'postgres://nexa@127.0.0.1:1/nexa' }), {
        log: (m) => messages.push(m),
        retryForMs: 1_600,
      }),
    ).rejects.toThrow();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages[0]).toMatch(/database not ready \(.*\); retrying in 500 ms/);
    expect(messages[1]).toMatch(/retrying in 1000 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('migrates once when several instances start together', async () => {
    const name = `nexa_test_mig_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const config = testConfig({ DATABASE_URL: withDatabaseName(adminUrl(), name) });
      const instances = await Promise.all([1, 2, 3].map(() => prepare(config, { seed: false })));
      await Promise.all(instances.map((i) => i.release()));
      const check = new pg.Client({ connectionString: withDatabaseName(adminUrl(), name) });
      await check.connect();
      const { rows } = await check.query('SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash');
      await check.end();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('opens at most DATABASE_POOL_MAX connections however many requests wait', async () => {
    const name = `nexa_test_pool_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    try {
      const prepared = await prepare(testConfig({ DATABASE_URL: withDatabaseName(adminUrl(), name), DATABASE_POOL_MAX: '3' }), {
        seed: false,
      });
      try {
        const pids = await Promise.all(
          Array.from({ length: 12 }, async () => {
            const { rows } = (await prepared.database.db.execute(
              sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
            )) as unknown as {
              rows: Array<{ pid: number }>;
            };
            return rows[0]!.pid;
          }),
        );
        expect(new Set(pids).size).toBe(3);
      } finally {
        await prepared.release();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
