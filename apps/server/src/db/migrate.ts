import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

// The build copies the SQL files beside the bundle; in source they sit beside this file.
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// Any constant works; it names "Nexa migrations" among the server's advisory locks.
const MIGRATION_LOCK_KEY = 724_961_031;

export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR, url?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  if (!url) {
    await migratePg(database.db as never, { migrationsFolder });
    return;
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
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}
