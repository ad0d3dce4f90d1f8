import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  isPipelineStatus,
  parseSort,
  type OpportunityFacets,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunitySortField,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { opportunities as o } from '../../db/schema.ts';
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
    conditions.push(
      or(
        ilike(o.product, pattern),
        ilike(o.client_company_name, pattern),
        ilike(o.client_name, pattern),
        ilike(o.account_manager, pattern),
        // Amount text (spec §5): "12500" finds 12500.00.
        sql`${o.amount}::text ilike ${pattern}`,
      ),
    );
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
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(o)
      .where(where)
      .orderBy(order, descending ? desc(o.id) : asc(o.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return { items: rows.map(toListItem), total: total?.n ?? 0 };
}

const sorted = (values: string[] | null) => (values ?? []).filter((v) => v.trim() !== '');

/** Dropdown options built from the data present (spec §2), in one pass over the rep's index entries. */
export async function opportunityFacets(db: Db, actor: Actor): Promise<OpportunityFacets> {
  const [row] = await db
    .select({
      products: sql<
        string[] | null
      >`array_agg(distinct ${o.product} order by ${o.product}) filter (where ${o.product} is not null)`,
      statuses: sql<string[] | null>`array_agg(distinct ${o.status} order by ${o.status}) filter (where ${o.status} is not null)`,
      lead_statuses: sql<
        string[] | null
      >`array_agg(distinct ${o.lead_status} order by ${o.lead_status}) filter (where ${o.lead_status} is not null)`,
      industries: sql<string[] | null>`array_agg(distinct coalesce(nullif(btrim(${o.company_industry}), ''), 'Technology'))`,
    })
    .from(o)
    .where(visibleTo(actor));
  return {
    products: sorted(row?.products ?? null),
    statuses: sorted(row?.statuses ?? null),
    lead_statuses: sorted(row?.lead_statuses ?? null),
    industries: sorted(row?.industries ?? null).sort(),
  };
}
