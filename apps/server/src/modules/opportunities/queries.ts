import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  isPipelineStatus,
  isStage,
  OUTCOME_OF_PIPELINE_STATUS,
  ROLES,
  STAGES,
  UNASSIGNED_OWNER,
  parseSort,
  type OpportunityFacets,
  type OpportunityFiltersQuery,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunitySortField,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, type Db } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { literalLimit } from '../../db/prepared/literal-limit.ts';
import { StatementCache } from '../../db/prepared/statement-cache.ts';
import {
  opportunities as o,
  opportunitySearchText,
  repFieldValues,
  repProductStatuses,
  repWinRate,
  users,
} from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';
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
  // The pipeline's order (New … Closed-Lost), not the alphabet's.
  stage: sql`array_position(array[${sql.raw(STAGES.map((stage) => `'${stage}'`).join(', '))}]::text[], ${o.stage})`,
};

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

const bound = (name: keyof ListValues) => sql.placeholder(name);

type FilterName =
  | 'q'
  | 'product'
  | 'status'
  | 'stage'
  | 'lead_status'
  | 'client_company_name'
  | 'owner_id'
  | 'amount_min'
  | 'amount_max'
  | 'from'
  | 'to'
  | 'closing_from'
  | 'closing_to';

interface ListFilter {
  /** One character per form of the condition: it goes into the statement's cache key. */
  form: string;
  condition: SQL;
  /** The total can still be read from the kept-up rep_product_statuses (totalOf). */
  summed?: boolean;
}

/**
 * The list's filters, every value a placeholder (listValues gives them). The conditions and the
 * prepared statement's cache key are both read from here, so a filter cannot change the
 * statement's text without changing its key.
 */
const LIST_FILTERS: Record<FilterName, (value: string | number) => ListFilter> = {
  // Product, client company, client, account manager and amount text ("12500" finds 12500.00),
  // through the trigram index (migration opportunity_search).
  q: () => ({ form: '1', condition: sql`${opportunitySearchText} ilike ${bound('pattern')}` }),
  product: () => ({ form: '1', condition: eq(o.product, bound('product')), summed: true }),
  // A pipeline group (On-going, Closed-Win, Closed-Lost) is an outcome, a stage name a stage: both
  // read the stored columns. Any other text matches the status as it was received.
  status: (status) =>
    typeof status === 'string' && isPipelineStatus(status)
      ? { form: 'p', condition: eq(o.outcome, bound('status')), summed: true }
      : typeof status === 'string' && isStage(status)
        ? { form: 's', condition: eq(o.stage, bound('status')) }
        : { form: 'r', condition: sql`lower(btrim(${o.status})) = ${bound('status')}` },
  // The lead-status filter is compared in upper case.
  lead_status: () => ({ form: '1', condition: sql`upper(${o.lead_status}) = ${bound('lead_status')}` }),
  client_company_name: () => ({ form: '1', condition: eq(o.client_company_name, bound('company')) }),
  stage: () => ({ form: '1', condition: eq(o.stage, bound('stage')) }),
  // A representative, or the deals no representative owns: the team figures' Unassigned group.
  owner_id: (owner) =>
    owner === UNASSIGNED_OWNER
      ? {
          form: 'u',
          condition: sql`not exists (select 1 from ${users} where ${users.id} = ${o.owner_id} and ${users.role} = ${ROLES.representative})`,
        }
      : { form: 'o', condition: eq(o.owner_id, bound('owner_filter')), summed: true },
  amount_min: () => ({ form: '1', condition: gte(o.amount, bound('amount_min')) }),
  amount_max: () => ({ form: '1', condition: lte(o.amount, bound('amount_max')) }),
  from: () => ({ form: '1', condition: gte(o.next_meeting_date, bound('from')) }),
  to: () => ({ form: '1', condition: lt(o.next_meeting_date, bound('to')) }),
  closing_from: () => ({ form: '1', condition: gte(o.closing_date, bound('closing_from')) }),
  closing_to: () => ({ form: '1', condition: lte(o.closing_date, bound('closing_to')) }),
};

const FILTER_NAMES = Object.keys(LIST_FILTERS) as FilterName[];

type ListFilters = { [Name in FilterName]?: ListFilter };

/** The filters the query sets. */
function listFilters(query: OpportunityFiltersQuery): ListFilters {
  const filters: ListFilters = {};
  for (const name of FILTER_NAMES) {
    const value = query[name];
    if (value !== undefined && value !== '') filters[name] = LIST_FILTERS[name](value);
  }
  return filters;
}

function listConditions(actor: Actor, filters: ListFilters): SQL | undefined {
  return and(visibleTo(actor, bound('owner')), ...Object.values(filters).map((filter) => filter.condition));
}

type ListValues = {
  owner: string;
  pattern?: string;
  product?: string;
  status?: string;
  stage?: string;
  lead_status?: string;
  company?: string;
  owner_filter?: string;
  amount_min?: number;
  amount_max?: number;
  from?: string;
  to?: string;
  closing_from?: string;
  closing_to?: string;
  offset: number;
};

function statusValue(status: string): string {
  if (isPipelineStatus(status)) return OUTCOME_OF_PIPELINE_STATUS[status];
  return isStage(status) ? status : status.toLowerCase();
}

function listValues(actor: Actor, query: OpportunityFiltersQuery, offset = 0): ListValues {
  const { q, product, status, stage, lead_status, client_company_name, owner_id, amount_min, amount_max, from, to } = query;
  return {
    owner: actor.userId,
    pattern: q ? likePattern(q) : undefined,
    product,
    status: status && statusValue(status),
    stage,
    lead_status: lead_status?.toUpperCase(),
    company: client_company_name,
    owner_filter: owner_id === UNASSIGNED_OWNER ? undefined : owner_id,
    amount_min,
    amount_max,
    from: from ? dayStart(from).toISOString() : undefined,
    to: to ? new Date(dayStart(to).getTime() + 86_400_000).toISOString() : undefined,
    closing_from: query.closing_from,
    closing_to: query.closing_to,
    offset,
  };
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
  const filters = listFilters(query);
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
  return `${filterShape(actor, query)}_${query.sort.replace('-', 'd_')}_${query.pageSize}`;
}

/** The scope and each filter's form: what decides the WHERE clause's text. */
function filterShape(actor: Actor, query: OpportunityFiltersQuery): string {
  const filters = listFilters(query);
  const forms = FILTER_NAMES.map((name) => filters[name]?.form ?? '0').join('');
  return `${actor.role === ROLES.manager ? 'm' : 'r'}${forms}`;
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
  const [row] = await list.execute(listValues(actor, query, (query.page - 1) * query.pageSize));
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
    filters.owner_id ? eq(repProductStatuses.owner_key, bound('owner_filter')) : undefined,
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

/** The rows of an export: the list's columns and the owner's name, as a spreadsheet reads them. */
export interface ExportRow {
  id: number;
  representative: string | null;
  account_manager: string | null;
  client_company_name: string | null;
  client_name: string | null;
  product: string | null;
  stage: string;
  status: string | null;
  outcome: string;
  amount: number | null;
  closing_date: string | null;
  next_meeting_date: string | null;
  lead_status: string | null;
  record_date: string | null;
}

/**
 * The rows the list shows for these filters, in its order, at most `limit`: the same conditions
 * (listFilters) under the same scope, so an export can hold nothing the list would not.
 */
export async function exportOpportunities(
  db: Db,
  actor: Actor,
  query: OpportunityFiltersQuery,
  limit: number,
): Promise<ExportRow[]> {
  const where = listConditions(actor, listFilters(query));
  const { field, descending } = parseSort(query.sort);
  const column = SORT_COLUMNS[field];
  const statement = db
    .select({
      id: o.id,
      representative: users.full_name,
      account_manager: o.account_manager,
      client_company_name: o.client_company_name,
      client_name: o.client_name,
      product: o.product,
      stage: o.stage,
      status: o.status,
      outcome: o.outcome,
      amount: o.amount,
      closing_date: o.closing_date,
      next_meeting_date: o.next_meeting_date,
      lead_status: o.lead_status,
      record_date: o.record_date,
    })
    .from(o)
    .leftJoin(users, eq(users.id, o.owner_id))
    .where(where)
    .orderBy(descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, descending ? desc(o.id) : asc(o.id))
    .limit(literalLimit(limit))
    .prepare(`nexa_export_${filterShape(actor, query)}_${query.sort.replace('-', 'd_')}_${limit}`);
  const rows = await statement.execute(listValues(actor, query));
  return rows.map((row) => ({
    ...row,
    amount: row.amount === null ? null : Number(row.amount),
    next_meeting_date: iso(row.next_meeting_date),
    record_date: iso(row.record_date),
  }));
}

/**
 * The people a row's account manager may name: active representatives, with the names and e-mail
 * they go by. Takes a transaction too (an ingest decides the owner inside its own).
 */
export async function activeRepresentatives(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: users.id,
      email: users.email,
      account_manager_name: users.account_manager_name,
      account_manager_aliases: users.account_manager_aliases,
    })
    .from(users)
    .where(and(eq(users.role, ROLES.representative), eq(users.disabled, false)));
}
