import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_INDUSTRY, type Company, type CompanyListQuery } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type Db } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { PerDatabaseStatements, read } from '../../db/prepared/reads.ts';
import { opportunities as o, repCompanies, repCompanyFacts } from '../../db/schema.ts';
import { isoText } from '../../db/iso.ts';

const facts = repCompanyFacts;
/** The company's industry from its facts: the same rule as `industry` over its rows. */
const defaultIndustry = read.constant(DEFAULT_INDUSTRY);
const factIndustry = sql`coalesce(max(${facts.value}) filter (where ${facts.kind} = 'industry'), ${defaultIndustry})`;

const valuesOf = (kind: string) =>
  sql<string[] | null>`array_agg(${facts.value} order by ${facts.value}) filter (where ${facts.kind} = ${read.constant(kind)})`;

/**
 * A company as My Companies shows it, from its facts (the same figures as grouping its deals: the
 * distinct clients, products and lead statuses in order, the industry, the deal count and total
 * value), and its next meeting ahead on one of its open deals (a won or lost deal has none), read
 * from the index of open deals' meetings.
 */
const companyColumns = (owner: SQL | string) => ({
  name: sql<string>`${facts.company}`.as('name'),
  /** The account the company name stands for (issue 36): one live account per name, found by its name index. */
  account_id: sql<
    number | null
  >`(select ca.id from client_accounts ca where ca.name = ${facts.company} and ca.merged_into_id is null)`.as('account_id'),
  industry: sql<string>`${factIndustry}`.as('industry'),
  clients: valuesOf('client').as('clients'),
  recent_products: valuesOf('product').as('recent_products'),
  lead_statuses: valuesOf('lead_status').as('lead_statuses'),
  total_value: sql<number>`coalesce(sum(${facts.amount_sum}) filter (where ${facts.kind} = 'deal'), 0)::float8`.as('total_value'),
  next_meeting_date: isoText(sql`(select min(${o.next_meeting_date}) from ${o}
    where ${o.owner_id} = ${owner} and ${o.client_company_name} = ${facts.company}
      and ${o.outcome} = 'open' and ${o.next_meeting_date} > now())`).as('next_meeting_date'),
  opportunity_count: sql<number>`coalesce(sum(${facts.rows}) filter (where ${facts.kind} = 'deal'), 0)::int`.as(
    'opportunity_count',
  ),
});

type Columns = ReturnType<typeof companyColumns>;
type CompanyRow = { [K in keyof Columns]: Columns[K]['_']['type'] };

/**
 * Filters on a company's aggregates (industry, search), for HAVING over its facts
 * (rep_company_facts, kept by triggers: migration 0022). Search matches the name, the
 * industry, or one of its clients, products or lead statuses: the pattern is tried once per distinct
 * value of the representative, and the companies holding a matching value are then read by the
 * facts' key (trying it on each of a company's facts cost a third of the page). `value` gives each
 * filter's value: the query's own, or a placeholder bound when a prepared statement runs.
 */
function companyFilters(query: CompanyListQuery, owner: SQL | string, value: (name: keyof FilterValues) => unknown): SQL[] {
  const having: SQL[] = [];
  if (query.industry) having.push(sql`lower(${factIndustry}) = ${value('industry')}`);
  if (query.q) {
    const pattern = value('pattern');
    having.push(sql`${facts.company} in (
      select f.company from rep_company_facts f
      where f.owner_key = ${owner} and (f.kind, f.value) in (
        select kind, value from (
          select distinct kind, value from rep_company_facts
          where owner_key = ${owner} and kind in ('product', 'client', 'lead_status')
          offset 0) v -- a fence: else the pattern is pushed below the distinct, onto every fact
        where value ilike ${pattern})
      union
      select company from rep_company_facts
      where owner_key = ${owner} and kind in ('deal', 'industry')
      group by company
      having company ilike ${pattern}
        or coalesce(max(value) filter (where kind = 'industry'), ${defaultIndustry}) ilike ${pattern})`);
  }
  return having;
}

interface FilterValues {
  industry?: string;
  product?: string;
  pattern?: string;
}

function filterValues(query: CompanyListQuery): FilterValues {
  return {
    ...(query.industry ? { industry: query.industry.toLowerCase() } : {}),
    ...(query.product ? { product: query.product } : {}),
    ...(query.q ? { pattern: likePattern(query.q) } : {}),
  };
}

const namedSummary = (owner: SQL | string) => and(eq(repCompanies.owner_key, owner), sql`btrim(${repCompanies.company}) <> ''`);
/** How many named companies the rep has, from rep_companies. */
const summaryCount = (owner: SQL | string) =>
  sql<number>`(select count(*)::int from ${repCompanies} where ${namedSummary(owner)})`;

/** The companies holding a product: a range of the facts' key (owner, 'product', the product), in name order. */
const productCompanies = (db: Db, owner: SQL | string, product: unknown) =>
  db
    .select({ company: facts.company })
    .from(facts)
    .where(and(eq(facts.owner_key, owner), sql`${facts.kind} = 'product' and ${facts.value} = ${product}`));

/**
 * The facts the other filters read: every company's 'deal' row (each named company has one) and its
 * industry — not its clients, products and lead statuses, which were most of the rows grouped (2,140
 * of a representative's facts for 134 companies, 268 now) — of the product's companies when one is asked.
 */
const filteredFacts = (db: Db, owner: SQL | string, product: unknown) =>
  and(
    eq(facts.owner_key, owner),
    sql`${facts.kind} in ('deal', 'industry')`,
    product === undefined ? undefined : inArray(facts.company, productCompanies(db, owner, product)),
  );

/**
 * The representative's companies that pass the query's filters, by name (the facts hold named
 * companies only); undefined without a filter. `value` as for companyFilters.
 */
function matchingCompanies(
  db: Db,
  query: CompanyListQuery,
  owner: SQL | string,
  value: (name: keyof FilterValues) => unknown = (name) => filterValues(query)[name],
) {
  const having = companyFilters(query, owner, value);
  const product = query.product ? value('product') : undefined;
  // A product alone: its companies are one range of the facts' key, nothing to group.
  if (!having.length) return product === undefined ? undefined : productCompanies(db, owner, product);
  return db
    .select({ company: facts.company })
    .from(facts)
    .where(filteredFacts(db, owner, product))
    .groupBy(facts.company)
    .having(sql.join(having, sql` and `));
}

/** A value of the prepared page, by its placeholder's name (how each travels: db/prepared/reads.ts). */
const bound = (name: string): SQL =>
  name === 'pattern' ? read.pattern(sql.placeholder(name)) : read.value(sql.placeholder(name), 'text');

/**
 * One page of companies and the total, as one prepared statement per shape (which filters, page
 * size): the page's names in order from rep_companies unfiltered, from rep_company_facts filtered;
 * then those companies' figures from their facts.
 */
function buildPage(db: Db, query: CompanyListQuery, shape: string) {
  const owner = bound('owner');
  const matching = matchingCompanies(db, query, owner, bound)?.as('matching');
  const page = matching
    ? db
        .select({ company: matching.company, total: sql<number>`(count(*) over ())::int`.as('total') })
        .from(matching)
        .orderBy(asc(matching.company))
        .limit(read.rows(query.pageSize))
        .offset(read.offset(sql.placeholder('offset')))
        .as('page')
    : db
        .select({ company: repCompanies.company, total: sql<number>`${summaryCount(owner)}`.as('total') })
        .from(repCompanies)
        .where(namedSummary(owner))
        .orderBy(asc(repCompanies.company))
        .limit(read.rows(query.pageSize))
        .offset(read.offset(sql.placeholder('offset')))
        .as('page');
  const companies = db
    .select({ ...companyColumns(owner), total: sql<number>`max(${page.total})`.as('total') })
    .from(facts)
    .innerJoin(page, eq(facts.company, page.company))
    .where(eq(facts.owner_key, owner))
    .groupBy(facts.company)
    .as('c');
  // The page travels as one JSON value, in name order: the driver decodes one text, not 25 rows of arrays.
  return db
    .select({
      items: sql<
        Array<CompanyRow & { total: number }> | string
      >`coalesce(json_agg(${sql.identifier('c')} order by ${companies.name}), '[]'::json)`,
      total: sql<number | null>`max(${companies.total})`,
    })
    .from(companies)
    .prepare(`nexa_companies_${shape}`);
}

// Building this statement through Drizzle cost more of the server's time than the database spent
// running it; it is built once per database and shape (as the opportunity list is).
const prepared = new PerDatabaseStatements<ReturnType<typeof buildPage>>();

/** Companies derived from the representative's own opportunities, from summaries kept by triggers (decision 009). */
export async function listCompanies(db: Db, actor: Actor, query: CompanyListQuery): Promise<{ items: Company[]; total: number }> {
  const values = filterValues(query);
  // Which filters are given (their values are bound) and the page size decide the statement's text.
  const shape = `${Object.keys(values).join('-')}_${query.pageSize}`;
  const statement = prepared.get(db, shape, () => buildPage(db, query, shape));
  const [row] = await statement.execute({
    owner: actor.userId,
    offset: (query.page - 1) * query.pageSize,
    ...values,
  });
  const items = jsonValue(row?.items);
  let total = row?.total ?? 0;
  if (!items.length && query.page > 1) total = await countCompanies(db, actor, query);
  return {
    total,
    items: items.map(({ total: _total, ...company }) => ({
      ...company,
      clients: company.clients ?? [],
      recent_products: company.recent_products ?? [],
      lead_statuses: company.lead_statuses ?? [],
    })),
  };
}

/** Past the last page: the total alone, so the pager still knows the size. */
async function countCompanies(db: Db, actor: Actor, query: CompanyListQuery): Promise<number> {
  const matching = matchingCompanies(db, query, actor.userId);
  if (!matching) {
    const [row] = await selectRows<{ n: number }>(db, sql`select ${summaryCount(actor.userId)} as n`);
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching.as('c'));
  return row?.n ?? 0;
}
