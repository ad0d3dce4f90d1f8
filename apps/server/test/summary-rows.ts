import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * A summary's rows or their recomputation, ready to compare: numeric text may differ in trailing
 * zeros (100.00 vs 100), so numbers are compared as numbers, column by column.
 */
export async function comparableRows(db: Db, query: SQL): Promise<Array<Record<string, string | number>>> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Array<Record<string, string>> };
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^-?[\d.]+$/.test(v) ? Number(v) : v])));
}
