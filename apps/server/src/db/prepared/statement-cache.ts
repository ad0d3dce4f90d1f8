/**
 * How many statement texts (or list shapes) one cache keeps. Values stay parameters, so the texts
 * are the code's own and few; the bound only stops a stream of one-off texts from growing the
 * process's memory and each connection's prepared statements.
 */
export const MAX_NAMED_STATEMENTS = 2_000;

/**
 * The one policy of every statement cache (statement names for PostgreSQL, prepared statements
 * inside PGlite, the opportunity list's built queries: reads.ts): an entry is kept the first time it is
 * seen, while there is room; past MAX_NAMED_STATEMENTS a new key is not kept and its caller goes
 * the usual, unprepared way. Nothing is evicted, so a kept statement never has to be prepared twice.
 */
export class StatementCache<V> {
  readonly #entries = new Map<string, V>();

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Whether key is kept already or there is still room to keep it. */
  accepts(key: string): boolean {
    return this.#entries.has(key) || this.#entries.size < MAX_NAMED_STATEMENTS;
  }

  /** The value kept for key, made and kept now if there is room; undefined when the cache is full. */
  keep(key: string, make: () => V): V | undefined {
    const kept = this.#entries.get(key);
    if (kept !== undefined || !this.accepts(key)) return kept;
    const value = make();
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (this.accepts(key)) this.#entries.set(key, value);
  }
}
