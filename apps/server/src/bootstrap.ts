import { createAuth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { runMigrations } from './db/migrate.ts';
import { isEmpty, seedDemo } from './db/seed.ts';

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
export async function prepare(config: Config, { seed = config.demoMode } = {}): Promise<Prepared> {
  const unlock =
    config.databaseKind === 'pglite' && config.databaseUrl.startsWith('file://') ? lockDataDir(config.dataDir) : () => {};
  let database: Database | undefined;
  try {
    config = { ...config, authSecret: resolveAuthSecret(config) };
    database = await openDatabase(config.databaseUrl);
    await runMigrations(database);
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
