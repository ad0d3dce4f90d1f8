import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_AHEAD } from '@nexa/domain';
import { jsonValue, selectRows, type DbOrTx } from './client.ts';
import { read } from './prepared/reads.ts';

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
 * A page of a list and its total counted up to the page's offset + LIST_COUNT_AHEAD (decision 044),
 * in one statement. `listed` yields the list's keys and sort columns (`order` names them, in the
 * list's order, as a list of columns of `listed`); they are read once, in that order, up to the
 * bound: their number is the total, and the rows numbered offset + 1 … offset + pageSize are the
 * page, each read whole by `item` (a SELECT of one row, correlated to `listed`'s columns) and sent
 * as one JSON value. Two statements (the page, the count) walked the same range twice on two pooled
 * connections, and the count's visible LIMIT had it planned on every call; here the offset travels
 * unseen by the planner (db/prepared/reads.ts) and the page size is written in the text.
 */
export async function cappedPage<T>(
  db: DbOrTx,
  page: { listed: SQL | ((limit: SQL) => SQL); order: SQL; item: SQL; offset: number; pageSize: number },
): Promise<{ items: T[]; total: number; capped: boolean }> {
  const offset = read.value(page.offset, 'bigint');
  const bound = page.offset + LIST_COUNT_AHEAD;
  const limit = sql`${offset} + ${read.rows(LIST_COUNT_AHEAD + 1)}`;
  const listed = typeof page.listed === 'function' ? page.listed(limit) : page.listed;
  const [row] = await selectRows<{ n: number | string; items: T[] | string }>(
    db,
    sql`WITH listed AS (
        SELECT l.*, row_number() OVER (ORDER BY ${page.order}) AS n FROM (${listed}) l
        ORDER BY ${page.order} LIMIT ${limit})
      SELECT (SELECT count(*)::int FROM listed) AS n,
        (SELECT coalesce(json_agg(item ORDER BY listed.n), '[]'::json) FROM listed CROSS JOIN LATERAL (${page.item}) item
          WHERE listed.n > ${offset} AND listed.n <= ${offset} + ${read.rows(page.pageSize)}) AS items`,
  );
  const n = Number(row?.n ?? 0);
  return { items: jsonValue(row?.items) as T[], total: Math.min(n, bound), capped: n > bound };
}
