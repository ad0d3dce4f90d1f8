import { eq, gte, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { leadStatusKey, leadStatusKeySql, statusFilterOf, UNASSIGNED_OWNER, type OpportunityListQuery } from '@nexa/domain';
import { likePattern } from '../../db/like-pattern.ts';
import type { ValueType } from '../../db/prepared/reads.ts';
import { opportunities as o, opportunitySearchText } from '../../db/schema.ts';
import { notActiveRepresentativeIds } from '../users/service.ts';

/** The filters of the opportunities as their shared query schema names them (list, board). */
export type OpportunityFilterQuery = Pick<OpportunityListQuery, FilterName>;

export type FilterName =
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

/** The filters' values as the conditions compare them, by the name each condition binds. */
export type FilterValues = {
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
};

/** The SQL type of each value, to bind it as a value of the call (db/prepared/reads.ts). */
export const FILTER_VALUE_TYPES: Record<keyof FilterValues, ValueType> = {
  pattern: 'text',
  product: 'text',
  status: 'text',
  stage: 'text',
  lead_status: 'text',
  company: 'text',
  owner_filter: 'text',
  amount_min: 'numeric',
  amount_max: 'numeric',
  from: 'timestamptz',
  to: 'timestamptz',
  closing_from: 'date',
  closing_to: 'date',
};

/**
 * How a condition refers to a value: a placeholder in a prepared statement (the list), or the
 * value itself as a parameter (a statement built per call).
 */
export type Bind = (name: keyof FilterValues) => SQL | Placeholder;

export interface ListFilter {
  /** One character per form of the condition: it goes into the statement's cache key. */
  form: string;
  condition: SQL;
  /** The total can still be read from the kept-up summaries (rep_product_statuses, rep_stage_totals). */
  summed?: boolean;
}

/**
 * The domain's leadStatusKeySql with the column put in by Drizzle (qualified as each statement
 * needs), built once rather than for each request that filters on it.
 */
const HOLE = '\u0001';
const LEAD_STATUS_KEY: SQL = sql.join(
  leadStatusKeySql(HOLE)
    .split(HOLE)
    .map((text) => sql.raw(text)),
  sql`${o.lead_status}`,
);

/**
 * The filters, every value bound through `bind` (filterValues gives them). The conditions and a
 * prepared statement's cache key are both read from here, so a filter cannot change the
 * statement's text without changing its key.
 */
const FILTERS: Record<FilterName, (value: string | number, bind: Bind) => ListFilter> = {
  // Product, client company, client, account manager and amount text ("12500" finds 12500.00),
  // through the trigram index (migration opportunity_search).
  q: (_, bind) => ({ form: '1', condition: sql`${opportunitySearchText} ilike ${bind('pattern')}` }),
  product: (_, bind) => ({ form: '1', condition: eq(o.product, bind('product')), summed: true }),
  // Every spelling of a status reads as the stored model does (statusFilterOf): a pipeline group or
  // "Won" is an outcome, a stage's name a stage. Never the text as received, so "Won" and
  // "Closed-Win" cannot find different deals.
  status: (status, bind) =>
    statusFilterOf(String(status)).column === 'outcome'
      ? { form: 'p', condition: eq(o.outcome, bind('status')), summed: true }
      : { form: 's', condition: eq(o.stage, bind('status')) },
  // By meaning, as the badges read it: "Cold" finds "Cold Lead" too (leadStatusKey).
  lead_status: (_, bind) => ({ form: '1', condition: sql`${LEAD_STATUS_KEY} = ${bind('lead_status')}` }),
  client_company_name: (_, bind) => ({ form: '1', condition: eq(o.client_company_name, bind('company')) }),
  stage: (_, bind) => ({ form: '1', condition: eq(o.stage, bind('stage')) }),
  // A representative, or the deals no active representative owns: the team figures' Unassigned group
  // (no owner, an owner without the role, or a deactivated one). Written as those few users' ids (an
  // array computed once) or no owner, both index lookups: an anti-join read every row, 4.5 s at 1 M.
  owner_id: (owner, bind) =>
    owner === UNASSIGNED_OWNER
      ? {
          form: 'u',
          condition: sql`(${o.owner_id} is null or ${o.owner_id} = any(${notActiveRepresentativeIds}))`,
        }
      : { form: 'o', condition: eq(o.owner_id, bind('owner_filter')), summed: true },
  amount_min: (_, bind) => ({ form: '1', condition: gte(o.amount, bind('amount_min')) }),
  amount_max: (_, bind) => ({ form: '1', condition: lte(o.amount, bind('amount_max')) }),
  from: (_, bind) => ({ form: '1', condition: gte(o.next_meeting_date, bind('from')) }),
  to: (_, bind) => ({ form: '1', condition: lt(o.next_meeting_date, bind('to')) }),
  closing_from: (_, bind) => ({ form: '1', condition: gte(o.closing_date, bind('closing_from')) }),
  closing_to: (_, bind) => ({ form: '1', condition: lte(o.closing_date, bind('closing_to')) }),
};

export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

export type ListFilters = { [Name in FilterName]?: ListFilter };

/** The filters the query sets. */
export function listFilters(query: OpportunityFilterQuery, bind: Bind): ListFilters {
  const filters: ListFilters = {};
  for (const name of FILTER_NAMES) {
    const value = query[name];
    if (value !== undefined && value !== '') filters[name] = FILTERS[name](value, bind);
  }
  return filters;
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function filterValues(query: OpportunityFilterQuery): FilterValues {
  const { q, product, status, stage, lead_status, client_company_name, owner_id, amount_min, amount_max, from, to } = query;
  return {
    pattern: q ? likePattern(q) : undefined,
    product,
    status: status && statusFilterOf(status).value,
    stage,
    lead_status: lead_status && leadStatusKey(lead_status),
    company: client_company_name,
    owner_filter: owner_id === UNASSIGNED_OWNER ? undefined : owner_id,
    amount_min,
    amount_max,
    from: from ? dayStart(from).toISOString() : undefined,
    to: to ? new Date(dayStart(to).getTime() + 86_400_000).toISOString() : undefined,
    closing_from: query.closing_from,
    closing_to: query.closing_to,
  };
}
