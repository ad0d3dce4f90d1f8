import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { fieldOf, historyValue, machineMayWrite, type ChangeSource } from '@nexa/domain';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { opportunities as o, opportunityChanges } from '../../db/schema.ts';
import { machineCompanyAsAccount, withAccounts } from '../accounts/deals.ts';
import { requestCalendarSyncForDeals, requestCalendarSyncs } from '../calendar/enqueue.ts';
import { emitEvents, outboxStatementText, type OutboxEvent } from '../webhooks/outbox.ts';
import {
  changesInsert,
  insertChanges,
  insertOpportunities,
  lockOpportunityByExternalId,
  lockVisibleOpportunity,
  suggest,
  updateOpportunityFields,
  type ChangeRow,
  type OpportunityRow,
} from './queries.ts';

/**
 * The one change recorder: whoever writes a deal (a person, an import, the ingest API, a call
 * analysis) writes through here, so each change lands in opportunity_changes (field, before →
 * after, who or what), the version moves, and field_sources remembers the last writer of each field.
 * Other modules reach it through this file. Each write also puts its webhook events (deal.created,
 * deal.changed, deal.stage_moved) into the outbox in the same transaction (decision 036), so every
 * path that changes a deal is seen by the endpoints that take these events.
 */

/** Who or what is writing. */
export interface ChangeOrigin {
  source: ChangeSource;
  actorId?: string | null;
  apiKeyId?: string | null;
  callAnalysisId?: string | null;
}

/** Events of the deal itself, recorded under these pseudo-fields beside the field changes. */
export type DealEvent =
  | 'created'
  | 'deleted'
  | 'restored'
  | 'suggestion_dismissed'
  | 'task_completed'
  | 'task_reopened'
  /** A follow-up e-mail sent from the deal (modules/deal-emails): subject, to, cc, whether the invite went with it. */
  | 'email_sent'
  /** A note on the deal (modules/deal-notes): written, deleted by its author, brought back by their undo. */
  | 'note_added'
  | 'note_deleted'
  | 'note_restored';

export type { OpportunityRow };

/** A deal a machine is about to write, locked until the transaction ends (no scope: machines see all). */
export const lockDeal = (tx: DbOrTx, id: number) => lockVisibleOpportunity(tx, null, id);
export const lockDealByExternalId = lockOpportunityByExternalId;
/** A deal the actor may see (scope.ts), locked until the transaction ends: a person's write to what hangs off a deal. */
export const lockVisibleDeal = lockVisibleOpportunity;

type Insert = Parameters<typeof insertOpportunities>[1][number];

/** A value as its column takes it: an instant (ISO text on the wire) is a timestamp, everything else as it is. */
function columnValue(field: string, value: unknown): unknown {
  if (fieldOf(field)?.kind === 'datetime' && typeof value === 'string') return new Date(value);
  return value;
}

/** Who or what made a change, as its history row records it (in JavaScript and in one statement alike). */
const authorOf = (origin: ChangeOrigin) => ({
  source: origin.source,
  actor_id: origin.actorId ?? null,
  api_key_id: origin.apiKeyId ?? null,
  call_analysis_id: origin.callAnalysisId ?? null,
});

/** A history row: the field, its value before → after, who; `at` (when) is the table's default, the transaction's time. */
const changeRow = (id: number, origin: ChangeOrigin, field: string, before: unknown, after: unknown): ChangeRow => ({
  opportunity_id: id,
  ...authorOf(origin),
  field,
  before: historyValue(before),
  after: historyValue(after),
});

/**
 * Writes the changed fields and their history in the caller's transaction. With a version, only
 * that version is written; undefined means another writer got there first (or the row is gone).
 * No change at all writes nothing and keeps the version.
 */
export async function recordChanges(
  tx: DbOrTx,
  before: OpportunityRow,
  changes: Readonly<Record<string, unknown>>,
  origin: ChangeOrigin,
  version?: number,
): Promise<OpportunityRow | undefined> {
  const fields = Object.keys(changes);
  if (!fields.length) return version === undefined || version === before.version ? before : undefined;
  const set = Object.fromEntries(fields.map((field) => [field, columnValue(field, changes[field])]));
  const sources = Object.fromEntries(fields.map((field) => [field, origin.source]));
  const row = await updateOpportunityFields(tx, before.id, set, sources, version);
  if (!row) return undefined;
  const record = row as unknown as Record<string, unknown>;
  const old = before as unknown as Record<string, unknown>;
  const rows = fields.map((field) => changeRow(before.id, origin, field, old[field], record[field]));
  // The history and the webhook events in one statement: the outbox costs no round trip of its own.
  await emitEvents(tx, dealChangeEvents(row, origin, rows), { alongside: changesInsert(tx, rows) });
  // The owner's calendar shows the deal's next meeting (decision 042); a move read from it is already there.
  if (origin.source !== 'calendar' && ('next_meeting_date' in changes || 'owner_id' in changes)) {
    await requestCalendarSyncs(tx, [row.owner_id, before.owner_id]);
  }
  return row;
}

/** Who wrote, as a webhook event says it. */
const eventAuthor = (origin: ChangeOrigin) => ({ source: origin.source, actor_id: origin.actorId ?? null });

/**
 * A write's webhook events: deal.changed with each changed field's before → after (as the history
 * stores them), and deal.stage_moved when the stage is one of them. The one-statement write builds
 * the same payloads in SQL (DEAL_EVENTS_TEXT).
 */
function dealChangeEvents(
  row: Pick<OpportunityRow, 'id' | 'owner_id' | 'version'>,
  origin: ChangeOrigin,
  changes: readonly ChangeRow[],
): OutboxEvent[] {
  const changed = changes.filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
  if (!changed.length) return [];
  const base = { id: row.id, owner_id: row.owner_id, version: row.version, ...eventAuthor(origin) };
  const events: OutboxEvent[] = [
    {
      type: 'deal.changed',
      payload: { ...base, changes: Object.fromEntries(changed.map((c) => [c.field, { before: c.before, after: c.after }])) },
    },
  ];
  const stage = changed.find((change) => change.field === 'stage');
  if (stage) events.push({ type: 'deal.stage_moved', payload: { ...base, from: stage.before, to: stage.after } });
  return events;
}

/** A deal's text fields: what a one-statement write sets (the board's move sets the stage and its status). */
type TextField = { [K in keyof OpportunityRow]-?: OpportunityRow[K] extends string | null ? K : never }[keyof OpportunityRow];

/** What recordInOneStatement writes, and where. */
export interface OneStatementWrite<Answer> {
  /** The deal to write, on the table under its own name: the caller's condition and the visibility rule (scope.ts). */
  where: SQL;
  changes: Readonly<Partial<Record<TextField, string>>>;
  origin: ChangeOrigin;
  /** The version the writer saw: another version writes nothing. */
  version: number;
  /** More of the answer, read in the statement's snapshot (before the write); `written.owner_id` names the deal's owner. */
  answer: { [K in keyof Answer]: SQL<Answer[K]> };
}

/** Who wrote, as `input` holds it beside the values: the history's author columns, typed as the table types them. */
const AUTHOR_COLUMNS = Object.keys(authorOf({ source: 'person' })) as Array<keyof ReturnType<typeof authorOf>>;
const AUTHOR_INPUT = AUTHOR_COLUMNS.map((name) => `by_${name} ${opportunityChanges[name].getSQLType()}`).join(', ');

/**
 * The text of recordInOneStatement for these columns around its three holes: the values (one JSON
 * record), the deal's condition and the caller's answer. Column names are the schema's, never input.
 */
function writeOneStatementText(names: readonly string[]) {
  const each = (text: (name: string) => string, separator: string) => names.map(text).join(separator);
  // The webhook events' common fields, as dealChangeEvents writes them.
  const eventBase = `'id', written.id, 'owner_id', written.owner_id, 'version', written.version, 'source', input.by_source, 'actor_id', input.by_actor_id`;
  return {
    input: `WITH input AS (SELECT * FROM jsonb_to_record(`,
    locked: `::jsonb) AS r(${each((n) => `new_${n} text`, ', ')}, seen_version integer, ${AUTHOR_INPUT})), locked AS (
      SELECT opportunities.id, ${each((n) => `opportunities.${n}`, ', ')} FROM opportunities, input
      WHERE `,
    written: ` AND opportunities.version = input.seen_version
        AND (${each((n) => `opportunities.${n} IS DISTINCT FROM input.new_${n}`, ' OR ')})
      FOR UPDATE OF opportunities
    ), written AS (
      UPDATE opportunities SET ${each((n) => `${n} = input.new_${n}`, ', ')},
        version = opportunities.version + 1, last_activity_at = now(),
        field_sources = opportunities.field_sources || ${each(
          (n) =>
            `CASE WHEN locked.${n} IS DISTINCT FROM input.new_${n} THEN jsonb_build_object('${n}', input.by_source) ELSE '{}'::jsonb END`,
          ' || ',
        )}
      FROM locked, input WHERE opportunities.id = locked.id AND opportunities.version = input.seen_version
      RETURNING to_json(opportunities.*) AS row, opportunities.id, opportunities.owner_id, opportunities.version,
        ${each((n) => `to_jsonb(locked.${n}) AS before_${n}, to_jsonb(opportunities.${n}) AS after_${n}`, ', ')}
    ), history AS (
      INSERT INTO opportunity_changes (opportunity_id, ${AUTHOR_COLUMNS.join(', ')}, field, before, after)
      SELECT written.id, ${AUTHOR_COLUMNS.map((name) => `input.by_${name}`).join(', ')}, change.field, change.before, change.after
      FROM written, input,
        LATERAL (VALUES ${each((n) => `('${n}', written.before_${n}, written.after_${n})`, ', ')}) AS change(field, before, after)
      WHERE change.before IS DISTINCT FROM change.after
    ), deal_events AS (
      SELECT 1 AS ord, 'deal.changed' AS type, jsonb_build_object(${eventBase}, 'changes', (
        SELECT jsonb_object_agg(change.field, jsonb_build_object('before', change.before, 'after', change.after))
        FROM (VALUES ${each((n) => `('${n}', written.before_${n}, written.after_${n})`, ', ')}) AS change(field, before, after)
        WHERE change.before IS DISTINCT FROM change.after)) AS payload
      FROM written, input${
        names.includes('stage')
          ? `
      UNION ALL
      SELECT 2, 'deal.stage_moved', jsonb_build_object(${eventBase}, 'from', written.before_stage, 'to', written.after_stage)
      FROM written, input WHERE written.before_stage IS DISTINCT FROM written.after_stage`
          : ''
      }
    ), ${outboxStatementText('deal_events')}
    SELECT written.row`,
  };
}

/** Each field list's text, written once: the lists are the code's own (the board's move has one). */
const oneStatementTexts = new Map<string, ReturnType<typeof writeOneStatementText>>();
function oneStatementText(names: readonly string[]) {
  const key = names.join(',');
  let text = oneStatementTexts.get(key);
  if (!text) oneStatementTexts.set(key, (text = writeOneStatementText(names)));
  return text;
}

/**
 * recordChanges as one statement, for the write that must be one round trip (the board's move,
 * decision 023): the same rule in SQL. The deal `where` selects is locked and written only at
 * `version`, and only when a value really changes (else nothing, and undefined: the caller takes the
 * general path); the version moves, the last activity is now, field_sources names the writer of each
 * changed field; one history row per changed field, before → after as JSON, with who from authorOf
 * and when from the table's default, as recordChanges writes them. Answers the written row with the
 * caller's `answer` columns.
 *
 * The values enter once, as one JSON record (`input`), and the rest is text that depends only on
 * the fields: building the statement from Drizzle's column objects and fragments cost the server
 * more than the database spent running it (decision 023).
 */
export async function recordInOneStatement<Answer>(
  db: Db,
  write: OneStatementWrite<Answer>,
): Promise<{ row: OpportunityRow; answer: Answer } | undefined> {
  const fields = Object.keys(write.changes) as TextField[];
  if (!fields.length) return undefined;
  const text = oneStatementText(fields.map((field) => getTableColumns(o)[field].name));
  const values = JSON.stringify({
    ...Object.fromEntries(fields.map((field) => [`new_${getTableColumns(o)[field].name}`, write.changes[field]])),
    seen_version: write.version,
    ...Object.fromEntries(Object.entries(authorOf(write.origin)).map(([name, value]) => [`by_${name}`, value])),
  });
  const answer = sql.join(
    Object.entries<SQL>(write.answer).map(([name, expression]) => sql`, ${expression} AS ${sql.identifier(name)}`),
  );
  const [written] = await selectRows<{ row: OpportunityRow | string } & Answer>(
    db,
    sql`${sql.raw(text.input)}${values}${sql.raw(text.locked)}${write.where}${sql.raw(text.written)}${answer} FROM written`,
  );
  if (!written) return undefined;
  const { row, ...rest } = written;
  // The row as JSON: its timestamps are ISO strings, which every reader of a row passes through iso().
  return { row: jsonValue(row) as OpportunityRow, answer: rest as unknown as Answer };
}

/** A deal's last activity is now (an analysis that only suggested still counts as activity). */
export { touchActivity } from './queries.ts';

/** The events that make a deal (and its next meeting) appear in or leave its owner's calendar. */
const CALENDAR_EVENTS: ReadonlySet<DealEvent> = new Set(['created', 'deleted', 'restored']);

/**
 * One event row per deal (created, deleted, restored), with what is worth showing after it. A deal
 * created, deleted or restored with a next meeting asks for its owner's calendar sync (decision 042),
 * as recordChanges does for a moved meeting or a new owner.
 */
export async function recordEvents(
  tx: DbOrTx,
  events: ReadonlyArray<{ id: number; event: DealEvent; after?: unknown }>,
  origin: ChangeOrigin,
): Promise<void> {
  if (!events.length) return;
  const created = events.filter((event) => event.event === 'created');
  await emitEvents(
    tx,
    created.map(({ id, after }) => ({
      type: 'deal.created' as const,
      payload: { id, ...(after && typeof after === 'object' ? after : {}), ...eventAuthor(origin) },
    })),
    {
      dealColumns: true,
      // The history rows in the same statement as the events.
      alongside: changesInsert(
        tx,
        events.map(({ id, event, after }) => changeRow(id, origin, event, null, after ?? null)),
      ),
    },
  );
  await requestCalendarSyncForDeals(
    tx,
    events.filter(({ event }) => CALENDAR_EVENTS.has(event)).map(({ id }) => id),
  );
}

/** A new deal's headline, as the "created" event shows it. */
export const headline = (row: { product?: string | null; client_company_name?: string | null; amount?: number | null }) => ({
  product: row.product ?? null,
  client_company_name: row.client_company_name ?? null,
  amount: row.amount ?? null,
});

/** Inserts deals and records each one's creation: one statement for the rows, one for their history. */
export async function insertRecorded(tx: DbOrTx, given: Insert[], origin: ChangeOrigin): Promise<number[]> {
  // Each deal's account first, so the "created" event shows the company as the deal will (its account's name).
  const rows = await withAccounts(tx, given);
  const ids = await insertOpportunities(tx, rows);
  await recordEvents(
    tx,
    ids.map((id, i) => ({ id, event: 'created' as const, after: headline(rows[i]!) })),
    origin,
  );
  return ids;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return (
      a !== null &&
      b !== null &&
      a !== undefined &&
      b !== undefined &&
      new Date(a as Date).getTime() === new Date(b as Date).getTime()
    );
  }
  return a === b;
}

/**
 * A machine's values for a deal (an analysis, an integration): each field is written when it is
 * empty or a machine wrote it last; over a person's value it becomes a suggestion beside the field.
 * The stage follows the status, so it is written or suggested with it.
 */
export async function recordMachineChanges(
  tx: DbOrTx,
  before: OpportunityRow,
  proposed: Readonly<Record<string, unknown>>,
  origin: ChangeOrigin,
): Promise<{ row: OpportunityRow; written: string[]; suggested: string[] }> {
  const old = before as unknown as Record<string, unknown>;
  const sources = before.field_sources;
  const changed = Object.entries(await machineCompanyAsAccount(tx, proposed)).filter(
    ([field, value]) => !same(old[field] ?? null, value ?? null),
  );
  const mayWrite = (field: string) => {
    const gate = field === 'stage' && 'status' in proposed ? 'status' : field;
    return machineMayWrite(old[gate], sources[gate] ?? sources[field]);
  };
  const direct = Object.fromEntries(changed.filter(([field]) => mayWrite(field)));
  const suggested: string[] = [];
  // A machine with nothing to say about a field a person filled does not offer to empty it.
  const offers = changed.filter(([name, value]) => !mayWrite(name) && name !== 'stage' && value !== null && value !== '');
  for (const [field, value] of offers) {
    const fresh = await suggest(tx, {
      opportunity_id: before.id,
      field,
      value: historyValue(value),
      source: origin.source,
      call_analysis_id: origin.callAnalysisId ?? null,
      api_key_id: origin.apiKeyId ?? null,
    });
    if (fresh) suggested.push(field);
  }
  const row = (await recordChanges(tx, before, direct, origin)) ?? before;
  return { row, written: Object.keys(direct), suggested };
}

/**
 * A change to the deal's buying committee (issue 36): one member added, re-roled or removed,
 * recorded as the field `committee` with the member before → after (committeeChange in
 * @nexa/domain). The deal's version moves and field_sources remembers who last wrote the committee,
 * as for any field; with a version, only that version is written (undefined: someone got there first).
 */
export async function recordCommitteeChange(
  tx: DbOrTx,
  before: OpportunityRow,
  change: { before: unknown; after: unknown },
  origin: ChangeOrigin,
  version?: number,
): Promise<OpportunityRow | undefined> {
  const row = await updateOpportunityFields(tx, before.id, {}, { committee: origin.source }, version);
  if (!row) return undefined;
  await insertChanges(tx, [changeRow(before.id, origin, 'committee', change.before, change.after)]);
  return row;
}
