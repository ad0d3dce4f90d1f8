import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { StatementCache } from './statement-cache.ts';
import { statementName } from './statement-name.ts';

/**
 * PGlite's `query()` parses, plans and runs every statement anew (an unnamed statement each time),
 * and on the embedded database the planning is most of a dashboard call's cost: it runs on the
 * server's one thread, between every other request. This sends a parameterised statement as a
 * named prepared statement instead, described once, then only bound and executed — the same
 * messages PGlite's own `query()` sends, in the same locks, with the statement's name added
 * (docs/decisions/009; the PostgreSQL pool does the same in db/client.ts). README.md in this
 * folder lists the PGlite internals used and the tests that catch an upgrade breaking them.
 *
 * It relies on PGlite's query and transaction locks (`_runExclusiveTransaction`,
 * `_runExclusiveQuery`), which the package uses for its own `query()`; PGlite's version is pinned.
 */

interface Prepared {
  name: string;
  paramTypes: number[];
}

interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

const { serialize } = protocol;

export function usePreparedStatements(client: PGlite): void {
  const internals = client as unknown as PGliteInternals;
  const unnamedQuery = client.query.bind(client);
  const statements = new StatementCache<Prepared>();

  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    const name = statementName(text);
    try {
      // Sync ends the batch whether or not Parse failed, so the connection leaves the error state.
      const described = await send(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      );
      return { name, paramTypes: parse.parseDescribeStatementResults(described) };
    } catch (error) {
      // Not kept: drop the name too, or the next Parse of this text would find it taken.
      await send(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => {});
      throw error;
    }
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (!prepared) {
      prepared = await prepare(text);
      statements.set(text, prepared);
    }
    const { paramTypes } = prepared;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? internals.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    // One call into the WASM for the four messages: an error in any of them is thrown once Sync
    // has run, so the connection is ready for the next statement either way.
    const messages = await send(
      Buffer.concat([
        serialize.bind({ statement: prepared.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    await client.syncToFs();
    return parse.parseResults(messages, parsersFor(options), options && { ...options, parsers: undefined })[0] as Results<T>;
  }

  /**
   * parseResults merges per-call parsers into a copy of all 340 of the client's on every call;
   * Drizzle passes nine on every query, which made that copy the dearest step of a small read.
   * The call's parsers are laid over the client's by prototype instead, which answers the same.
   */
  function parsersFor(options?: QueryOptions): Record<number, (value: string, typeId?: number) => unknown> {
    if (!options?.parsers) return internals.parsers;
    return Object.assign(
      Object.create(internals.parsers) as Record<number, (value: string, typeId?: number) => unknown>,
      options.parsers,
    );
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // What this path does not cover (no values, COPY blobs, a full cache) goes the usual way.
    if (!params?.length || options?.blob || !statements.accepts(text)) {
      return unnamedQuery<T>(text, params, options);
    }
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => internals._runExclusiveQuery(() => run<T>(text, params, options)));
  };
}
