import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ROLES,
  parseSort,
  type OpportunityFacets,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunitySortField,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, type Db } from '../../db/client.ts';
import { literalLimit } from '../../db/prepared/literal-limit.ts';
import { StatementCache } from '../../db/prepared/statement-cache.ts';
import { opportunities as o, repFieldValues, repProductStatuses, repWinRate } from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';
import { FILTER_NAMES, filterValues, listFilters, type FilterValues, type ListFilters } from './filters.ts';
import { visibleTo } from './scope.ts';

const SORT_COLUMNS: Record<OpportunitySortField, SQL | (typeof o)[keyof typeof o]> = {
  id: o.id,
  product: o.product,
  client_company_name: o.client_company_name,
  client_name: o.client_name,
  account_manager: o.account_manager,
  amount: o.amount,
  status: o.status,
  pipeline_status: o.pipeline_status,
  lead_status: o.lead_status,
  next_meeting_date: o.next_meeting_date,
  closing_date: o.closing_date,
  record_date: o.record_date,
  technical_scoring: o.technical_scoring,
  commercial_scoring: o.commercial_scoring,
};

const bound = (name: keyof ListValues) => sql.placeholder(name);

function listConditions(actor: Actor, filters: ListFilters): SQL | undefined {
  return and(visibleTo(actor, bound('owner')), ...Object.values(filters).map((filter) => filter.condition));
}

type ListValues = FilterValues & { owner: string; offset: number };

function listValues(actor: Actor, query: OpportunityListQuery): ListValues {
  return { owner: actor.userId, ...filterValues(query), offset: (query.page - 1) * query.pageSize };
}

const listColumns = {
  id: o.id,
  owner_id: o.owner_id,
  account_manager: o.account_manager,
  product: o.product,
  status: o.status,
  stage: o.stage,
  outcome: o.outcome,
  pipeline_status: o.pipeline_status,
  lead_status: o.lead_status,
  amount: o.amount,
  client_company_name: o.client_company_name,
  client_name: o.client_name,
  next_meeting_date: o.next_meeting_date,
  closing_date: o.closing_date,
  record_date: o.record_date,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null };

function toListItem(row: ListRow): OpportunityListItem {
  return {
    ...row,
    id: row.id!,
    amount: row.amount === null ? null : Number(row.amount),
    stage: row.stage!,
    outcome: row.outcome!,
    pipeline_status: row.pipeline_status!,
    next_meeting_date: iso(row.next_meeting_date),
    record_date: iso(row.record_date)!,
  };
}

/**
 * One page of the list and its total in one statement. The page travels as one JSON value: both
 * drivers then decode one text instead of each of the page's 300-odd fields, which on PGlite cost
 * more than running the query (docs/decisions/009).
 */
function buildList(db: Db, actor: Actor, query: OpportunityListQuery, shape: string) {
  const filters = listFilters(query, bound);
  const where = listConditions(actor, filters);
  const { field, descending } = parseSort(query.sort);
  const column = SORT_COLUMNS[field];
  const order = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const page = db
    .select(listColumns)
    .from(o)
    .where(where)
    .orderBy(order, descending ? desc(o.id) : asc(o.id))
    .limit(literalLimit(query.pageSize))
    .offset(bound('offset'))
    .as('page');
  // An aggregate over the sorted page: one row even when the page is empty, and json_agg keeps
  // the page's order (nothing between them reorders rows).
  return db
    .select({
      items: sql<ListRow[] | string>`coalesce(json_agg(page), '[]'::json)`,
      total: sql<number | string>`${totalOf(actor, filters, where)}`,
    })
    .from(page)
    .prepare(`nexa_list_${shape}`);
}

/**
 * What decides the statement's text: the caller's scope, each filter's form (from LIST_FILTERS,
 * the same description that builds the conditions), sort and page size.
 */
function shapeOf(actor: Actor, query: OpportunityListQuery): string {
  const filters = listFilters(query, bound);
  const forms = FILTER_NAMES.map((name) => filters[name]?.form ?? '0').join('');
  return `${actor.role === ROLES.manager ? 'm' : 'r'}${forms}_${query.sort.replace('-', 'd_')}_${query.pageSize}`;
}

// A list's prepared query per database and shape: building the SQL through Drizzle cost as much
// Node time as the rest of the call. Shapes are few in use; past the cache's bound a shape is built
// for its one call.
const prepared = new WeakMap<Db, StatementCache<ReturnType<typeof buildList>>>();

export async function listOpportunities(db: Db, actor: Actor, query: OpportunityListQuery) {
  let forDb = prepared.get(db);
  if (!forDb) prepared.set(db, (forDb = new StatementCache()));
  const shape = shapeOf(actor, query);
  const build = () => buildList(db, actor, query, shape);
  const list = forDb.keep(shape, build) ?? build();
  const [row] = await list.execute(listValues(actor, query));
  return { items: jsonValue(row?.items).map(toListItem), total: Number(row?.total ?? 0) };
}

/**
 * The list's total. With no filter but the dropdowns' product and pipeline group (an outcome), it is a sum
 * over the kept-up rep_product_statuses (decision 009) — counting a rep's matching rows on every
 * page costs more than the page itself. Any other filter counts the matching rows.
 */
function totalOf(actor: Actor, filters: ListFilters, where: SQL | undefined): SQL {
  if (Object.values(filters).some((filter) => !filter.summed))
    return sql`(select count(*) from ${o} where ${where ?? sql`true`})`;
  const summary = and(
    actor.role === ROLES.manager ? undefined : eq(repProductStatuses.owner_key, bound('owner')),
    filters.product ? eq(repProductStatuses.product, bound('product')) : undefined,
    filters.status ? eq(repProductStatuses.outcome, bound('status')) : undefined,
  );
  return sql`(select coalesce(sum(${repProductStatuses.deals}), 0) from ${repProductStatuses} where ${summary ?? sql`true`})`;
}

/** Dropdown options built from the data present, read from the kept-up rep_field_values. */
export async function opportunityFacets(db: Db, actor: Actor): Promise<OpportunityFacets> {
  const rows = await db
    .selectDistinct({ field: repFieldValues.field, value: repFieldValues.value })
    .from(repFieldValues)
    .where(actor.role === ROLES.manager ? undefined : eq(repFieldValues.owner_key, actor.userId))
    .orderBy(asc(repFieldValues.field), asc(repFieldValues.value));
  const values = (field: (typeof rows)[number]['field']) =>
    rows.filter((r) => r.field === field && r.value.trim() !== '').map((r) => r.value);
  return {
    products: values('product'),
    statuses: values('status'),
    lead_statuses: values('lead_status'),
    industries: values('industry').sort(),
  };
}

/** The row, when it exists and the actor may see it. */
export async function visibleOpportunity(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, id), visibleTo(actor)));
  return row;
}

/** A representative's closed deals, from the rep_win_rate view; undefined before any is closed. */
export async function closedDealsOf(db: Db, ownerId: string): Promise<{ won: number; lost: number } | undefined> {
  const [rate] = await db
    .select({ won: repWinRate.won, lost: repWinRate.lost })
    .from(repWinRate)
    .where(eq(repWinRate.owner_id, ownerId));
  return rate;
}

/** Inserts the rows in one statement: all of them or, on an error, none. */
export async function insertOpportunities(db: Db, rows: Array<typeof o.$inferInsert>): Promise<void> {
  await db.insert(o).values(rows);
}
