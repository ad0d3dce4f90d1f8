import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client.ts';
import { applyReadModels, type ReadModelSession, type ReadModelsApplied } from './read-models/apply.ts';

// The build copies the SQL files beside the bundle; in source they sit beside this file.
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const READ_MODELS_DIR = path.join(import.meta.dirname, 'read-models');

// Any constant works; it names "Nexa migrations" among the server's advisory locks.
const MIGRATION_LOCK_KEY = 724_961_031;

export interface MigrationFolders {
  migrations?: string;
  readModels?: string;
}

/**
 * The numbered migrations (tables, columns, indexes, backfills), then the read models
 * (db/read-models/README.md): applied again as a whole when one of their files changed.
 */
export async function runMigrations(
  database: Database,
  folders: MigrationFolders = {},
  url?: string,
): Promise<ReadModelsApplied> {
  const { migrations: migrationsFolder = MIGRATIONS_DIR, readModels = READ_MODELS_DIR } = folders;
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return client.transaction((tx) =>
      applyReadModels(
        {
          exec: async (text) => {
            await tx.exec(text);
          },
          rows: async <T>(text: string) => (await tx.query<T>(text)).rows,
        },
        readModels,
      ),
    );
  }
  if (!url) {
    await migratePg(database.db as never, { migrationsFolder });
    const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      return await applyInTransaction(client, readModels);
    } finally {
      client.release();
    }
  }
  // Several instances may start at once: one migrates while the others wait on the lock,
  // then find nothing left to apply.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // On this session, not the pool: the pool's statement timeout (15 s, for requests) would
    // cut an index build over a large table short.
    await migratePg(drizzlePg(lock), { migrationsFolder });
    return await applyInTransaction(lock, readModels);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

/** Text without parameters goes by the simple protocol, which takes several statements at once. */
async function applyInTransaction(client: pg.ClientBase, folder: string): Promise<ReadModelsApplied> {
  const session: ReadModelSession = {
    exec: async (text) => {
      await client.query(text);
    },
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
  };
  await client.query('BEGIN');
  try {
    // A rebuild over many rows may take longer than a request may.
    await client.query('SET LOCAL statement_timeout = 0');
    const applied = await applyReadModels(session, folder);
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
