import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { MAX_NAMED_STATEMENTS, statementName } from './statement-name.ts';

/**
 * PGlite's `query()` parses, plans and runs every statement anew (an unnamed statement each time),
 * and on the embedded database the planning is most of a dashboard call's cost: it runs on the
 * server's one thread, between every other request. This sends a parameterised statement as a
 * named prepared statement instead, described once, then only bound and executed — the same
 * messages PGlite's own `query()` sends, in the same locks, with the statement's name added
 * (docs/decisions/009; the PostgreSQL pool does the same in client.ts).
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
  const statements = new Map<string, Prepared>();

  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    const name = statementName(text);
    await send(serialize.parse({ name, text }));
    try {
      const described = await send(serialize.describe({ type: 'S', name }));
      return { name, paramTypes: parse.parseDescribeStatementResults(described) };
    } catch (error) {
      // Not kept: drop the name too, or the next Parse of this text would find it taken.
      await send(serialize.close({ type: 'S', name })).catch(() => {});
      throw error;
    }
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages = [];
    let prepared = statements.get(text);
    try {
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
      messages.push(
        ...(await send(serialize.bind({ statement: prepared.name, values }))),
        ...(await send(serialize.describe({ type: 'P' }))),
        ...(await send(serialize.execute({}))),
      );
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    await client.syncToFs();
    return parse.parseResults(messages, internals.parsers, options)[0] as Results<T>;
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // What this path does not cover (no values, COPY blobs, a full cache) goes the usual way.
    if (!params?.length || options?.blob || (statements.size >= MAX_NAMED_STATEMENTS && !statements.has(text))) {
      return unnamedQuery<T>(text, params, options);
    }
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => internals._runExclusiveQuery(() => run<T>(text, params, options)));
  };
}
