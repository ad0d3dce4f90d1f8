import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  fieldsWith,
  OPPORTUNITY_FIELDS,
  withStage,
  withStageOfChange,
  type callInsightBodySchema,
  type FieldKind,
  type FieldsWith,
} from '@nexa/domain';
import type { ApiKeyActor } from '../../auth/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { withAccountOf } from '../accounts/deals.ts';
import { applyCallAnalysis } from '../call-analysis/index.ts';
import {
  lockDealByExternalId,
  recordChanges,
  recordEvents,
  recordMachineChanges,
  headline,
  type ChangeOrigin,
  type OpportunityRow as Row,
} from '../opportunities/changes.ts';
import { ownerFor, type MatchedOwner } from '../opportunities/owner.ts';
import { dealByExternalId, insertDealUnlessExternalIdTaken, latestAnalysisResult } from './queries.ts';

type CallInsight = z.infer<typeof callInsightBodySchema>;
/** The fields an integration may set (opportunity-fields.ts: `ingested`). */
type Fields = Partial<Pick<Row, FieldsWith<'ingested'>>>;

export interface UpsertResult {
  id: number;
  created: boolean;
  changed: boolean;
}

/** How a stated value is stored: amounts to the cent, instants as timestamps, the rest as sent. */
function storedValue(kind: FieldKind, value: unknown): unknown {
  // numeric(14,2): rounded here so that sending 10.005 twice compares equal the second time.
  if (kind === 'money') return Math.round((value as number) * 100) / 100;
  if (kind === 'datetime') return new Date(value as string);
  return value;
}

/** Only what the request states: a field it leaves out keeps its value. */
function fieldsOf(body: CallInsight): Fields {
  const stated = fieldsWith('ingested').filter((field) => body[field] !== undefined);
  return Object.fromEntries(stated.map((field) => [field, storedValue(OPPORTUNITY_FIELDS[field].kind, body[field])])) as Fields;
}

const accountManagerOf = (body: { account_manager?: string; account_manager_email?: string }) => ({
  name: body.account_manager,
  email: body.account_manager_email,
});

/**
 * The owner to set on an existing row, if it changes. The match runs again for a new account
 * manager name or whenever an e-mail is sent; the same name alone keeps the owner decided before.
 */
async function newOwner(tx: Tx, row: Row, body: CallInsight): Promise<Partial<MatchedOwner>> {
  if (row.account_manager === body.account_manager && body.account_manager_email === undefined) return {};
  const owner = await ownerFor(tx, accountManagerOf(body));
  return owner.owner_id === row.owner_id && owner.owner_match === row.owner_match ? {} : owner;
}

/**
 * A new deal with its account (the deal shows the account's name, and so does its "created" event,
 * as insertRecorded does for the other paths), unless its external_id is taken: its id, or undefined.
 */
async function insertRecordedUnlessTaken(
  tx: Tx,
  row: Parameters<typeof insertDealUnlessExternalIdTaken>[1],
  origin: ChangeOrigin,
): Promise<number | undefined> {
  const linked = await withAccountOf(tx, row);
  const id = await insertDealUnlessExternalIdTaken(tx, linked);
  if (id !== undefined) await recordEvents(tx, [{ id, event: 'created', after: headline(linked) }], origin);
  return id;
}

/**
 * Upsert by external_id, idempotent: the same request twice writes nothing the second time.
 * The analysis is applied first and the request's explicit fields after it, so a field the
 * integration states wins over what its analysis suggests — and a repeat finds nothing to do.
 * Both go through the change recorder: over a value a person set, they become suggestions.
 * Two identical requests at once: the insert of the second waits for the first and finds the row.
 */
export async function upsertCallInsight(db: Db, apiKey: ApiKeyActor, body: CallInsight): Promise<UpsertResult> {
  const wanted = fieldsOf(body);
  const origin: ChangeOrigin = { source: 'ingest', apiKeyId: apiKey.id };
  return db.transaction(async (tx) => {
    let created = false;
    let changed = false;
    const fresh = withStage({ ...wanted, external_id: body.external_id, ...(await ownerFor(tx, accountManagerOf(body))) });
    if ((await insertRecordedUnlessTaken(tx, fresh, origin)) !== undefined) created = changed = true;
    const existing = await lockDealByExternalId(tx, body.external_id);
    // The conflicting row was inserted and deleted in between: rare enough to ask for a retry.
    if (!existing) throw new Error('opportunity vanished during upsert');
    const id = existing.id;

    if (body.analysis && !isDeepStrictEqual(await latestAnalysisResult(tx, id), body.analysis)) {
      // History row: the key that sent it, no user, no transcript (results only).
      await applyCallAnalysis(tx, {
        target: { opportunityId: id },
        analysis: body.analysis,
        createdBy: null,
        apiKeyId: apiKey.id,
        provider: 'integration',
        model: null,
        transcriptName: null,
        transcriptLines: null,
      });
      changed = true;
    }

    const row = (await lockDealByExternalId(tx, body.external_id))!;
    const machine = await recordMachineChanges(tx, row, withStageOfChange(wanted), origin);
    // The owner follows the integration's account manager: the matching rule decided it, not a guess.
    const owner = await newOwner(tx, row, body);
    if (Object.keys(owner).length) await recordChanges(tx, machine.row, owner, origin);
    if (machine.written.length || machine.suggested.length || Object.keys(owner).length) changed = true;
    return { id, created, changed };
  });
}

/**
 * The opportunity a transcript is for: the one with this external_id, or a new one created now
 * (with the account-manager matching) so the job has its opportunity from the start and two
 * transcripts for one new external_id cannot create it twice. An existing one is left as it is.
 */
export async function opportunityForTranscript(
  tx: Tx,
  input: {
    external_id: string;
    account_manager?: string;
    account_manager_email?: string;
    client_company_name?: string;
    product?: string;
  },
): Promise<{ id: number; accountManager: string | null }> {
  const find = () => dealByExternalId(tx, input.external_id);
  const existing = await find();
  if (existing) return existing;
  for (const field of ['account_manager', 'client_company_name'] as const) {
    if (!input[field]) throw new AppError('bad_request', `${field} is required for a new external_id`, field);
  }
  const fresh = withStage({
    external_id: input.external_id,
    account_manager: input.account_manager,
    client_company_name: input.client_company_name,
    product: input.product || null,
    status: 'On-going',
    ...(await ownerFor(tx, accountManagerOf(input))),
  });
  await insertRecordedUnlessTaken(tx, fresh, { source: 'ingest' });
  // Lost a race with another request for the same external_id: use the row it created.
  return (await find())!;
}
