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

/** What a value unseen by the planner is cast to: a sub-select's own type would be unknown. */
export type UnseenType = 'text' | 'bigint' | 'numeric' | 'timestamptz' | 'date';

/**
 * A bound value the planner does not look at: `(select $n::type)`, computed once per run as an init
 * plan and still an index condition. PostgreSQL plans a prepared statement again on each call (a
 * custom plan) while the plan made for the call's values costs less than the plan made without them,
 * and for a page of a list it always did: the generic plan assumes a tenth of the rows are skipped by
 * a bound OFFSET, and a representative with fewer deals than the average costs less than the average.
 * The list was planned on every call, 0.3–0.8 ms beside 0.2–0.5 ms of running it (PostgreSQL 15,
 * 1 M deals). With every value of a statement written this way, its custom and generic plans cost the
 * same and PostgreSQL keeps the generic plan after five calls (test/plan-reuse.test.ts). Not for a
 * search pattern, whose best plan depends on its text (two letters cannot use the trigram index).
 */
export function unseenByPlanner(value: Placeholder | SQL | string | number | null, type: UnseenType): SQL {
  return sql`(select ${value}::${sql.raw(type)})`;
}

/** An OFFSET unseen by the planner, for Drizzle's `.offset()` (its type names only Placeholder). */
export const unseenOffset = (offset: Placeholder): Placeholder => unseenByPlanner(offset, 'bigint') as unknown as Placeholder;
