import { sql, type SQL } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import type { TaskView } from '@nexa/domain/tasks';
import type { Task } from '@nexa/domain/schemas/tasks';
import type { Actor } from '../../auth/access.ts';
import { countUpTo } from '../../db/capped-count.ts';
import { selectRows, type DbOrTx } from '../../db/client.ts';
import { visibleDealAs } from '../opportunities/scope.ts';

/**
 * The statements of tasks (issue 37). Every read of a person's tasks names their id; a task's deal is
 * shown only when its owner may read it (the rule of opportunities/scope.ts: a representative their
 * own deals, a manager every deal), so a deal that changed hands leaves the task without its link.
 */

export interface TaskRow {
  id: number | string;
  title: string;
  due_at: Date | string;
  owner_id: string;
  opportunity_id: number | null;
  opportunity_name: string | null;
  contact_id: number | null;
  source: Task['source'];
  call_analysis_id: string | null;
  source_line: number | null;
  source_quote: string | null;
  status: Task['status'];
  completed_at: Date | string | null;
  snoozed_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export const toTask = (row: TaskRow): Task => ({
  id: Number(row.id),
  title: row.title,
  due_at: iso(row.due_at),
  owner_id: row.owner_id,
  opportunity_id: row.opportunity_id,
  opportunity_name: row.opportunity_name,
  contact_id: row.contact_id,
  source: row.source,
  call_analysis_id: row.call_analysis_id,
  source_line: row.source_line,
  source_quote: row.source_quote,
  status: row.status,
  completed_at: isoOrNull(row.completed_at),
  snoozed_until: isoOrNull(row.snoozed_until),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** The task columns, with the deal's name when the task's owner may read the deal (`o` joined by dealJoin). */
export const TASK_COLUMNS = sql.raw(`t.id, t.title, t.due_at, t.owner_id, t.opportunity_id,
  CASE WHEN o.id IS NULL THEN NULL ELSE coalesce(nullif(o.client_company_name, ''), o.product, '#' || o.id) END AS opportunity_name,
  t.contact_id, t.source, t.call_analysis_id, t.source_line, t.source_quote, t.status, t.completed_at, t.snoozed_until,
  t.created_at, t.updated_at`);

/** The deal of task `t`, when its owner (a representative: only their own deals; a manager: any) may read it. */
export const dealJoin = sql.raw(`LEFT JOIN opportunities o ON o.id = t.opportunity_id
  AND (o.owner_id = t.owner_id OR EXISTS (SELECT 1 FROM users m WHERE m.id = t.owner_id AND m.role = '${ROLES.manager}'))`);

/** The condition of a list, for one owner, at `now`, with today ending at `endOfDay`. */
function viewCondition(view: TaskView, now: string, endOfDay: string): SQL {
  switch (view) {
    case 'overdue':
      return sql`t.status = 'open' AND t.due_at < ${now}::timestamptz`;
    case 'today':
      return sql`t.status = 'open' AND t.due_at >= ${now}::timestamptz AND t.due_at < ${endOfDay}::timestamptz`;
    case 'upcoming':
      return sql`t.status = 'open' AND t.due_at >= ${endOfDay}::timestamptz`;
    case 'done':
      return sql`t.status = 'done'`;
  }
}

/** One page of a person's list, in index order (tasks_owner_status_due_idx): soonest first; done, latest due first. */
export async function listPage(
  db: DbOrTx,
  ownerId: string,
  view: TaskView,
  bounds: { now: string; endOfDay: string },
  page: number,
  pageSize: number,
): Promise<TaskRow[]> {
  const order = view === 'done' ? sql.raw('t.due_at DESC, t.id DESC') : sql.raw('t.due_at, t.id');
  return selectRows<TaskRow>(
    db,
    sql`SELECT ${TASK_COLUMNS} FROM tasks t ${dealJoin}
      WHERE t.owner_id = ${ownerId} AND t.deleted_at IS NULL AND ${viewCondition(view, bounds.now, bounds.endOfDay)}
      ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
}

/** The open tasks per list and the done ones, for the tabs: each counted from the same index. */
export async function listCounts(
  db: DbOrTx,
  ownerId: string,
  bounds: { now: string; endOfDay: string },
): Promise<{ today: number; overdue: number; upcoming: number; done: number }> {
  const [row] = await selectRows<Record<'today' | 'overdue' | 'upcoming' | 'done', number | string>>(
    db,
    sql`SELECT
        (SELECT count(*) FROM tasks t WHERE t.owner_id = ${ownerId} AND t.deleted_at IS NULL AND ${viewCondition('overdue', bounds.now, bounds.endOfDay)}) AS overdue,
        (SELECT count(*) FROM tasks t WHERE t.owner_id = ${ownerId} AND t.deleted_at IS NULL AND ${viewCondition('today', bounds.now, bounds.endOfDay)}) AS today,
        (SELECT count(*) FROM tasks t WHERE t.owner_id = ${ownerId} AND t.deleted_at IS NULL AND ${viewCondition('upcoming', bounds.now, bounds.endOfDay)}) AS upcoming,
        (SELECT count(*) FROM tasks t WHERE t.owner_id = ${ownerId} AND t.deleted_at IS NULL AND t.status = 'done') AS done`,
  );
  return {
    today: Number(row?.today ?? 0),
    overdue: Number(row?.overdue ?? 0),
    upcoming: Number(row?.upcoming ?? 0),
    done: Number(row?.done ?? 0),
  };
}

export async function readTask(db: DbOrTx, ownerId: string, id: number, lock = false): Promise<TaskRow | undefined> {
  const [row] = await selectRows<TaskRow>(
    db,
    sql`SELECT ${TASK_COLUMNS} FROM tasks t ${dealJoin} WHERE t.id = ${id} AND t.owner_id = ${ownerId}
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

/** The manager's view: every open task past its due time, the longest overdue first, with its owner. */
export async function teamOverduePage(db: DbOrTx, now: string, page: number, pageSize: number) {
  return selectRows<TaskRow & { owner_name: string }>(
    db,
    sql`SELECT ${TASK_COLUMNS}, coalesce(u.full_name, '') AS owner_name FROM tasks t JOIN users u ON u.id = t.owner_id ${dealJoin}
      WHERE t.status = 'open' AND t.deleted_at IS NULL AND t.due_at < ${now}::timestamptz
      ORDER BY t.due_at, t.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
}

/** The team's overdue tasks are counted up to TEAM_OVERDUE_COUNT_CAP (+1, to know there are more): 190,000 of them took 228 ms to count. */
export const TEAM_OVERDUE_COUNT_CAP = 10_000;

export async function teamOverdueTotal(db: DbOrTx, now: string): Promise<{ total: number; capped: boolean }> {
  return countUpTo(
    db,
    sql`SELECT 1 FROM tasks t WHERE t.status = 'open' AND t.deleted_at IS NULL AND t.due_at < ${now}::timestamptz`,
    TEAM_OVERDUE_COUNT_CAP,
  );
}
