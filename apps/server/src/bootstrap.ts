import { createAuth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { runMigrations } from './db/migrate.ts';
import { isEmpty, seedDemo } from './cli/seed.ts';

export interface Prepared {
  config: Config;
  database: Database;
  seeded: boolean;
  release: () => Promise<void>;
}

/**
 * Opens the configured database (locking an embedded data folder), applies migrations and,
 * in demo mode, seeds an empty database. Used by the server and by the CLI commands.
 */
export interface PrepareOptions {
  seed?: boolean;
  /** Where start-up problems are reported; the server passes its logger. */
  log?: (message: string) => void;
  /** How long to keep retrying a database that does not answer yet. */
  retryForMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PostgreSQL server may still be starting (or restarting) when Nexa starts: retry with backoff
 * from 500 ms, doubling to 10 s, and say why in the log, instead of crashing at once.
 */
async function withStartupRetry<T>(what: () => Promise<T>, log: (m: string) => void, retryForMs: number): Promise<T> {
  const deadline = Date.now() + retryForMs;
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      return await what();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.now() + delay > deadline) throw error;
      log(`database not ready (${reason}); retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
}

export async function prepare(config: Config, options: PrepareOptions = {}): Promise<Prepared> {
  const { seed = config.demoMode, log = (m: string) => console.warn(m), retryForMs = 60_000 } = options;
  const unlock =
    config.databaseKind === 'pglite' && config.databaseUrl.startsWith('file://') ? lockDataDir(config.dataDir) : () => {};
  let database: Database | undefined;
  try {
    config = { ...config, authSecret: resolveAuthSecret(config) };
    database = await openDatabase(config.databaseUrl, { readUrl: config.databaseReadUrl, poolMax: config.databasePoolMax });
    const opening = database;
    await withStartupRetry(
      () => runMigrations(opening, undefined, config.databaseUrl),
      log,
      config.databaseKind === 'postgres' ? retryForMs : 0,
    );
    let seeded = false;
    if (seed && (await isEmpty(database.db))) {
      await seedDemo(createAuth(config, database.db), database.db);
      seeded = true;
    }
    const opened = database;
    return {
      config,
      database: opened,
      seeded,
      release: async () => {
        await opened.close();
        unlock();
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    unlock();
    throw error;
  }
}
