import { isDeepStrictEqual } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { withStage, withStageOfChange, type callInsightBodySchema } from '@nexa/domain';
import type { ApiKeyActor } from '../../auth/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { callAnalyses, opportunities as o } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { applyCallAnalysis } from '../call-analysis/index.ts';
import { ownerFor, type MatchedOwner } from '../opportunities/owner.ts';

type CallInsight = z.infer<typeof callInsightBodySchema>;
type Row = typeof o.$inferSelect;
/** The fields an integration may set. */
type Fields = Partial<
  Pick<
    Row,
    | 'account_manager'
    | 'product'
    | 'status'
    | 'lead_status'
    | 'amount'
    | 'client_company_name'
    | 'client_name'
    | 'next_meeting_date'
    | 'closing_date'
    | 'company_industry'
  >
>;

export interface UpsertResult {
  id: number;
  created: boolean;
  changed: boolean;
}

/** Only what the request states: a field it leaves out keeps its value. */
function fieldsOf(body: CallInsight): Fields {
  const fields: Fields = {
    account_manager: body.account_manager,
    client_company_name: body.client_company_name,
    product: body.product,
    client_name: body.client_name,
    // numeric(14,2): rounded here so that sending 10.005 twice compares equal the second time.
    amount: body.amount === undefined ? undefined : Math.round(body.amount * 100) / 100,
    status: body.status,
    lead_status: body.lead_status,
    next_meeting_date: body.next_meeting_date === undefined ? undefined : new Date(body.next_meeting_date),
    closing_date: body.closing_date,
    company_industry: body.company_industry,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Fields;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a !== null && b !== null && new Date(a as Date).getTime() === new Date(b as Date).getTime();
  }
  return a === b;
}

/** The fields whose stored value differs from the wanted one. */
function difference(row: Row, wanted: Fields): Fields {
  return Object.fromEntries(Object.entries(wanted).filter(([key, value]) => !same(row[key as keyof Row], value))) as Fields;
}

async function latestAnalysis(tx: Tx, opportunityId: number): Promise<unknown> {
  const [latest] = await tx
    .select({ result: callAnalyses.result })
    .from(callAnalyses)
    .where(eq(callAnalyses.opportunity_id, opportunityId))
    .orderBy(desc(callAnalyses.created_at))
    .limit(1);
  return latest?.result ?? null;
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
 * Upsert by external_id, idempotent: the same request twice writes nothing the second time.
 * The analysis is applied first and the request's explicit fields after it, so a field the
 * integration states wins over what its analysis suggests — and a repeat finds nothing to do.
 * Two identical requests at once: the insert of the second waits for the first and finds the row.
 */
export async function upsertCallInsight(db: Db, apiKey: ApiKeyActor, body: CallInsight): Promise<UpsertResult> {
  const wanted = fieldsOf(body);
  return db.transaction(async (tx) => {
    let created = false;
    let changed = false;
    const [inserted] = await tx
      .insert(o)
      .values(withStage({ ...wanted, external_id: body.external_id, ...(await ownerFor(tx, accountManagerOf(body))) }))
      .onConflictDoNothing({ target: o.external_id })
      .returning({ id: o.id });
    let id: number;
    if (inserted) {
      id = inserted.id;
      created = changed = true;
    } else {
      const [existing] = await tx.select({ id: o.id }).from(o).where(eq(o.external_id, body.external_id)).for('update');
      // The conflicting row was inserted and deleted in between: rare enough to ask for a retry.
      if (!existing) throw new Error('opportunity vanished during upsert');
      id = existing.id;
    }

    if (body.analysis && !isDeepStrictEqual(await latestAnalysis(tx, id), body.analysis)) {
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

    const [row] = await tx.select().from(o).where(eq(o.id, id));
    const patch = { ...difference(row!, wanted), ...(await newOwner(tx, row!, body)) };
    if (Object.keys(patch).length) {
      await tx.update(o).set(withStageOfChange(patch)).where(eq(o.id, id));
      changed = true;
    }
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
  const find = async () => {
    const [row] = await tx
      .select({ id: o.id, accountManager: o.account_manager })
      .from(o)
      .where(eq(o.external_id, input.external_id));
    return row;
  };
  const existing = await find();
  if (existing) return existing;
  for (const field of ['account_manager', 'client_company_name'] as const) {
    if (!input[field]) throw new AppError('bad_request', `${field} is required for a new external_id`, field);
  }
  const [inserted] = await tx
    .insert(o)
    .values(
      withStage({
        external_id: input.external_id,
        account_manager: input.account_manager,
        client_company_name: input.client_company_name,
        product: input.product || null,
        status: 'On-going',
        ...(await ownerFor(tx, accountManagerOf(input))),
      }),
    )
    .onConflictDoNothing({ target: o.external_id })
    .returning({ id: o.id, accountManager: o.account_manager });
  // Lost a race with another request for the same external_id: use the row it created.
  return inserted ?? (await find())!;
}
