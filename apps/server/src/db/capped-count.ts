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
 * in one statement. `listed` yields the list's keys and sort columns; `order` names them (the list's
 * order); the page's rows are read whole by `item` (a SELECT of one row, correlated to `listed`'s
 * columns) and sent as one JSON value. Two statements (the page, the count) sent at once took two
 * pooled connections, and the count's LIMIT was a value the planner sees (reads.ts says why that is
 * avoided); here the offset travels unseen by the planner (db/prepared/reads.ts) and the page size is in the text.
 *
 * The count reads `listed` in no order, the page in the list's order, each by the cheapest path (an
 * ordered walk through an expression index reads the table for every entry). With `countInOrder`
 * the rows are read once, in order, up to the bound, and both are taken from them: for a filter
 * that only a walk in the list's order can apply (a search of kept text), where two walks would
 * filter the same entries twice. A `listed` given as a function gets the bound (an SQL expression),
 * to limit a part of it in the same order.
 */
export async function cappedPage<T>(
  db: DbOrTx,
  page: {
    listed: SQL | ((limit: SQL) => SQL);
    order: SQL;
    item: SQL;
    offset: number;
    pageSize: number;
    countInOrder?: boolean;
  },
): Promise<{ items: T[]; total: number; capped: boolean }> {
  const offset = read.value(page.offset, 'bigint');
  const bound = page.offset + LIST_COUNT_AHEAD;
  const limit = sql`${offset} + ${read.rows(LIST_COUNT_AHEAD + 1)}`;
  const listed = typeof page.listed === 'function' ? page.listed(limit) : page.listed;
  const numbered = sql`SELECT l.*, row_number() OVER (ORDER BY ${page.order}) AS n FROM (${listed}) l ORDER BY ${page.order}`;
  const items = (from: SQL, where: SQL) =>
    sql`(SELECT coalesce(json_agg(item ORDER BY listed.n), '[]'::json) FROM ${from} CROSS JOIN LATERAL (${page.item}) item ${where})`;
  const [row] = await selectRows<{ n: number | string; items: T[] | string }>(
    db,
    page.countInOrder
      ? sql`WITH listed AS (${numbered} LIMIT ${limit})
          SELECT (SELECT count(*)::int FROM listed) AS n,
            ${items(sql`listed`, sql`WHERE listed.n > ${offset} AND listed.n <= ${offset} + ${read.rows(page.pageSize)}`)} AS items`
      : sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM (${listed}) l LIMIT ${limit}) counted) AS n,
          ${items(sql`(${numbered} LIMIT ${read.rows(page.pageSize)} OFFSET ${offset}) listed`, sql``)} AS items`,
  );
  const n = Number(row?.n ?? 0);
  return { items: jsonValue(row?.items) as T[], total: Math.min(n, bound), capped: n > bound };
}
