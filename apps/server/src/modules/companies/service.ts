import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_INDUSTRY, type Company, type CompanyListQuery } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { opportunities as o } from '../../db/schema.ts';
import { iso } from '../opportunities/scope.ts';
import { likePattern } from '../opportunities/queries.ts';

/** Companies derived from the representative's own opportunities (spec §3), grouped by the database. */
export async function listCompanies(db: Db, actor: Actor, query: CompanyListQuery): Promise<{ items: Company[]; total: number }> {
  const industry = sql`coalesce(max(nullif(btrim(${o.company_industry}), '')), ${DEFAULT_INDUSTRY})`;
  const having: SQL[] = [];
  if (query.industry) having.push(sql`lower(${industry}) = ${query.industry.toLowerCase()}`);
  if (query.product) having.push(sql`bool_or(${o.product} = ${query.product})`);
  if (query.q) {
    const pattern = likePattern(query.q);
    having.push(sql`(${o.client_company_name} ilike ${pattern} or ${industry} ilike ${pattern}
      or coalesce(string_agg(${o.client_name}, ' '), '') ilike ${pattern}
      or coalesce(string_agg(${o.product}, ' '), '') ilike ${pattern}
      or coalesce(string_agg(${o.lead_status}, ' '), '') ilike ${pattern})`);
  }
  const rows = await db
    .select({
      name: sql<string>`${o.client_company_name}`,
      industry: sql<string>`${industry}`,
      clients: sql<string[] | null>`array_agg(distinct ${o.client_name}) filter (where ${o.client_name} is not null)`,
      recent_products: sql<string[] | null>`array_agg(distinct ${o.product}) filter (where ${o.product} is not null)`,
      lead_statuses: sql<string[] | null>`array_agg(distinct ${o.lead_status}) filter (where ${o.lead_status} is not null)`,
      total_value: sql<number>`coalesce(sum(${o.amount}), 0)::float8`,
      next_meeting_date: sql<Date | string | null>`min(${o.next_meeting_date})`,
      opportunity_count: sql<number>`count(*)::int`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(o)
    .where(
      sql`${o.owner_id} = ${actor.userId} and ${o.client_company_name} is not null and btrim(${o.client_company_name}) <> ''`,
    )
    .groupBy(o.client_company_name)
    .having(having.length ? sql.join(having, sql` and `) : undefined)
    .orderBy(o.client_company_name)
    .limit(literalLimit(query.pageSize))
    .offset((query.page - 1) * query.pageSize);

  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    // Past the last page: count separately so the pager still knows the size.
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ name: o.client_company_name })
        .from(o)
        .where(
          sql`${o.owner_id} = ${actor.userId} and ${o.client_company_name} is not null and btrim(${o.client_company_name}) <> ''`,
        )
        .groupBy(o.client_company_name)
        .having(having.length ? sql.join(having, sql` and `) : undefined)
        .as('c'),
    );
    total = row?.n ?? 0;
  }
  return {
    total,
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      clients: row.clients ?? [],
      recent_products: row.recent_products ?? [],
      lead_statuses: row.lead_statuses ?? [],
      total_value: Number(row.total_value),
      next_meeting_date: iso(row.next_meeting_date),
    })),
  };
}
