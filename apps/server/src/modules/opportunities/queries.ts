import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  distinctLeadStatuses,
  EXPORT_COLUMNS,
  fieldsOfKind,
  fieldsWith,
  OPPORTUNITY_FIELDS,
  OPPORTUNITY_SORT_FIELDS,
  ROLES,
  STAGES,
  parseSort,
  type FieldKind,
  type OpportunityFieldKey,
  type OpportunityFacets,
  type OpportunityFiltersQuery,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunitySortField,
  type ChangeSource,
  type Stage,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { PerDatabaseStatements, read } from '../../db/prepared/reads.ts';
import {
  apiKeys,
  callAnalyses,
  dealNotes,
  deletedOpportunities,
  opportunities as o,
  opportunityChanges,
  opportunitySuggestions,
  repFieldValues,
  repProductStatuses,
  repWinRate,
  users,
} from '../../db/schema.ts';
import { withAccountOf } from '../accounts/deals.ts';
import { iso, isoText } from '../../db/iso.ts';
import {
  FILTER_NAMES,
  FILTER_VALUE_TYPES,
  filterValues,
  listFilters,
  type FilterValues,
  type ListFilters,
  type OpportunityFilterQuery,
} from './filters.ts';
import { visibleTo } from './scope.ts';

/** A declared field's column (opportunity-fields.ts: a field's key is its column's name). */
const columnOf = <K extends OpportunityFieldKey>(key: K) => o[key];

/** What a sort orders by: the field's column, but for these two. */
const SORT_EXPRESSIONS: Partial<Record<OpportunitySortField, SQL>> = {
  // The pipeline's order (New … Closed-Lost), not the alphabet's.
  stage: sql`array_position(array[${sql.raw(STAGES.map((stage) => `'${stage}'`).join(', '))}]::text[], ${o.stage})`,
  // Open deals before won and lost ones, each by next meeting: a list no longer opens on closed deals
  // whose meetings were long ago. The direction applies to the meeting; open deals stay first.
  live: sql`(${o.outcome} <> 'open'), ${o.next_meeting_date}`,
};

const SORT_COLUMNS = Object.fromEntries(
  OPPORTUNITY_SORT_FIELDS.map((field) => [field, SORT_EXPRESSIONS[field] ?? columnOf(field as OpportunityFieldKey)]),
) as Record<OpportunitySortField, SQL | (typeof o)[OpportunityFieldKey]>;

/** A value of the prepared list, by its placeholder's name (how each travels: db/prepared/reads.ts). */
const bound = (name: keyof FilterValues | 'owner') =>
  name === 'pattern'
    ? read.pattern(sql.placeholder(name))
    : read.value(sql.placeholder(name), name === 'owner' ? 'text' : FILTER_VALUE_TYPES[name]);

function listConditions(actor: Actor, filters: ListFilters): SQL | undefined {
  return and(visibleTo(actor, bound('owner')), ...Object.values(filters).map((filter) => filter.condition));
}

type ListValues = FilterValues & { owner: string; offset: number };

function listValues(actor: Actor, query: OpportunityFilterQuery, offset = 0): ListValues {
  return { owner: actor.userId, ...filterValues(query), offset };
}

/** The list's columns (opportunity-fields.ts: `listed`); instants as the text iso() gives. */
const listColumns = Object.fromEntries(
  fieldsWith('listed').map((key) => [
    key,
    OPPORTUNITY_FIELDS[key].kind === 'datetime' ? isoText(columnOf(key)).as(key) : columnOf(key),
  ]),
);

type ListRow = Record<string, unknown>;

/** Amounts leave numeric columns as text on node-postgres: numbers on the wire. */
const MONEY_FIELDS = fieldsOfKind('money');

function toListItem(row: ListRow): OpportunityListItem {
  const item = { ...row };
  for (const field of MONEY_FIELDS) if (item[field] !== null && item[field] !== undefined) item[field] = Number(item[field]);
  return item as OpportunityListItem;
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
    .limit(read.rows(query.pageSize))
    .offset(read.offset(sql.placeholder('offset')))
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
  const filters = listFilters(query, bound);
  const forms = FILTER_NAMES.map((name) => filters[name]?.form ?? '0').join('');
  return `${actor.role === ROLES.manager ? 'm' : 'r'}${forms}`;
}

// A list's prepared query per database and shape: building the SQL through Drizzle cost as much
// Node time as the rest of the call. Shapes are few in use.
const prepared = new PerDatabaseStatements<ReturnType<typeof buildList>>();

export async function listOpportunities(db: Db, actor: Actor, query: OpportunityListQuery) {
  const shape = shapeOf(actor, query);
  const list = prepared.get(db, shape, () => buildList(db, actor, query, shape));
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
    visibleTo(actor, bound('owner'), repProductStatuses.owner_key),
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
    .where(visibleTo(actor, actor.userId, repFieldValues.owner_key))
    .orderBy(asc(repFieldValues.field), asc(repFieldValues.value));
  const values = (field: (typeof rows)[number]['field']) =>
    rows.filter((r) => r.field === field && r.value.trim() !== '').map((r) => r.value);
  return {
    products: values('product'),
    statuses: values('status'),
    // One option per meaning: "Cold" and "Cold Lead" filter the same deals (leadStatusKey).
    lead_statuses: distinctLeadStatuses(values('lead_status')),
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

/**
 * The won and lost deals of the owner in `ownerColumn`, each one probe of rep_win_rate by its key (a
 * join would group every representative's summaries first). The column is written out: in a
 * one-table select Drizzle leaves column names unqualified, and the subquery's owner_id would then
 * be its own. Plain text (the column is the caller's own name, never input): the board's move reads
 * them in its one statement, where every fragment built costs the server time.
 */
export const ownerClosedDeals = (ownerColumn: string) => {
  const count = (outcome: 'won' | 'lost') =>
    sql.raw(`(select w.${outcome} from rep_win_rate w where w.owner_id = ${ownerColumn})`) as SQL<number | null>;
  return { won: count('won'), lost: count('lost') };
};

/** The owner's closed deals as the detail needs them: undefined before any deal is closed. */
export const closedDeals = ({ won, lost }: { won: number | null; lost: number | null }) =>
  won === null || lost === null ? undefined : { won, lost };

/** The row with its owner's closed deals (one statement: the detail's answer), when the actor may see it. */
export async function visibleOpportunityWithRate(db: Db, actor: Actor, id: number) {
  const [found] = await db
    .select({ row: o, ...ownerClosedDeals('opportunities.owner_id') })
    .from(o)
    .where(and(eq(o.id, id), visibleTo(actor)));
  return found && { row: found.row, rate: closedDeals(found) };
}

/** A representative's closed deals, from the rep_win_rate view; undefined before any is closed. */
export async function closedDealsOf(db: Db, ownerId: string): Promise<{ won: number; lost: number } | undefined> {
  const [rate] = await db
    .select({ won: repWinRate.won, lost: repWinRate.lost })
    .from(repWinRate)
    .where(eq(repWinRate.owner_id, ownerId));
  return rate;
}

/**
 * Inserts the rows in one statement (all of them or, on an error, none); their ids in order. The rows
 * come with their accounts: the change recorder's insertRecorded, the one caller, resolves them first.
 */
export async function insertOpportunities(db: DbOrTx, rows: Array<typeof o.$inferInsert>): Promise<number[]> {
  const inserted = await db.insert(o).values(rows).returning({ id: o.id });
  return inserted.map((row) => row.id);
}

export type OpportunityRow = typeof o.$inferSelect;

/** The row, when it exists and the actor may see it, locked until the transaction ends. */
export async function lockVisibleOpportunity(tx: DbOrTx, actor: Actor | null, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.id, id), actor ? visibleTo(actor) : undefined))
    .for('update');
  return row;
}

/** The deal an integration knows by its external id, locked until the transaction ends. */
export async function lockOpportunityByExternalId(tx: DbOrTx, externalId: string): Promise<OpportunityRow | undefined> {
  const [row] = await tx.select().from(o).where(eq(o.external_id, externalId)).for('update');
  return row;
}

export async function insertOpportunity(tx: DbOrTx, row: typeof o.$inferInsert): Promise<OpportunityRow> {
  const [inserted] = await tx
    .insert(o)
    .values(await withAccountOf(tx, row))
    .returning();
  return inserted!;
}

/**
 * Writes fields, bumps the version and remembers who wrote each field. With a version, only that
 * version is updated (`… WHERE id = $1 AND version = $2`): of two editors who saw the same
 * version, exactly one finds the row; the other gets undefined.
 */
export async function updateOpportunityFields(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof o.$inferInsert>,
  sources: Record<string, ChangeSource>,
  version?: number,
): Promise<OpportunityRow | undefined> {
  const [row] = await tx
    .update(o)
    .set({
      ...(await withAccountOf(tx, set)),
      version: sql`${o.version} + 1`,
      last_activity_at: sql`now()`,
      field_sources: sql`${o.field_sources} || ${JSON.stringify(sources)}::jsonb`,
    })
    .where(and(eq(o.id, id), version === undefined ? undefined : eq(o.version, version)))
    .returning();
  return row;
}

/**
 * An open deal `id` in another stage than `stage`: what the board's one-statement move may write
 * (openStageMove). A closed deal, or one already there, goes the general way. Plain text on the
 * board's most frequent write: rendering Drizzle's column objects cost more than the rest of the
 * condition (decision 023).
 */
export const openDealElsewhere = (id: number, stage: Stage): SQL =>
  sql`opportunities.id = ${id} AND opportunities.outcome = 'open' AND opportunities.stage <> ${stage}`;

export async function touchActivity(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(o)
    .set({ last_activity_at: sql`now()` })
    .where(eq(o.id, id));
}

export type ChangeRow = typeof opportunityChanges.$inferInsert;

export async function insertChanges(tx: DbOrTx, rows: ChangeRow[]): Promise<void> {
  if (rows.length) await changesInsert(tx, rows);
}

/** The INSERT of history rows (at least one), unsent: for a caller that runs it inside a larger statement. */
export const changesInsert = (tx: DbOrTx, rows: ChangeRow[]) => tx.insert(opportunityChanges).values(rows);

/** A deal's history, newest first, one page, with the names of the people and keys behind it. */
export async function historyPage(db: DbOrTx, id: number, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: opportunityChanges.id,
        at: opportunityChanges.at,
        source: opportunityChanges.source,
        actor_id: opportunityChanges.actor_id,
        actor_name: users.full_name,
        api_key_id: opportunityChanges.api_key_id,
        api_key_name: apiKeys.name,
        call_analysis_id: opportunityChanges.call_analysis_id,
        field: opportunityChanges.field,
        before: opportunityChanges.before,
        after: opportunityChanges.after,
      })
      .from(opportunityChanges)
      .leftJoin(users, eq(users.id, opportunityChanges.actor_id))
      .leftJoin(apiKeys, eq(apiKeys.id, opportunityChanges.api_key_id))
      .where(eq(opportunityChanges.opportunity_id, id))
      .orderBy(desc(opportunityChanges.at), desc(opportunityChanges.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(opportunityChanges).where(eq(opportunityChanges.opportunity_id, id)),
  ]);
  return { items, total: total?.n ?? 0 };
}

// --- soft delete: the row moves to deleted_opportunities (decision 017) ---

/** Moves the row to the archive; its id when it was there and visible to the actor. */
export async function archiveOpportunity(tx: DbOrTx, actor: Actor, id: number): Promise<number | undefined> {
  const rows = await selectRows<{ id: number }>(
    tx as Db,
    sql`with gone as (delete from ${o} where ${o.id} = ${id} and ${visibleTo(actor) ?? sql`true`} returning *)
        insert into ${deletedOpportunities} (id, owner_id, deleted_by, row)
        select gone.id, gone.owner_id, ${actor.userId}, to_jsonb(gone) from gone
        returning id`,
  );
  return rows[0]?.id;
}

/** The columns a restore writes back: every stored column (the generated ones follow from them). */
const storedColumns = Object.values(getTableColumns(o))
  .filter((column) => !column.generated)
  .map((column) => sql.identifier(column.name));

/**
 * Puts an archived row back under its id, when it is younger than `days` and visible to the actor.
 * Columns added after it was archived take null from the JSON, so they must allow it or be filled here.
 */
export async function unarchiveOpportunity(tx: DbOrTx, actor: Actor, id: number, days: number): Promise<boolean> {
  const owner = visibleTo(actor, actor.userId, deletedOpportunities.owner_id) ?? sql`true`;
  const columns = sql.join(storedColumns, sql`, `);
  const fromJson = sql.join(
    storedColumns.map((column) => sql`r.${column}`),
    sql`, `,
  );
  const rows = await selectRows<{ id: number }>(
    tx as Db,
    sql`with back as (
          delete from ${deletedOpportunities}
          where ${deletedOpportunities.id} = ${id} and ${owner}
            and ${deletedOpportunities.deleted_at} > now() - make_interval(days => ${days})
          returning "row")
        insert into ${o} (${columns})
        select ${fromJson} from back, jsonb_populate_record(null::opportunities, back."row") as r
        returning id`,
  );
  return rows.length > 0;
}

/** Deals deleted in the last `days` days that the actor may restore, newest first. */
export async function recentlyDeleted(db: DbOrTx, actor: Actor, days: number) {
  const d = deletedOpportunities;
  return db
    .select({
      id: d.id,
      owner_id: d.owner_id,
      account_manager: sql<string | null>`${d.row}->>'account_manager'`,
      product: sql<string | null>`${d.row}->>'product'`,
      client_company_name: sql<string | null>`${d.row}->>'client_company_name'`,
      amount: sql<string | number | null>`${d.row}->'amount'`,
      stage: sql<string>`${d.row}->>'stage'`,
      deleted_at: d.deleted_at,
      deleted_by: d.deleted_by,
    })
    .from(d)
    .where(and(visibleTo(actor, actor.userId, d.owner_id), gt(d.deleted_at, sql`now() - make_interval(days => ${days})`)))
    .orderBy(desc(d.deleted_at))
    .limit(200);
}

/** Deals deleted more than `days` days ago are gone for good, with their history and analyses. */
export async function purgeDeleted(tx: DbOrTx, days: number): Promise<void> {
  const expired = await tx
    .delete(deletedOpportunities)
    .where(lte(deletedOpportunities.deleted_at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: deletedOpportunities.id });
  if (!expired.length) return;
  const ids = expired.map((row) => row.id);
  await tx.delete(opportunitySuggestions).where(inArray(opportunitySuggestions.opportunity_id, ids));
  await tx.delete(opportunityChanges).where(inArray(opportunityChanges.opportunity_id, ids));
  await tx.delete(dealNotes).where(inArray(dealNotes.opportunity_id, ids));
  await tx.delete(callAnalyses).where(inArray(callAnalyses.opportunity_id, ids));
}

// --- suggestions ---

export type SuggestionRow = typeof opportunitySuggestions.$inferSelect;

export async function pendingSuggestions(db: DbOrTx, id: number, ids?: number[]): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(opportunitySuggestions)
    .where(
      and(
        eq(opportunitySuggestions.opportunity_id, id),
        eq(opportunitySuggestions.status, 'pending'),
        ids ? inArray(opportunitySuggestions.id, ids) : undefined,
      ),
    )
    .orderBy(asc(opportunitySuggestions.field), desc(opportunitySuggestions.created_at));
}

/**
 * A machine's value for a field a person set; it replaces the field's earlier pending suggestion.
 * The same value again is no news: false, and nothing is written (an integration may repeat itself).
 */
export async function suggest(tx: DbOrTx, row: typeof opportunitySuggestions.$inferInsert): Promise<boolean> {
  const pendingOfField = and(
    eq(opportunitySuggestions.opportunity_id, row.opportunity_id),
    eq(opportunitySuggestions.field, row.field),
    eq(opportunitySuggestions.status, 'pending'),
  );
  const [pending] = await tx.select({ value: opportunitySuggestions.value }).from(opportunitySuggestions).where(pendingOfField);
  if (pending && JSON.stringify(pending.value) === JSON.stringify(row.value ?? null)) return false;
  await tx.delete(opportunitySuggestions).where(pendingOfField);
  await tx.insert(opportunitySuggestions).values(row);
  return true;
}

export async function decideSuggestions(
  tx: DbOrTx,
  ids: number[],
  status: 'accepted' | 'dismissed',
  actorId: string,
): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(opportunitySuggestions)
    .set({ status, decided_at: sql`now()`, decided_by: actorId })
    .where(inArray(opportunitySuggestions.id, ids));
}

/** A row of the export: its columns (EXPORT_COLUMNS) as a spreadsheet reads them. */
export type ExportRow = Record<string, string | number | null>;

/** The export's columns: each field's column, or its owner's name for the owner. */
const exportColumns = Object.fromEntries(
  EXPORT_COLUMNS.map(({ field, header }) => [
    header,
    OPPORTUNITY_FIELDS[field].kind === 'owner' ? users.full_name : columnOf(field),
  ]),
);

/** How an exported value of each kind is written: amounts as numbers, instants in ISO 8601. */
const exportValue = (kind: FieldKind, value: unknown) =>
  value === null || value === undefined
    ? null
    : kind === 'money'
      ? Number(value)
      : kind === 'datetime'
        ? iso(value as Date)
        : (value as string | number);

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
  const where = listConditions(actor, listFilters(query, bound));
  const { field, descending } = parseSort(query.sort);
  const column = SORT_COLUMNS[field];
  const statement = db
    .select(exportColumns)
    .from(o)
    .leftJoin(users, eq(users.id, o.owner_id))
    .where(where)
    .orderBy(descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, descending ? desc(o.id) : asc(o.id))
    .limit(read.rows(limit))
    .prepare(`nexa_export_${filterShape(actor, query)}_${query.sort.replace('-', 'd_')}_${limit}`);
  const rows = await statement.execute(listValues(actor, query));
  return rows.map((row) =>
    Object.fromEntries(
      EXPORT_COLUMNS.map(({ field, header }) => [
        header,
        exportValue(OPPORTUNITY_FIELDS[field].kind, (row as ExportRow)[header]),
      ]),
    ),
  );
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
