import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Timestamps leave the database as Date (both drivers) and travel as ISO strings. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * A timestamp written by the statement in the form iso() gives (UTC, milliseconds, Z): a page of
 * rows then travels as the answer's own text, without a Date made and formatted per value.
 */
export function isoText(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
