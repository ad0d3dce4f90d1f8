import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIST_COUNT_AHEAD, ROLES } from '@nexa/domain';
import { TASK_COUNT_CAP, type TaskView } from '@nexa/domain/tasks';
import type { Task } from '@nexa/domain/schemas/tasks';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { isoText } from '../../db/iso.ts';
import { boundedTotal } from '../../db/capped-count.ts';
import { PerDatabaseStatements, preparedRows, read, type ValueType } from '../../db/prepared/reads.ts';
import { visibleDealAs } from '../opportunities/scope.ts';

/**
 * The statements of tasks (issue 37). Every read of a person's tasks names their id; a task's deal is
 * shown only when its owner may read it (the rule of opportunities/scope.ts: a representative their
 * own deals, a manager every deal), so a deal that changed hands leaves the task without its link.
 */

/** A task as TASK_COLUMNS reads it: its times already ISO text (isoText), as the answer carries them. */
export interface TaskRow {
  id: number | string;
  title: string;
  due_at: string;
  owner_id: string;
  opportunity_id: number | null;
  opportunity_name: string | null;
  contact_id: number | null;
  source: Task['source'];
  call_analysis_id: string | null;
  source_line: number | null;
  source_quote: string | null;
  status: Task['status'];
  completed_at: string | null;
  snoozed_until: string | null;
  created_at: string;
  updated_at: string;
}

export const toTask = (row: TaskRow): Task => ({ ...row, id: Number(row.id) });

/**
 * The deal's name of task `t`, when its owner (a representative: only their own deals; a manager: any)
 * may read the deal; null otherwise. A look-up by primary key per row: a join was planned as a hash of
 * every deal, built on each call (0.05 ms of the database's 0.3 ms on a task list at 120 deals).
 */
const DEAL_NAME = sql.raw(`(SELECT coalesce(nullif(o.client_company_name, ''), o.product, '#' || o.id)
    FROM opportunities o WHERE o.id = t.opportunity_id
      AND (o.owner_id = t.owner_id OR EXISTS (SELECT 1 FROM users m WHERE m.id = t.owner_id AND m.role = '${ROLES.manager}')))`);

/**
 * The task columns of `t`, with the deal's name when the task's owner may read the deal. Times leave
 * the database as the answer's text: a page of 50 made and formatted 250 Dates, a tenth of the
 * server's time on a list.
 */
const at = (column: string) => isoText(sql.raw(`t.${column}`));
export const TASK_COLUMNS = sql`t.id, t.title, ${at('due_at')} AS due_at, t.owner_id, t.opportunity_id,
  ${DEAL_NAME} AS opportunity_name,
  t.contact_id, t.source, t.call_analysis_id, t.source_line, t.source_quote, t.status, ${at('completed_at')} AS completed_at,
  ${at('snoozed_until')} AS snoozed_until, ${at('created_at')} AS created_at, ${at('updated_at')} AS updated_at`;

/** Where "now" and the end of the owner's day fall: the bounds of the lists. */
export interface ListBounds {
  now: string;
  endOfDay: string;
}

/** The condition of a list at `now` and the end of the owner's day: values unseen by the planner, so one plan serves every call (db/prepared/reads.ts). */
function viewCondition(view: TaskView, now: SQL, endOfDay: SQL): SQL {
  switch (view) {
    case 'overdue':
      return sql`t.status = 'open' AND t.due_at < ${now}`;
    case 'today':
      return sql`t.status = 'open' AND t.due_at >= ${now} AND t.due_at < ${endOfDay}`;
    case 'upcoming':
      return sql`t.status = 'open' AND t.due_at >= ${endOfDay}`;
    case 'done':
      return sql`t.status = 'done'`;
  }
}

/**
 * How many rows `rows` yields, stopping after `limit`: a range of an index read no further than that.
 * The limit may be unseen by the planner (a page's bound): each `rows` here is one index range, whose
 * generic plan, costed for a tenth of its rows, stays far below the cost at which PostgreSQL compiles
 * with JIT (decision 034).
 */
const countRowsUpTo = (rows: SQL, limit: SQL | Placeholder) => sql`(SELECT count(*)::int FROM (${rows} LIMIT ${limit}) counted)`;

/** A value of a kept statement's call, by name, unseen by the planner (db/prepared/reads.ts). */
const valueOf = (name: string, type: ValueType) => read.value(sql.placeholder(name), type);

export interface ListPage {
  /** The page's tasks as JSON text (an array of Task, in the list's order), as the answer carries them. */
  items: string;
  /** Open tasks per list, for the tabs: each counted up to TASK_COUNT_CAP + 1, which stands for "more". */
  counts: { today: number; overdue: number; upcoming: number };
  /** The rows of the list shown, counted up to the page's offset + LIST_COUNT_AHEAD (decision 044). */
  total: number;
  capped: boolean;
}

type ListRow = Record<'today' | 'overdue' | 'upcoming' | 'total', number | string> & { items: string };

/**
 * One page of a person's list with the tabs' counts and the list's total, in one statement: the page
 * in index order (tasks_owner_status_due_idx: soonest first; done, latest due first) as one JSON
 * text, sent on as it is (decision 051: array_agg keeps the page's order, nothing between them
 * reorders rows, and array_to_json writes it without the spaces json_agg puts between rows, as
 * JSON.stringify wrote it), and each count a range of the same index that stops at its bound — a representative
 * with 20,000 tasks costs no more to count than one with a hundred (docs/performance.md, "Tasks").
 */
function buildListPage(db: Db, view: TaskView, pageSize: number) {
  const now = valueOf('now', 'timestamptz');
  const endOfDay = valueOf('endOfDay', 'timestamptz');
  // The live tasks of the owner: the leading columns of tasks_owner_status_due_idx.
  const owned = sql`t.owner_id = ${valueOf('owner', 'text')} AND t.deleted_at IS NULL`;
  const rows = (list: TaskView) => sql`SELECT 1 FROM tasks t WHERE ${owned} AND ${viewCondition(list, now, endOfDay)}`;
  const tab = (list: Exclude<TaskView, 'done'>) => countRowsUpTo(rows(list), read.rows(TASK_COUNT_CAP + 1));
  const order = sql.raw(view === 'done' ? 't.due_at DESC, t.id DESC' : 't.due_at, t.id');
  return preparedRows<ListRow>(
    db,
    `nexa_tasks_${view}_${pageSize}`,
    sql`SELECT ${tab('overdue')} AS overdue, ${tab('today')} AS today, ${tab('upcoming')} AS upcoming,
      ${countRowsUpTo(rows(view), valueOf('countTo', 'bigint'))} AS total,
      (SELECT coalesce(array_to_json(array_agg(page)), '[]'::json)::text FROM (
        SELECT ${TASK_COLUMNS} FROM tasks t
        WHERE ${owned} AND ${viewCondition(view, now, endOfDay)}
        ORDER BY ${order} LIMIT ${read.rows(pageSize)} OFFSET ${read.offset(sql.placeholder('offset'))}) page) AS items`,
  );
}

/** A list's statement per database, view and page size, built once: building it through Drizzle cost a twentieth of the server's time on a list. */
const listStatements = new PerDatabaseStatements<ReturnType<typeof buildListPage>>();

export async function listPage(
  db: Db,
  ownerId: string,
  view: TaskView,
  bounds: ListBounds,
  page: number,
  pageSize: number,
): Promise<ListPage> {
  const offset = (page - 1) * pageSize;
  const bound = offset + LIST_COUNT_AHEAD;
  const statement = listStatements.get(db, `${view}_${pageSize}`, () => buildListPage(db, view, pageSize));
  const [row] = await statement({ owner: ownerId, now: bounds.now, endOfDay: bounds.endOfDay, offset, countTo: bound + 1 });
  return {
    items: row?.items ?? '[]',
    counts: { today: Number(row?.today ?? 0), overdue: Number(row?.overdue ?? 0), upcoming: Number(row?.upcoming ?? 0) },
    ...boundedTotal(row?.total, bound),
  };
}

export async function readTask(db: DbOrTx, ownerId: string, id: number, lock = false): Promise<TaskRow | undefined> {
  const [row] = await selectRows<TaskRow>(
    db,
    sql`SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = ${id} AND t.owner_id = ${ownerId}
      AND t.deleted_at IS NULL AND t.status <> 'dismissed'${lock ? sql.raw(' FOR UPDATE OF t') : sql``}`,
  );
  return row;
}

/** Whether `actor` may read deal `id` (opportunities/scope.ts's rule, in SQL). */
export async function dealVisible(db: DbOrTx, actor: Actor, id: number): Promise<boolean> {
  const found = await selectRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM opportunities o WHERE o.id = ${id} AND ${visibleDealAs(actor)}`,
  );
  return found.length > 0;
}

export async function personZone(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await selectRows<{ time_zone: string | null }>(db, sql`SELECT time_zone FROM users WHERE id = ${userId}`);
  return row?.time_zone ?? null;
}

export interface StepRow {
  call_analysis_id: string;
  opportunity_id: number;
  opportunity_name: string | null;
  analysed_at: Date | string;
  step: number;
  value: { text?: unknown; lines?: unknown; quote?: unknown; due?: unknown } | string | null;
  line_text: string | null;
}

/** How far back a call's undecided next steps are still offered. */
export const SUGGESTION_DAYS = 30;

/**
 * The next steps of the calls on `ownerId`'s own deals in the last SUGGESTION_DAYS days that they have
 * neither accepted nor dismissed, newest call first; a step said the same way in two analyses of one
 * deal (the call analysed again) is offered once, from the latest.
 */
export async function pendingSteps(db: DbOrTx, ownerId: string, limit = 50): Promise<StepRow[]> {
  return selectRows<StepRow>(
    db,
    sql`SELECT * FROM (
        SELECT DISTINCT ON (ca.opportunity_id, lower(s.value->>'text'))
          ca.id AS call_analysis_id, ca.opportunity_id, ca.created_at AS analysed_at,
          coalesce(nullif(o.client_company_name, ''), o.product, '#' || o.id) AS opportunity_name,
          (s.n - 1)::int AS step, s.value,
          ca.transcript_lines->>((s.value->'lines'->>0)::int - 1) AS line_text
        FROM call_analyses ca
        JOIN opportunities o ON o.id = ca.opportunity_id AND o.owner_id = ${ownerId}
        CROSS JOIN LATERAL jsonb_array_elements(
          CASE WHEN jsonb_typeof(ca.result->'nextSteps') = 'array' THEN ca.result->'nextSteps' ELSE '[]'::jsonb END
        ) WITH ORDINALITY AS s(value, n)
        WHERE ca.owner_key = ${ownerId} AND ca.created_at > now() - make_interval(days => ${SUGGESTION_DAYS})
          AND s.n <= 50
          AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.call_analysis_id = ca.id AND t.call_step = s.n - 1)
        ORDER BY ca.opportunity_id, lower(s.value->>'text'), ca.created_at DESC, s.n
      ) pending
      ORDER BY analysed_at DESC, step LIMIT ${limit}`,
  );
}

/** One next step of an analysis of a deal `actor` may read, with the line it cites. */
export async function stepOf(db: DbOrTx, actor: Actor, callAnalysisId: string, step: number): Promise<StepRow | undefined> {
  const [row] = await selectRows<StepRow>(
    db,
    sql`SELECT ca.id AS call_analysis_id, ca.opportunity_id, ca.created_at AS analysed_at,
        coalesce(nullif(o.client_company_name, ''), o.product, '#' || o.id) AS opportunity_name,
        ${step}::int AS step, ca.result->'nextSteps'->${step}::int AS value,
        ca.transcript_lines->>((ca.result->'nextSteps'->${step}::int->'lines'->>0)::int - 1) AS line_text
      FROM call_analyses ca JOIN opportunities o ON o.id = ca.opportunity_id AND ${visibleDealAs(actor)}
      WHERE ca.id = ${callAnalysisId}::uuid`,
  );
  return row;
}

/**
 * The manager's view: every open task past its due time, the longest overdue first, with its owner's
 * name, and their number counted up to the page's offset + LIST_COUNT_AHEAD (decision 044: 190,000 of
 * them took 228 ms to count) — in one statement, the page as JSON text (decision 051). The page is
 * taken from tasks_open_due_idx alone, in its order, before anything is read beside it: with the time
 * and the offset unseen by the planner, joins over the whole range were planned as hash joins and a
 * sort of all 190,000 overdue tasks (0.5 s).
 */
function buildTeamOverdue(db: Db, pageSize: number) {
  const overdue = sql`t.status = 'open' AND t.deleted_at IS NULL AND t.due_at < ${valueOf('now', 'timestamptz')}`;
  return preparedRows<{ total: number | string; items: string }>(
    db,
    `nexa_team_overdue_${pageSize}`,
    sql`SELECT ${countRowsUpTo(sql`SELECT 1 FROM tasks t WHERE ${overdue}`, valueOf('countTo', 'bigint'))} AS total,
      (SELECT coalesce(array_to_json(array_agg(page)), '[]'::json)::text FROM (
        SELECT ${TASK_COLUMNS}, coalesce((SELECT u.full_name FROM users u WHERE u.id = t.owner_id), '') AS owner_name
        FROM (SELECT * FROM tasks t WHERE ${overdue}
          ORDER BY t.due_at, t.id LIMIT ${read.rows(pageSize)} OFFSET ${read.offset(sql.placeholder('offset'))}) t
        ORDER BY t.due_at, t.id) page) AS items`,
  );
}

const teamStatements = new PerDatabaseStatements<ReturnType<typeof buildTeamOverdue>>();

/** A page of the team's overdue tasks at `now`: items as JSON text (TeamOverdue's items), their bounded total. */
export async function teamOverduePage(
  db: Db,
  now: string,
  page: number,
  pageSize: number,
): Promise<{ items: string; total: number; capped: boolean }> {
  const offset = (page - 1) * pageSize;
  const bound = offset + LIST_COUNT_AHEAD;
  const statement = teamStatements.get(db, String(pageSize), () => buildTeamOverdue(db, pageSize));
  const [row] = await statement({ now, offset, countTo: bound + 1 });
  return { items: row?.items ?? '[]', ...boundedTotal(row?.total, bound) };
}
