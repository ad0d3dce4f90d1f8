import { historyValue, machineMayWrite, type ChangeSource } from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
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
 * Other modules reach it through this file.
 */

/** Who or what is writing. */
export interface ChangeOrigin {
  source: ChangeSource;
  actorId?: string | null;
  apiKeyId?: string | null;
  callAnalysisId?: string | null;
}

/** Events of the deal itself, recorded under these pseudo-fields beside the field changes. */
export type DealEvent = 'created' | 'deleted' | 'restored' | 'suggestion_dismissed';

export type { OpportunityRow };

/** A deal a machine is about to write, locked until the transaction ends (no scope: machines see all). */
export const lockDeal = (tx: DbOrTx, id: number) => lockVisibleOpportunity(tx, null, id);
export const lockDealByExternalId = lockOpportunityByExternalId;

type Insert = Parameters<typeof insertOpportunities>[1][number];

/** A value as its column takes it: the meeting is a timestamp, everything else as it is. */
function columnValue(field: string, value: unknown): unknown {
  if (field === 'next_meeting_date' && typeof value === 'string') return new Date(value);
  return value;
}

const changeRow = (id: number, origin: ChangeOrigin, field: string, before: unknown, after: unknown): ChangeRow => ({
  opportunity_id: id,
  source: origin.source,
  actor_id: origin.actorId ?? null,
  api_key_id: origin.apiKeyId ?? null,
  call_analysis_id: origin.callAnalysisId ?? null,
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
  await insertChanges(
    tx,
    fields.map((field) => changeRow(before.id, origin, field, old[field], record[field])),
  );
  return row;
}

/** A deal's last activity is now (an analysis that only suggested still counts as activity). */
export { touchActivity } from './queries.ts';

/** One event row per deal (created, deleted, restored), with what is worth showing after it. */
export async function recordEvents(
  tx: DbOrTx,
  events: ReadonlyArray<{ id: number; event: DealEvent; after?: unknown }>,
  origin: ChangeOrigin,
): Promise<void> {
  await insertChanges(
    tx,
    events.map(({ id, event, after }) => changeRow(id, origin, event, null, after ?? null)),
  );
}

/** A new deal's headline, as the "created" event shows it. */
export const headline = (row: { product?: string | null; client_company_name?: string | null; amount?: number | null }) => ({
  product: row.product ?? null,
  client_company_name: row.client_company_name ?? null,
  amount: row.amount ?? null,
});

/** Inserts deals and records each one's creation: one statement for the rows, one for their history. */
export async function insertRecorded(tx: DbOrTx, rows: Insert[], origin: ChangeOrigin): Promise<number[]> {
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
  const changed = Object.entries(proposed).filter(([field, value]) => !same(old[field] ?? null, value ?? null));
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
