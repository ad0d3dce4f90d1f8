import { parseCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { isTimeZone, TIME_ZONE_COOKIE } from '@nexa/domain/time-zone';
import { snoozeUntil, stepTitle, suggestedDue, todayIn, type TaskView } from '@nexa/domain/tasks';
import type { Task, TaskAccept, TaskCreate, TaskList, TaskPatch, TaskSuggestion, TeamOverdue } from '@nexa/domain/schemas/tasks';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { answerWithItems } from '../../http/json-text.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requestCalendarSync } from '../calendar/enqueue.ts';
import { recordEvents, touchActivity } from '../opportunities/changes.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import {
  dealVisible,
  listPage,
  pendingSteps,
  personZone,
  readTask,
  stepOf,
  teamOverduePage,
  toTask,
  type StepRow,
  type TaskRow,
} from './queries.ts';

/**
 * Tasks (issue 37): a person's own list, what they owe whom and when. A call's next steps are offered
 * to the deal's owner, who accepts (the step becomes an open task) or dismisses them; nothing becomes
 * a task without that decision (DESIGN.md decision 20). Completing a task of a deal is an event in the
 * deal's history, through the one change recorder. Every change to a task asks for a sync of its
 * owner's calendar, when they connected one (decision 042).
 */

/** A task as its webhook events (task.created, task.completed) carry it, in the transaction that wrote it. */
const taskEvent = (task: Task) => ({
  id: task.id,
  title: task.title,
  due_at: task.due_at,
  owner_id: task.owner_id,
  opportunity_id: task.opportunity_id,
  contact_id: task.contact_id,
  source: task.source,
  call_analysis_id: task.call_analysis_id,
  status: task.status,
  completed_at: task.completed_at,
});

/**
 * The zone a person's day is read in: their setting, else their browser's (the cookie the web app
 * keeps), else UTC. The setting comes with the session when it was read with it: one statement fewer
 * per list (docs/performance.md, "Tasks").
 */
export async function zoneOf(db: DbOrTx, actor: Actor, cookieHeader?: string): Promise<string> {
  const chosen = actor.timeZone !== undefined ? actor.timeZone : await personZone(db, actor.userId);
  if (isTimeZone(chosen)) return chosen;
  const browser = cookieHeader ? parseCookie(cookieHeader)[TIME_ZONE_COOKIE] : undefined;
  return isTimeZone(browser) ? browser : 'UTC';
}

function boundsAt(now: number, timeZone: string) {
  return { now: new Date(now).toISOString(), endOfDay: new Date(todayIn(now, timeZone).end).toISOString() };
}

/** A page of the person's list as the answer's JSON text (TaskList; decision 051). */
export async function listTasks(
  db: Db,
  actor: Actor,
  query: { view: TaskView; page: number; pageSize: number },
  cookieHeader: string | undefined,
  now = Date.now(),
): Promise<string> {
  const timeZone = await zoneOf(db, actor, cookieHeader);
  const bounds = boundsAt(now, timeZone);
  const { items, total, capped, counts } = await listPage(db, actor.userId, query.view, bounds, query.page, query.pageSize);
  return answerWithItems(items, { total, capped, counts, timeZone } satisfies Omit<TaskList, 'items'>);
}

async function insertTask(tx: DbOrTx, values: Record<string, unknown>): Promise<number | undefined> {
  const columns = Object.keys(values);
  const [row] = await selectRows<{ id: number | string }>(
    tx,
    sql`INSERT INTO tasks (${sql.raw(columns.join(', '))}) VALUES (${sql.join(
      columns.map((c) => sql`${values[c]}`),
      sql`, `,
    )}) ON CONFLICT (call_analysis_id, call_step) DO NOTHING RETURNING id`,
  );
  return row ? Number(row.id) : undefined;
}

async function readOwn(tx: DbOrTx, actor: Actor, id: number): Promise<Task> {
  const row = await readTask(tx, actor.userId, id);
  if (!row) throw notFound('Task');
  return toTask(row);
}

export async function createTask(db: Db, actor: Actor, body: TaskCreate): Promise<Task> {
  return db.transaction(async (tx) => {
    const dealId = body.opportunity_id ?? null;
    if (dealId !== null && !(await dealVisible(tx, actor, dealId))) {
      throw new AppError('not_found', 'Opportunity not found', 'opportunity_id');
    }
    const id = await insertTask(tx, {
      title: body.title,
      due_at: body.due_at,
      owner_id: actor.userId,
      opportunity_id: dealId,
      source: 'person',
      created_by: actor.userId,
    });
    const task = await readOwn(tx, actor, id!);
    await emitEvent(tx, 'task.created', taskEvent(task));
    await requestCalendarSync(tx, actor.userId);
    return task;
  });
}

/** A stored next step's parts, read defensively (the analysis's JSON is validated when written, not here). */
function stepParts(row: StepRow) {
  const value = typeof row.value === 'string' ? (JSON.parse(row.value) as StepRow['value']) : row.value;
  if (!value || typeof value !== 'object' || typeof value.text !== 'string' || !value.text.trim()) return null;
  const lines = Array.isArray(value.lines) ? value.lines.filter((n): n is number => Number.isInteger(n)) : [];
  const quote = typeof value.quote === 'string' && value.quote.trim() ? value.quote.trim() : (row.line_text ?? null);
  return {
    text: stepTitle(value.text),
    due: typeof value.due === 'string' ? value.due : null,
    line: lines[0] ?? null,
    quote: quote ? quote.slice(0, 1000) : null,
  };
}

export async function listSuggestions(
  db: Db,
  actor: Actor,
  cookieHeader: string | undefined,
  now = Date.now(),
): Promise<TaskSuggestion[]> {
  const [timeZone, steps] = await Promise.all([zoneOf(db, actor, cookieHeader), pendingSteps(db, actor.userId)]);
  return steps.flatMap((row) => {
    const parts = stepParts(row);
    if (!parts) return [];
    return [
      {
        call_analysis_id: row.call_analysis_id,
        step: row.step,
        title: parts.text,
        due: parts.due,
        suggested_due_at: new Date(suggestedDue(parts.due, now, timeZone)).toISOString(),
        source_line: parts.line,
        source_quote: parts.quote,
        opportunity_id: row.opportunity_id,
        opportunity_name: row.opportunity_name,
        analysed_at: new Date(row.analysed_at).toISOString(),
      },
    ];
  });
}

/** A step of a deal the actor owns (the owner decides; a manager may decide for a deal they own too). */
async function ownStep(tx: DbOrTx, actor: Actor, callAnalysisId: string, step: number) {
  const row = await stepOf(tx, actor, callAnalysisId, step);
  const parts = row ? stepParts(row) : null;
  if (!row || !parts) throw notFound('Next step');
  return { row, parts };
}

const alreadyDecided = () => new AppError('conflict', 'This next step was already accepted or dismissed');

export async function acceptSuggestion(
  db: Db,
  actor: Actor,
  body: TaskAccept,
  cookieHeader: string | undefined,
  now = Date.now(),
): Promise<Task> {
  const timeZone = await zoneOf(db, actor, cookieHeader);
  return db.transaction(async (tx) => {
    const { row, parts } = await ownStep(tx, actor, body.call_analysis_id, body.step);
    const id = await insertTask(tx, {
      title: body.title ?? parts.text,
      due_at: body.due_at ?? new Date(suggestedDue(parts.due, now, timeZone)).toISOString(),
      owner_id: actor.userId,
      opportunity_id: row.opportunity_id,
      source: 'call',
      call_analysis_id: row.call_analysis_id,
      call_step: body.step,
      source_line: parts.line,
      source_quote: parts.quote,
      created_by: actor.userId,
    });
    if (id === undefined) throw alreadyDecided();
    const task = await readOwn(tx, actor, id);
    await emitEvent(tx, 'task.created', taskEvent(task));
    await requestCalendarSync(tx, actor.userId);
    return task;
  });
}

export async function dismissSuggestion(db: Db, actor: Actor, callAnalysisId: string, step: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, parts } = await ownStep(tx, actor, callAnalysisId, step);
    const id = await insertTask(tx, {
      title: parts.text,
      due_at: new Date().toISOString(),
      owner_id: actor.userId,
      opportunity_id: row.opportunity_id,
      source: 'call',
      call_analysis_id: row.call_analysis_id,
      call_step: step,
      source_line: parts.line,
      source_quote: parts.quote,
      status: 'dismissed',
      created_by: actor.userId,
    });
    if (id === undefined) throw alreadyDecided();
  });
}

/** Completing or reopening a task of a deal its owner may read is an event in the deal's history. */
async function logOnDeal(tx: DbOrTx, actor: Actor, task: TaskRow, event: 'task_completed' | 'task_reopened') {
  if (task.opportunity_id === null || task.opportunity_name === null) return;
  await recordEvents(tx, [{ id: task.opportunity_id, event, after: { title: task.title, task_id: Number(task.id) } }], {
    source: 'person',
    actorId: actor.userId,
  });
  if (event === 'task_completed') await touchActivity(tx, task.opportunity_id);
}

export async function patchTask(
  db: Db,
  actor: Actor,
  id: number,
  patch: TaskPatch,
  cookieHeader: string | undefined,
  now = Date.now(),
): Promise<Task> {
  const timeZone = patch.snooze ? await zoneOf(db, actor, cookieHeader) : 'UTC';
  return db.transaction(async (tx) => {
    const before = await readTask(tx, actor.userId, id, true);
    if (!before) throw notFound('Task');
    const set: ReturnType<typeof sql>[] = [sql`updated_at = now()`];
    if (patch.title !== undefined) set.push(sql`title = ${patch.title}`);
    if (patch.due_at !== undefined) set.push(sql`due_at = ${patch.due_at}::timestamptz`);
    if (patch.snooze !== undefined) {
      const until = new Date(snoozeUntil(patch.snooze, now, timeZone)).toISOString();
      set.push(sql`due_at = ${until}::timestamptz`, sql`snoozed_until = ${until}::timestamptz`);
    }
    const completes = patch.status === 'done' && before.status !== 'done';
    const reopens = patch.status === 'open' && before.status === 'done';
    if (completes) set.push(sql`status = 'done'`, sql`completed_at = now()`);
    if (reopens) set.push(sql`status = 'open'`, sql`completed_at = NULL`);
    await tx.execute(sql`UPDATE tasks SET ${sql.join(set, sql`, `)} WHERE id = ${id}`);
    const after = (await readTask(tx, actor.userId, id))!;
    if (completes) await logOnDeal(tx, actor, after, 'task_completed');
    if (reopens) await logOnDeal(tx, actor, after, 'task_reopened');
    const task = toTask(after);
    if (completes) await emitEvent(tx, 'task.completed', taskEvent(task));
    await requestCalendarSync(tx, actor.userId);
    return task;
  });
}

export async function deleteTask(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await selectRows<{ id: number }>(
      tx,
      sql`UPDATE tasks SET deleted_at = now(), updated_at = now()
        WHERE id = ${id} AND owner_id = ${actor.userId} AND deleted_at IS NULL AND status <> 'dismissed' RETURNING id`,
    );
    if (!gone.length) throw notFound('Task');
    await requestCalendarSync(tx, actor.userId);
  });
}

export async function restoreTask(db: Db, actor: Actor, id: number): Promise<Task> {
  return db.transaction(async (tx) => {
    const back = await selectRows<{ id: number }>(
      tx,
      sql`UPDATE tasks SET deleted_at = NULL, updated_at = now()
        WHERE id = ${id} AND owner_id = ${actor.userId} AND deleted_at IS NOT NULL RETURNING id`,
    );
    if (!back.length) throw notFound('Task');
    await requestCalendarSync(tx, actor.userId);
    return readOwn(tx, actor, id);
  });
}

/** A page of the team's overdue tasks (the weekly digest's list). */
export async function teamOverdue(db: Db, page: number, pageSize: number, now = Date.now()): Promise<TeamOverdue> {
  const { items, ...counted } = await teamOverduePage(db, new Date(now).toISOString(), page, pageSize);
  return { items: jsonValue<TeamOverdue['items']>(items), ...counted };
}

/** The same page as the answer's JSON text (TeamOverdue; decision 051). */
export async function teamOverdueAnswer(db: Db, page: number, pageSize: number, now = Date.now()): Promise<string> {
  const { items, total, capped } = await teamOverduePage(db, new Date(now).toISOString(), page, pageSize);
  return answerWithItems(items, { total, capped } satisfies Omit<TeamOverdue, 'items'>);
}
