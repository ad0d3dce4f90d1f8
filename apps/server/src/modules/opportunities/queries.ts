import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  isPipelineStatus,
  ROLES,
  parseSort,
  type OpportunityFacets,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunitySortField,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { opportunities as o, opportunitySearchText, repFieldValues, repProductStatuses } from '../../db/schema.ts';
import { iso, visibleTo } from './scope.ts';

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

/** LIKE patterns take the user's text literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function listConditions(actor: Actor, query: OpportunityListQuery): SQL | undefined {
  const conditions: Array<SQL | undefined> = [visibleTo(actor)];
  if (query.q) {
    const pattern = likePattern(query.q);
    // Product, client company, client, account manager and amount text (spec §5: "12500" finds
    // 12500.00), through the trigram index (migration opportunity_search).
    conditions.push(sql`${opportunitySearchText} ilike ${pattern}`);
  }
  if (query.product) conditions.push(eq(o.product, query.product));
  if (query.status) {
    conditions.push(
      isPipelineStatus(query.status)
        ? eq(o.pipeline_status, query.status)
        : sql`lower(btrim(${o.status})) = ${query.status.toLowerCase()}`,
    );
  }
  // Spec §5: the lead-status filter is compared in upper case.
  if (query.lead_status) conditions.push(sql`upper(${o.lead_status}) = ${query.lead_status.toUpperCase()}`);
  if (query.client_company_name) conditions.push(eq(o.client_company_name, query.client_company_name));
  if (query.from) conditions.push(gte(o.next_meeting_date, dayStart(query.from)));
  if (query.to) conditions.push(lt(o.next_meeting_date, new Date(dayStart(query.to).getTime() + 86_400_000)));
  return and(...conditions);
}

export const listColumns = {
  id: o.id,
  owner_id: o.owner_id,
  account_manager: o.account_manager,
  product: o.product,
  status: o.status,
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

export function toListItem(row: ListRow): OpportunityListItem {
  return {
    ...row,
    id: row.id!,
    pipeline_status: row.pipeline_status as OpportunityListItem['pipeline_status'],
    next_meeting_date: iso(row.next_meeting_date),
    record_date: iso(row.record_date)!,
  };
}

export async function listOpportunities(db: Db, actor: Actor, query: OpportunityListQuery) {
  const where = listConditions(actor, query);
  const { field, descending } = parseSort(query.sort);
  const column = SORT_COLUMNS[field];
  const order = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(o)
      .where(where)
      .orderBy(order, descending ? desc(o.id) : asc(o.id))
      .limit(literalLimit(query.pageSize))
      .offset((query.page - 1) * query.pageSize),
    countOpportunities(db, actor, query, where),
  ]);
  return { items: rows.map(toListItem), total };
}

/**
 * The list's total. With no filter but the dropdowns' product and pipeline status, it is a sum
 * over the kept-up rep_product_statuses (decision 007) — counting a rep's matching rows on every
 * page costs more than the page itself. Any other filter counts the matching rows.
 */
async function countOpportunities(db: Db, actor: Actor, query: OpportunityListQuery, where: SQL | undefined) {
  const { q, product, status, lead_status, client_company_name, from, to } = query;
  const filtered = q || lead_status || client_company_name || from || to || (status && !isPipelineStatus(status));
  if (filtered) {
    const [row] = await db.select({ n: count() }).from(o).where(where);
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${repProductStatuses.deals}), 0)` })
    .from(repProductStatuses)
    .where(
      and(
        actor.role === ROLES.manager ? undefined : eq(repProductStatuses.owner_key, actor.userId),
        product ? eq(repProductStatuses.product, product) : undefined,
        status ? eq(repProductStatuses.pipeline_status, status) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Dropdown options built from the data present (spec §2), read from the kept-up rep_field_values. */
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
