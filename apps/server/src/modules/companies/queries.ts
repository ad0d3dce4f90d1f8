import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_INDUSTRY, type Company, type CompanyListQuery } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { literalLimit } from '../../db/prepared/literal-limit.ts';
import { opportunities as o, repCompanies } from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';

const industry = sql`coalesce(max(nullif(btrim(${o.company_industry}), '')), ${DEFAULT_INDUSTRY})`;

const companyColumns = {
  name: sql<string>`${o.client_company_name}`,
  industry: sql<string>`${industry}`,
  clients: sql<string[] | null>`array_agg(distinct ${o.client_name}) filter (where ${o.client_name} is not null)`,
  recent_products: sql<string[] | null>`array_agg(distinct ${o.product}) filter (where ${o.product} is not null)`,
  lead_statuses: sql<string[] | null>`array_agg(distinct ${o.lead_status}) filter (where ${o.lead_status} is not null)`,
  total_value: sql<number>`coalesce(sum(${o.amount}), 0)::float8`,
  // The next meeting ahead on one of the company's open deals: a won or lost deal has none.
  next_meeting_date: sql<
    Date | string | null
  >`min(${o.next_meeting_date}) filter (where ${o.outcome} = 'open' and ${o.next_meeting_date} > now())`,
  opportunity_count: sql<number>`count(*)::int`,
};

type CompanyRow = { [K in keyof typeof companyColumns]: (typeof companyColumns)[K]['_']['type'] };

/** Filters on a company's aggregates (industry, a product among its deals, search), for HAVING. */
function companyFilters(query: CompanyListQuery): SQL[] {
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
  return having;
}

const namedCompany = sql`${o.client_company_name} is not null and btrim(${o.client_company_name}) <> ''`;
const namedSummary = (actor: Actor) => and(eq(repCompanies.owner_key, actor.userId), sql`btrim(${repCompanies.company}) <> ''`);
/** How many named companies the rep has, from rep_companies. */
const summaryCount = (actor: Actor) => sql<number>`(select count(*)::int from ${repCompanies} where ${namedSummary(actor)})`;

/**
 * Companies derived from the representative's own opportunities, grouped by the database.
 * Unfiltered, the page's names are read in order from rep_companies (kept by triggers, decision
 * 009) and only those companies' rows are grouped; a filter on the aggregates groups every row.
 */
export async function listCompanies(db: Db, actor: Actor, query: CompanyListQuery): Promise<{ items: Company[]; total: number }> {
  const having = companyFilters(query);
  const offset = (query.page - 1) * query.pageSize;
  const rows = having.length
    ? await db
        .select({ ...companyColumns, total: sql<number>`(count(*) over ())::int` })
        .from(o)
        .where(and(eq(o.owner_id, actor.userId), namedCompany))
        .groupBy(o.client_company_name)
        .having(sql.join(having, sql` and `))
        .orderBy(o.client_company_name)
        .limit(literalLimit(query.pageSize))
        .offset(offset)
    : await pageFromSummary(db, actor, query.pageSize, offset);

  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) total = await countCompanies(db, actor, having);
  return {
    total,
    items: rows.map(({ total: _total, ...row }: CompanyRow & { total: number }) => ({
      ...row,
      clients: row.clients ?? [],
      recent_products: row.recent_products ?? [],
      lead_statuses: row.lead_statuses ?? [],
      total_value: Number(row.total_value),
      next_meeting_date: iso(row.next_meeting_date),
    })),
  };
}

function pageFromSummary(db: Db, actor: Actor, pageSize: number, offset: number) {
  const page = db
    .select({ company: repCompanies.company })
    .from(repCompanies)
    .where(namedSummary(actor))
    .orderBy(asc(repCompanies.company))
    .limit(literalLimit(pageSize))
    .offset(offset)
    .as('page');
  return db
    .select({ ...companyColumns, total: summaryCount(actor) })
    .from(o)
    .innerJoin(page, eq(o.client_company_name, page.company))
    .where(eq(o.owner_id, actor.userId))
    .groupBy(o.client_company_name)
    .orderBy(o.client_company_name);
}

/** Past the last page: the total alone, so the pager still knows the size. */
async function countCompanies(db: Db, actor: Actor, having: SQL[]): Promise<number> {
  if (!having.length) {
    const [row] = await selectRows<{ n: number }>(db, sql`select ${summaryCount(actor)} as n`);
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ name: o.client_company_name })
      .from(o)
      .where(and(eq(o.owner_id, actor.userId), namedCompany))
      .groupBy(o.client_company_name)
      .having(sql.join(having, sql` and `))
      .as('c'),
  );
  return row?.n ?? 0;
}
