import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_AHEAD } from '@nexa/domain';
import { jsonValue, selectRows, type DbOrTx } from './client.ts';
import { read } from './prepared/reads.ts';

/** A total counted up to `bound` + 1 rows: exact up to `bound`, `capped` past it (decision 044). */
export function boundedTotal(counted: number | string | null | undefined, bound: number): { total: number; capped: boolean } {
  const n = Number(counted ?? 0);
  return { total: Math.min(n, bound), capped: n > bound };
}

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
  return boundedTotal(row?.n, bound);
}

/** A search's parts for cappedPage (its comment says how they are read). */
export interface SearchParts {
  head: (limit: SQL) => SQL;
  headHoldsAll: SQL;
  /** The matches, in no order; or, with `foundInOrder`, a function of the bound giving the first ones in the list's order. */
  found: SQL | ((limit: SQL) => SQL);
  foundInOrder?: boolean;
}

/**
 * The items of a page as one JSON array: `item` (a SELECT of one row, correlated to `listed`) for
 * each row of `from` (numbered `n` in the list's order, named `listed`) that `where` keeps.
 */
export const pageItems = (from: SQL, item: SQL, where: SQL = sql``) =>
  sql`(SELECT coalesce(json_agg(item ORDER BY listed.n), '[]'::json) FROM ${from} CROSS JOIN LATERAL (${item}) item ${where})`;

/** The rows of `listed` numbered within the page from `offset` (SQL) and of `pageSize` rows. */
export const onPage = (offset: SQL, pageSize: number) =>
  sql`WHERE listed.n > ${offset} AND listed.n <= ${offset} + ${read.rows(pageSize)}`;

/** A page's answer from rows counted one past the bound (the offset + `ahead`). */
export function cappedAnswer<T>(
  row: { n: number | string | null; items: T[] | string | null } | undefined,
  offset: number,
  ahead: number,
): { items: T[]; total: number; capped: boolean } {
  return { items: jsonValue(row?.items) as T[], ...boundedTotal(row?.n, offset + ahead) };
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
 *
 * With `search` (decision 052), for a filter only a walk can apply and whose matches may be rare:
 * `head` is the walk (in the list's order, its filter applied) given a budget of entries, which for
 * a text many rows match fills the bound soon: the count is then the bound, capped, and the page is
 * taken from the head when `headHoldsAll` (no row of `listed` lies outside the head's walk: a search
 * text too long for its index), else from the walk of `listed` up to the page's end. Otherwise
 * `found` (the same rows, in no order, from an index that finds them all at once: a search's
 * trigrams) is counted up to the bound; short of it, `found` holds every row and the page is those
 * sorted. With `foundInOrder`, `found` (given the bound) is the first rows of the list in its order,
 * from a path that reads no more of them (decision 055), and the head must hold every row: the page is
 * the head's when it fills the bound, else found's, whatever the count. A CASE runs only the
 * sub-select of its branch and a materialized CTE only when read, so a common text never reads
 * `found`. `countAhead` replaces LIST_COUNT_AHEAD.
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
    search?: SearchParts;
    countAhead?: number;
  },
): Promise<{ items: T[]; total: number; capped: boolean }> {
  const offset = read.value(page.offset, 'bigint');
  const ahead = page.countAhead ?? LIST_COUNT_AHEAD;
  const limit = sql`${offset} + ${read.rows(ahead + 1)}`;
  /** `listed` in the list's order, numbered; a part of it limited to `upTo` rows when it takes a bound. */
  const walked = (upTo: SQL) =>
    sql`SELECT l.*, row_number() OVER (ORDER BY ${page.order}) AS n
      FROM (${typeof page.listed === 'function' ? page.listed(upTo) : page.listed}) l ORDER BY ${page.order}`;
  const listed = typeof page.listed === 'function' ? page.listed(limit) : page.listed;
  const numbered = walked(limit);
  const items = (from: SQL, where?: SQL) => pageItems(from, page.item, where);
  const numberedOnPage = onPage(offset, page.pageSize);
  const pageOf = (rows: SQL) => sql`(${rows} LIMIT ${read.rows(page.pageSize)} OFFSET ${offset}) listed`;
  // A search's page from its found rows (sorted) or from its head (numbered in order).
  const fromFound = items(
    pageOf(sql`SELECT f.*, row_number() OVER (ORDER BY ${page.order}) AS n FROM found f ORDER BY ${page.order}`),
  );
  const fromHead = items(sql`head listed`, numberedOnPage);
  const [row] = await selectRows<{ n: number | string; items: T[] | string }>(
    db,
    page.search
      ? sql`WITH head AS MATERIALIZED (SELECT h.*, row_number() OVER (ORDER BY ${page.order}) AS n FROM (${page.search.head(limit)}) h),
          found AS MATERIALIZED (${typeof page.search.found === 'function' ? page.search.found(limit) : page.search.found} LIMIT ${limit}),
          counted AS (SELECT h.n AS head, CASE WHEN h.n >= ${limit} THEN ${limit} ELSE (SELECT count(*) FROM found) END::int AS n
            FROM (SELECT count(*) AS n FROM head) h)
          SELECT counted.n, ${
            page.search.foundInOrder
              ? sql`CASE WHEN counted.head >= ${limit} THEN ${fromHead} ELSE ${fromFound} END`
              : sql`CASE WHEN counted.n <= ${offset} + ${read.rows(ahead)} THEN ${fromFound}
            WHEN counted.head >= ${limit} AND ${page.search.headHoldsAll} THEN ${fromHead}
            ELSE ${items(pageOf(walked(sql`${offset} + ${read.rows(page.pageSize)}`)))} END`
          } AS items
          FROM counted`
      : page.countInOrder
        ? sql`WITH listed AS (${numbered} LIMIT ${limit})
          SELECT (SELECT count(*)::int FROM listed) AS n,
            ${items(sql`listed`, numberedOnPage)} AS items`
        : sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM (${listed}) l LIMIT ${limit}) counted) AS n,
          ${items(pageOf(numbered))} AS items`,
  );
  return cappedAnswer<T>(row, page.offset, ahead);
}
