import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

// The build copies the SQL files beside the bundle; in source they sit beside this file.
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  // Both migrators read the same folder; the cast only picks the driver's signature.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}
