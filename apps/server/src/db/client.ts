import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One database type for callers, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to clone a migrated database in tests. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** A tarball of a migrated data folder to start from (tests). */
  loadDataDir?: Blob;
  /** PostgreSQL pool size. */
  poolMax?: number;
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (url.startsWith('postgres')) return openPostgres(url, options);
  return openPglite(url, options);
}

async function openPglite(url: string, options: OpenOptions): Promise<Database> {
  const dir = url.startsWith('file://') ? url.slice('file://'.length) : undefined;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Fail a statement rather than hang a request when the server stalls.
    statement_timeout: 15_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
