// The databases the benches fill: a PostgreSQL database of their own (dropped after) and the
// embedded one opened directly while the server is stopped (one process per PGlite folder).
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new PostgreSQL database named `<prefix>_<pid>` on the bench's server; `drop()` removes it (with
 * FORCE: a server or client still connected does not keep it) and closes the admin connection.
 */
export async function createPostgresDatabase(prefix) {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
    /** Closes the admin connection and leaves the database in place (dropped by hand later). */
    keep: async () => {
      await admin.end();
    },
  };
}

/**
 * A database a bench's KEEP run filled, on the same server, by its name (which must match `pattern`,
 * the names that bench gives): used as is, never dropped.
 */
export function existingDatabase(name, pattern) {
  if (!pattern.test(name)) throw new Error(`Not a kept bench database of this bench: ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), keep: async () => {}, drop: async () => {} };
}

/** A client on `url` whose errors after a forced drop are ignored. */
export async function connectPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

const requireServer = createRequire(path.join(root, 'apps/server/package.json'));

/** The server's embedded database in `dataDir` (the folder the server was given as DATA_DIR). */
export async function openPglite(dataDir) {
  const { PGlite } = await import(requireServer.resolve('@electric-sql/pglite'));
  // The server's migrations use pg_trgm (searches) and btree_gin (the contact search's index); a
  // PGlite opening the folder needs both loaded.
  const { pg_trgm } = await import(requireServer.resolve('@electric-sql/pglite/contrib/pg_trgm'));
  const { btree_gin } = await import(requireServer.resolve('@electric-sql/pglite/contrib/btree_gin'));
  const db = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm, btree_gin } });
  await db.waitReady;
  return db;
}
