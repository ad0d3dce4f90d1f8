import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { usePreparedStatements } from './prepared/pglite-prepared.ts';
import { StatementCache } from './prepared/statement-cache.ts';
import { statementName } from './prepared/statement-name.ts';
import { makeFolderPrivate } from './private-folder.ts';
import { timedQuery } from './query-clock.ts';
import { markConnectFailure } from './unavailable.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One database type for callers, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside db.transaction(...). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Code that runs alone or as one step of a caller's transaction. */
export type DbOrTx = Db | Tx;

/** The rows of a raw SQL statement: both drivers answer `{ rows }`, typed differently. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A json column's value: parsed by the driver, or still text; absent reads as an empty list. */
export const jsonValue = <T>(value: T | string | undefined): T | [] =>
  value === undefined ? [] : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A session-level advisory lock taken by Database.holdLock. */
export interface HeldLock {
  /** Aborted when the session that holds the lock ended: the lock is gone with it. */
  lost: AbortSignal;
  /** Lets the lock go (and, on PostgreSQL, closes its session). */
  release(): Promise<void>;
}

/**
 * Whether the session-level advisory lock (namespace, key) is held by a session, as SQL: `key` is an
 * integer expression (a column). Reads pg_locks, which every session may read, on both drivers.
 */
export const advisoryLockHeld = (namespace: number, key: SQL) =>
  sql`EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${namespace}::int::oid AND l.objid = (${key})::int::oid
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;

export interface Database {
  db: Db;
  /**
   * Where read-only dashboard queries may go: a read replica when DATABASE_READ_URL is set,
   * else the primary itself. Writes, and reads that must see the caller's own writes, use db.
   */
  reader: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Takes the advisory lock (namespace, key) and holds it until release(), or until its session
   * ends — which it does with the process, however that died (kill -9 included): other instances
   * can tell a live holder from a dead one by asking for it (advisoryLockHeld). Null when another
   * session holds it. PostgreSQL: a connection of its own, outside the pool (the pool closes idle
   * connections, and a lock must not share a session with requests). PGlite: its one session, which
   * only this process ever opens.
   */
  holdLock(namespace: number, key: number): Promise<HeldLock | null>;
  close(): Promise<void>;
  /**
   * PGlite only: the data folder as a tarball, to clone a migrated database in tests (gzip by default;
   * 'none' is 8 times larger and opens 0.3 s of CPU faster).
   */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
}

export interface OpenOptions {
  /** A tarball of a migrated data folder to start from (tests). */
  loadDataDir?: Blob;
  /**
   * PGlite's compiled WebAssembly and its file bundle, when the caller keeps them between databases
   * (the API tests open one database per file: reading and compiling them each time cost CPU).
   */
  pgliteModules?: { wasmModule: WebAssembly.Module; fsBundle: Blob };
  /** PostgreSQL pool size. */
  poolMax?: number;
  /** PostgreSQL read replica. */
  readUrl?: string | null;
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (url.startsWith('postgres')) return openPostgres(url, options);
  return openPglite(url, options);
}

async function openPglite(url: string, options: OpenOptions): Promise<Database> {
  const dir = url.startsWith('file://') ? url.slice('file://'.length) : undefined;
  if (dir) makeFolderPrivate(dir);
  const client = new PGlite({
    dataDir: dir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, btree_gin },
    pgliteWasmModule: options.pgliteModules?.wasmModule,
    fsBundle: options.pgliteModules?.fsBundle,
  });
  await client.waitReady;
  // A first start has just created the cluster's files, with the umask's modes.
  if (dir) makeFolderPrivate(dir);
  usePreparedStatements(client);
  // Timed for the request's Server-Timing (db/query-clock.ts); a transaction's statements go through
  // its own handle and are not counted (the reads this figure is for run outside one).
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof query>) => timedQuery(() => query(...args))) as typeof client.query;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    reader: db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    holdLock: async (namespace, key) => {
      // One session for the whole process, where a second take of a held lock succeeds too: ask first.
      const [row] = await selectRows<{ ok: boolean }>(
        db,
        sql`SELECT CASE WHEN ${advisoryLockHeld(namespace, sql`${key}`)} THEN false
          ELSE pg_try_advisory_lock(${namespace}::int, ${key}::int) END AS ok`,
      );
      if (!row?.ok) return null;
      const lost = new AbortController();
      return {
        lost: lost.signal,
        release: async () => {
          if (lost.signal.aborted) return;
          lost.abort();
          if (!client.closed) await db.execute(sql`SELECT pg_advisory_unlock(${namespace}::int, ${key}::int)`).catch(() => {});
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: async (compression = 'gzip') => (await client.dumpDataDir(compression)) as Blob,
  };
}

/** Statement texts seen so far and their names (computed once per text). */
const statementNames = new StatementCache<string>();

/** Past the cache's bound a new text goes unnamed, so neither the process nor a connection grows. */
const namedFor = (text: string): string | undefined => statementNames.keep(text, () => statementName(text));

/**
 * Every parameterised statement is sent as a named prepared statement, keyed by its text: each
 * connection parses and plans it once, and PostgreSQL then reuses the plan. Planning the team and
 * pipeline statements cost more than running them on the kept-up summaries (~1–2 ms each, the
 * larger part of the database's CPU per dashboard call; docs/decisions/009).
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const config = args[0] as { text?: unknown; name?: unknown; submit?: unknown } | string | undefined;
    // A plain query config only: a Submittable (cursor, stream) must keep its prototype.
    if (typeof config === 'object' && typeof config.text === 'string' && !config.name && typeof config.submit !== 'function') {
      const name = namedFor(config.text);
      if (name) args[0] = { ...config, name };
    }
    const query = () => (super.query as (...a: unknown[]) => never)(...args);
    // A promise (a transaction's statements): timed here. With a callback the pool is the caller,
    // and timed it (openPool).
    const promised = typeof args.at(-1) !== 'function' && typeof config === 'object' && typeof config.submit !== 'function';
    if (!promised) return query();
    const timed = timedQuery(query);
    return (/^begin\b/i.test(String(config.text)) ? this.releasedIfRefused(timed) : timed) as never;
  }

  /**
   * drizzle-orm 0.45's pooled transaction() sends BEGIN before the try/finally that releases its
   * client (drizzle-team/drizzle-orm#6023): a BEGIN that fails (the connection dropped between the
   * checkout and it) never gave the client back, so each such failure took a pool slot for good and
   * the pool's end() waited forever (opportunities-import-atomic's cut connection hung that way
   * now and then). A checked-out client whose BEGIN fails is released here, with the error, so the
   * pool drops it; drizzle then never releases it itself.
   */
  private async releasedIfRefused<T>(begin: Promise<T>): Promise<T> {
    try {
      return await begin;
    } catch (error) {
      const release = (this as { release?: (error: Error) => void }).release;
      release?.call(this, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /** An error while the connection opens is marked, so it answers 503 whatever its SQLSTATE (db/unavailable.ts). */
  override connect(...args: unknown[]): never {
    const callback = args[0];
    if (typeof callback === 'function') {
      return super.connect((error: Error) => (callback as (error: Error) => void)(markConnectFailure(error))) as never;
    }
    return super.connect().catch((error: unknown) => {
      throw markConnectFailure(error);
    }) as never;
  }
}

function openPool(url: string, max: number) {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Fail a statement rather than hang a request when the server stalls.
    statement_timeout: 15_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one dropped while checked out (a transaction between two statements, an import's batches):
  // the pool listens to idle clients only, so the client's own 'error' event had no listener and was
  // thrown. The statement in flight, or the next one, fails instead and the request answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === 'function'
      ? query(...args)
      : timedQuery(() => query(...args) as Promise<unknown>)) as typeof pool.query;
  return pool;
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = openPool(url, options.poolMax ?? 10);
  const replica = options.readUrl ? openPool(options.readUrl, options.poolMax ?? 10) : null;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    reader: replica ? (drizzlePg(replica, { schema }) as unknown as Db) : db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    holdLock: (namespace, key) => holdPostgresLock(url, namespace, key),
    close: async () => {
      await Promise.all([pool.end(), replica?.end()]);
    },
  };
}

/** How often a held lock's session is asked whether it is still there, and how long it may take to answer. */
const LOCK_PING_MS = 5_000;

/**
 * Database.holdLock on PostgreSQL: a session of its own that only holds the lock. A kill -9 of the
 * process closes its socket and the server ends the session at once; a host that vanished without
 * closing it is noticed by the server's TCP keep-alive, set here to about 20 s instead of the system's
 * two hours. The holder must know first, so it stops before another may take over: its session is
 * pinged every 5 s and given 5 s to answer, so a cut is known here within 10 s.
 */
async function holdPostgresLock(url: string, namespace: number, key: number): Promise<HeldLock | null> {
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: LOCK_PING_MS,
    // Its statements are a few tiny ones; one that gets no answer in time means the session is gone.
    query_timeout: LOCK_PING_MS,
  });
  const lost = new AbortController();
  // The session's end (the server restarted, the network cut it) is the lock's end: the holder stops.
  client.on('error', () => lost.abort());
  client.on('end', () => lost.abort());
  try {
    await client.connect();
    await client.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 2');
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', [namespace, key]);
    if (!rows[0]?.ok) {
      await client.end();
      return null;
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released = false;
  const ping = setInterval(() => {
    client.query('SELECT 1').catch(() => {
      lost.abort();
      void client.end().catch(() => {});
    });
  }, LOCK_PING_MS);
  ping.unref();
  lost.signal.addEventListener('abort', () => clearInterval(ping), { once: true });
  return {
    lost: lost.signal,
    release: async () => {
      if (released) return;
      released = true;
      lost.abort();
      await client.end().catch(() => {});
    },
  };
}
