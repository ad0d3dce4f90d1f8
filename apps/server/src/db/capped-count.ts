import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_AHEAD } from '@nexa/domain';
import { selectRows, type DbOrTx } from './client.ts';

/**
 * A count that stops one row past `bound`, so its cost is bounded whatever the table's size: `rows`
 * is a statement that yields one row per counted row (its columns do not matter); `capped` says
 * there are more than `total`. The tasks' team list counts this way up to a fixed bound.
 */
export async function countUpTo(db: DbOrTx, rows: SQL, bound: number): Promise<{ total: number; capped: boolean }> {
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${bound + 1}) counted`,
  );
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, bound), capped: n > bound };
}

/**
 * A paged list's total, counted up to the page's offset + LIST_COUNT_AHEAD rows (decision 044); the
 * page after the last counted one counts further from its own offset.
 */
export const cappedTotal = (db: DbOrTx, rows: SQL, offset: number) => countUpTo(db, rows, offset + LIST_COUNT_AHEAD);
