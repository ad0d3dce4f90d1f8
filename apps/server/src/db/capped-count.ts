import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_AHEAD } from '@nexa/domain';
import { selectRows, type DbOrTx } from './client.ts';

/**
 * A paged list's total, counted up to the page's offset + LIST_COUNT_AHEAD rows (decision 044):
 * `rows` is a statement that yields one row per listed row (its columns do not matter), and the
 * count stops one past the bound, so its cost is bounded whatever the table's size. `capped` says
 * there are more than `total`; the page after the last counted one counts further from its own offset.
 * The tasks' team list has its own fixed bound (TEAM_OVERDUE_COUNT_CAP) with the same `capped` answer.
 */
export async function cappedTotal(db: DbOrTx, rows: SQL, offset: number): Promise<{ total: number; capped: boolean }> {
  const bound = offset + LIST_COUNT_AHEAD;
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${bound + 1}) counted`,
  );
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, bound), capped: n > bound };
}
