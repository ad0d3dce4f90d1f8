import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { StatementCache } from './statement-cache.ts';

/**
 * How the workspace's reads send their values to the database: the one place that decides it. A
 * module's query says what a value is (a value of the call, a search pattern, a constant of the
 * code, a number of rows); this file says how it travels, and why. The modules may import only this
 * file of db/prepared/ (eslint.config.js).
 *
 * Every parameterised statement is a named prepared statement, planned once per connection
 * (docs/decisions/009). PostgreSQL then keeps a statement's generic plan (made without the values)
 * only while it costs no more than the custom plans it made for the first five calls' values, and
 * for a page of a list it never did: the generic plan assumes a bound OFFSET skips a tenth of the
 * rows and a bound LIMIT reads a tenth of them, and a representative with fewer deals than the
 * average costs less than the average. Such a read was planned again on every call — 0.3–0.8 ms of
 * planning beside 0.2–0.5 ms of running it (PostgreSQL 15, 1 M deals; docs/decisions/026). So:
 *
 * - a value of the call (an owner, a filter's value, an offset) is bound unseen by the planner,
 *   `(select $n::type)`: an init plan computed once per run, still an index condition, but a value
 *   neither kind of plan looks at — custom and generic plans cost the same and the generic one is kept;
 * - a search pattern stays an ordinary parameter: its best plan depends on its text (two letters
 *   cannot use the trigram index), so a search is planned per call;
 * - a constant of the code (a role, a stage, a fact's kind) is a quoted literal in the text, and a
 *   number of rows the code bounds (a page size, a top ten) a number in the text: a statement whose
 *   only values were constants then has no parameter and keeps one plan;
 * - a statement built through Drizzle per filter shape is built once per database and shape
 *   (`PerDatabaseStatements`): building it cost the server as much as running it.
 *
 * `plan_cache_mode` on the connections instead of these forms was measured and not taken
 * (docs/decisions/034-plan-cache-mode.md). A new read whose values the planner can see should be
 * added to test/plan-reuse.test.ts, which fails when one is planned on every call.
 */

/** What a value unseen by the planner is cast to: a sub-select's own type would be unknown. */
export type ValueType = 'text' | 'bigint' | 'numeric' | 'timestamptz' | 'date';

/** A value of the call, a placeholder of a prepared statement or the value itself. */
type Bound = Placeholder | SQL | string | number | null;

/** A value of the call (an owner, a filter's value): bound, unseen by the planner. */
function value(bound: Bound, type: ValueType): SQL {
  return sql`(select ${bound}::${sql.raw(type)})`;
}

/** A search pattern: an ordinary parameter, so each search is planned for its own text. */
function pattern(bound: Placeholder | string | null): SQL {
  return sql`${bound}`;
}

/** A constant of the code (a role, a stage, a kind): a quoted literal in the statement's text. */
function constant(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`);
}

/**
 * A number of rows the code bounds (a page size, 1–200; a top ten): written into the text. Typed as
 * Drizzle's Placeholder for `.limit()`, whose type names only that; it writes any SQL object as SQL.
 */
function rows(count: number): Placeholder {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`limit must be a non-negative integer, got ${count}`);
  return sql.raw(String(count)) as unknown as Placeholder;
}

/** The rows a page skips: a value of the call, unseen by the planner (typed for Drizzle's `.offset()`). */
function offset(bound: Placeholder | number): Placeholder {
  return value(bound, 'bigint') as unknown as Placeholder;
}

/** The forms of a workspace read's values, by what each value is. */
export const read = { value, pattern, constant, rows, offset };

/**
 * Statements built once per database and shape (the opportunity list's, My Companies'): building a
 * statement through Drizzle costs the server as much as running it. Each database gets its own
 * StatementCache (a prepared statement belongs to its database); past the bound a shape is built
 * for its one call.
 */
export class PerDatabaseStatements<V> {
  readonly #byDatabase = new WeakMap<object, StatementCache<V>>();

  get(database: object, shape: string, build: () => V): V {
    let cache = this.#byDatabase.get(database);
    if (!cache) this.#byDatabase.set(database, (cache = new StatementCache<V>()));
    return cache.keep(shape, build) ?? build();
  }
}

const dialect = new PgDialect();

/**
 * A raw statement (its values `sql.placeholder`s) made into Drizzle's prepared query once, named
 * `name` (a named statement on PostgreSQL): each call binds its values and answers the rows, without
 * building the statement's text again. What `.prepare(name)` gives a query built with Drizzle's
 * builder, for a statement written as SQL; kept in a PerDatabaseStatements.
 */
export function preparedRows<T>(db: Db, name: string, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows;
}
