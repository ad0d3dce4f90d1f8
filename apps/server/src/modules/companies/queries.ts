import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_INDUSTRY, type Company, type CompanyListQuery } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { literalLimit } from '../../db/prepared/literal-limit.ts';
import { opportunities as o, repCompanies, repCompanyFacts } from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';

const facts = repCompanyFacts;
/** The company's industry from its facts: the same rule as `industry` over its rows. */
const factIndustry = sql`coalesce(max(${facts.value}) filter (where ${facts.kind} = 'industry'), ${DEFAULT_INDUSTRY})`;

const valuesOf = (kind: string) =>
  sql<string[] | null>`array_agg(${facts.value} order by ${facts.value}) filter (where ${facts.kind} = ${kind})`;

/**
 * A company as My Companies shows it, from its facts (the same figures as grouping its deals: the
 * distinct clients, products and lead statuses in order, the industry, the deal count and total
 * value), and its next meeting ahead on one of its open deals (a won or lost deal has none), read
 * from the index of open deals' meetings.
 */
const companyColumns = (actor: Actor) => ({
  name: sql<string>`${facts.company}`,
  industry: sql<string>`${factIndustry}`,
  clients: valuesOf('client'),
  recent_products: valuesOf('product'),
  lead_statuses: valuesOf('lead_status'),
  total_value: sql<number>`coalesce(sum(${facts.amount_sum}) filter (where ${facts.kind} = 'deal'), 0)::float8`,
  next_meeting_date: sql<Date | string | null>`(select min(${o.next_meeting_date}) from ${o}
    where ${o.owner_id} = ${actor.userId} and ${o.client_company_name} = ${facts.company}
      and ${o.outcome} = 'open' and ${o.next_meeting_date} > now())`,
  opportunity_count: sql<number>`coalesce(sum(${facts.rows}) filter (where ${facts.kind} = 'deal'), 0)::int`,
});

type Columns = ReturnType<typeof companyColumns>;
type CompanyRow = { [K in keyof Columns]: Columns[K]['_']['type'] };

/**
 * Filters on a company's aggregates (industry, a product among its deals, search), for HAVING over
 * its facts (rep_company_facts, kept by triggers: migration 0022). Search matches the name, the
 * industry, or one of its clients, products or lead statuses.
 */
function companyFilters(query: CompanyListQuery): SQL[] {
  const having: SQL[] = [];
  if (query.industry) having.push(sql`lower(${factIndustry}) = ${query.industry.toLowerCase()}`);
  if (query.product) having.push(sql`bool_or(${facts.kind} = 'product' and ${facts.value} = ${query.product})`);
  if (query.q) {
    const pattern = likePattern(query.q);
    having.push(sql`(${facts.company} ilike ${pattern} or ${factIndustry} ilike ${pattern}
      or bool_or(${facts.kind} in ('product', 'client', 'lead_status') and ${facts.value} ilike ${pattern}))`);
  }
  return having;
}

const namedSummary = (actor: Actor) => and(eq(repCompanies.owner_key, actor.userId), sql`btrim(${repCompanies.company}) <> ''`);
/** How many named companies the rep has, from rep_companies. */
const summaryCount = (actor: Actor) => sql<number>`(select count(*)::int from ${repCompanies} where ${namedSummary(actor)})`;

/** The representative's companies that pass the filters, by name (the facts hold named companies only). */
const matchingCompanies = (db: Db, actor: Actor, having: SQL[]) =>
  db
    .select({ company: facts.company })
    .from(facts)
    .where(eq(facts.owner_key, actor.userId))
    .groupBy(facts.company)
    .having(sql.join(having, sql` and `));

/**
 * Companies derived from the representative's own opportunities, from summaries kept by triggers
 * (decision 009): the page's names in order from rep_companies unfiltered, from rep_company_facts
 * filtered; then those companies' figures from their facts.
 */
export async function listCompanies(db: Db, actor: Actor, query: CompanyListQuery): Promise<{ items: Company[]; total: number }> {
  const having = companyFilters(query);
  const offset = (query.page - 1) * query.pageSize;
  const matching = matchingCompanies(db, actor, having).as('matching');
  const page = having.length
    ? db
        .select({ company: matching.company, total: sql<number>`(count(*) over ())::int`.as('total') })
        .from(matching)
        .orderBy(asc(matching.company))
        .limit(literalLimit(query.pageSize))
        .offset(offset)
        .as('page')
    : db
        .select({ company: repCompanies.company, total: sql<number>`${summaryCount(actor)}`.as('total') })
        .from(repCompanies)
        .where(namedSummary(actor))
        .orderBy(asc(repCompanies.company))
        .limit(literalLimit(query.pageSize))
        .offset(offset)
        .as('page');
  const rows = await db
    .select({ ...companyColumns(actor), total: sql<number>`max(${page.total})` })
    .from(facts)
    .innerJoin(page, eq(facts.company, page.company))
    .where(eq(facts.owner_key, actor.userId))
    .groupBy(facts.company)
    .orderBy(facts.company);

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

/** Past the last page: the total alone, so the pager still knows the size. */
async function countCompanies(db: Db, actor: Actor, having: SQL[]): Promise<number> {
  if (!having.length) {
    const [row] = await selectRows<{ n: number }>(db, sql`select ${summaryCount(actor)} as n`);
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matchingCompanies(db, actor, having).as('c'));
  return row?.n ?? 0;
}
