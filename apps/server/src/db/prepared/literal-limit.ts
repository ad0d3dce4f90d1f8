import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A LIMIT written into the statement's text instead of bound as a parameter. Every statement is
 * prepared once (docs/decisions/009); with the limit as a parameter the generic plan assumes a
 * tenth of the table, costs far above a custom plan, and PostgreSQL re-plans on every call. Page
 * sizes are a bounded integer (1–200), so this adds at most that many texts per query shape.
 * Drizzle writes an object limit as SQL (pg-core dialect); its type only names Placeholder.
 */
export function literalLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`limit must be a non-negative integer, got ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}

/**
 * A constant text (a role name, a stage) written into the statement's text as a quoted literal, so
 * a statement whose only parameters were constants has none: PostgreSQL then keeps one plan for it
 * instead of planning it again on every call (a custom plan per call while it has parameters).
 */
export function literalText(value: string): SQL {
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}
