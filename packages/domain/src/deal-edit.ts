import { fieldsWith, OPPORTUNITY_FIELDS } from './opportunity-fields.ts';
import { OUTCOME_OF_STAGE, resolvePipeline, STAGES, type Stage } from './pipeline-model.ts';

/** What an edit needs to know of the deal as it is. */
export interface DealBefore {
  stage: Stage;
  closing_date: string | null;
  [field: string]: unknown;
}

export type DealEditResult =
  { ok: true; changes: Record<string, unknown> } | { ok: false; field: string; code: 'closing_date_required' | 'stage_mismatch' };

const isClosed = (stage: Stage) => OUTCOME_OF_STAGE[stage] !== 'open';

const INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const isInstant = (v: unknown) => v instanceof Date || (typeof v === 'string' && INSTANT.test(v));

/** Equal values; two instants (a Date or ISO date-time text) are equal when they name the same time. */
function same(a: unknown, b: unknown): boolean {
  if (isInstant(a) && isInstant(b)) return new Date(a as string).getTime() === new Date(b as string).getTime();
  return a === b;
}

/**
 * The stage and the status text move together: a stage sets the status to its name, a status
 * decides the stage with the pipeline model's one rule, and both at once must agree. Closing a deal
 * (won or lost) needs its close date. Returns only the fields that really change.
 */
export function resolveDealEdit(before: DealBefore, patch: Readonly<Record<string, unknown>>): DealEditResult {
  const wanted: Record<string, unknown> = { ...patch };
  delete wanted.version;
  const stage = wanted.stage as Stage | undefined;
  const status = wanted.status as string | null | undefined;
  if (stage !== undefined && status !== undefined) {
    if (status !== null && resolvePipeline(status).stage !== stage) return { ok: false, field: 'status', code: 'stage_mismatch' };
  } else if (stage !== undefined) {
    wanted.status = stage;
  } else if (status !== undefined) {
    wanted.stage = resolvePipeline(status).stage;
  }
  const nextStage = (wanted.stage as Stage | undefined) ?? before.stage;
  if (nextStage !== before.stage && isClosed(nextStage) && !wanted.closing_date) {
    return { ok: false, field: 'closing_date', code: 'closing_date_required' };
  }
  const changes = Object.fromEntries(Object.entries(wanted).filter(([field, value]) => !same(before[field] ?? null, value)));
  return { ok: true, changes };
}

/** A field's value as the history stores it (JSON): dates as ISO text, absent as null. */
export function historyValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The board's most frequent write: an open deal dragged to another open stage, nothing else
 * changed. Its effect does not depend on the deal beyond "open and in another stage" (the status
 * text follows the stage, no close date is needed, the owner's won and lost counts stay), so the
 * server can check those in the same statement that writes it. Any other patch: null.
 */
export function openStageMove(patch: Readonly<Record<string, unknown>>): Stage | null {
  const fields = Object.keys(patch).filter((field) => field !== 'version');
  if (fields.length !== 1 || fields[0] !== 'stage') return null;
  const stage = STAGES.find((known) => known === patch.stage);
  return stage && !isClosed(stage) ? stage : null;
}

/** The fields an Undo may put back: everything a person edits on the deal's page, not its owner. */
const UNDOABLE = fieldsWith('editable').filter((field) => OPPORTUNITY_FIELDS[field].kind !== 'owner');

/**
 * Undo as a normal edit: the fields an answer changed, back to what they were before, with the
 * version that answer returned (so a change made since by someone else is refused, not overwritten,
 * and the history shows both changes). `before` may hold only some fields (a board card): the others
 * are left as they are. The stage goes back with its status text, and a closed stage with its close
 * date, as resolveDealEdit asks. Null when nothing differs.
 */
export function undoPatch(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>> & { version: number },
): (Record<string, unknown> & { version: number }) | null {
  const patch: Record<string, unknown> = {};
  for (const field of UNDOABLE) {
    if (!(field in before)) continue;
    const was = before[field] ?? null;
    if (!same(was, after[field] ?? null)) patch[field] = was;
  }
  if (('stage' in patch || 'status' in patch) && STAGES.includes(before.stage as Stage)) {
    const stage = before.stage as Stage;
    patch.stage = stage;
    // The text as it was, when it reads as that stage (a status the server decided the stage from).
    if (typeof before.status === 'string' && resolvePipeline(before.status).stage === stage) patch.status = before.status;
    else delete patch.status;
    if (isClosed(stage) && 'closing_date' in before) patch.closing_date = before.closing_date ?? null;
  }
  return Object.keys(patch).length ? { ...patch, version: after.version } : null;
}
