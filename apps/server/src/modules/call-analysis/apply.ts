import { formatCommercialAnswers, formatFeedback, formatTechnicalAnswers, withStage, type CallAnalysis } from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  insertRecorded,
  lockDeal,
  lockDealByExternalId,
  recordMachineChanges,
  touchActivity,
  type ChangeOrigin,
  type OpportunityRow,
} from '../opportunities/changes.ts';
import type { AnalysisTarget } from './enqueue.ts';
import { insertCallAnalysis } from './queries.ts';
import { emitEvent } from '../webhooks/outbox.ts';

export class OpportunityGoneError extends Error {
  constructor() {
    super('The opportunity no longer exists');
  }
}

export interface ApplyCallAnalysisInput {
  target: AnalysisTarget;
  analysis: CallAnalysis;
  createdBy: string | null;
  apiKeyId: string | null;
  provider: string;
  model: string | null;
  transcriptName: string | null;
  /** The numbered lines the citations point into; null when an integration sent results only. */
  transcriptLines: string[] | null;
}

/** The opportunity's fields an analysis writes, in the formats the detail page, PDF and dialogs read. */
export function opportunityFieldsOf(analysis: CallAnalysis) {
  return {
    technical_answers: formatTechnicalAnswers(analysis.technicalRequirements) || null,
    commercial_answers: formatCommercialAnswers(analysis.commercialPoints) || null,
    technical_scoring: analysis.technicalScore.score,
    commercial_scoring: analysis.commercialScore.score,
    technical_feedback: formatFeedback(analysis.feedback.technical, analysis.technicalScore.reasons) || null,
    commercial_feedback: formatFeedback(analysis.feedback.commercial, analysis.commercialScore.reasons) || null,
    // Only what the call said: no suggestion or no date leaves the current value.
    ...(analysis.suggestedLeadStatus ? { lead_status: analysis.suggestedLeadStatus.value } : {}),
    ...(analysis.nextMeeting ? { next_meeting_date: new Date(analysis.nextMeeting.date) } : {}),
  };
}

/** The deal the analysis is for: the one named, or (an integration's transcript) found or created by external id. */
async function targetDeal(tx: DbOrTx, input: ApplyCallAnalysisInput): Promise<OpportunityRow> {
  if ('opportunityId' in input.target) {
    const row = await lockDeal(tx, input.target.opportunityId);
    if (!row) throw new OpportunityGoneError();
    return row;
  }
  const target = input.target.newOpportunity;
  // An integration may queue two transcripts for one new external id: the second one updates
  // what the first created (a race ends in the unique index, and the job's retry lands here).
  const existing = target.external_id ? await lockDealByExternalId(tx, target.external_id) : undefined;
  if (existing) return existing;
  const [id] = await insertRecorded(
    tx,
    [
      withStage({
        owner_id: target.owner_id,
        owner_match: target.owner_match ?? null,
        account_manager: target.account_manager,
        client_company_name: target.client_company_name,
        product: target.product,
        amount: target.amount ?? null,
        status: 'On-going',
        external_id: target.external_id ?? null,
      }),
    ],
    { source: input.apiKeyId ? 'ingest' : 'analysis', actorId: input.createdBy, apiKeyId: input.apiKeyId },
  );
  return (await lockDeal(tx, id!))!;
}

/**
 * Keeps an analysis in the deal's analysis history and writes its values into the deal through the
 * change recorder: where a person set a field, the analysis's value becomes a suggestion instead.
 * Call it inside a transaction: the fields, the history and the call_analyses row commit together.
 */
export async function applyCallAnalysis(
  tx: DbOrTx,
  input: ApplyCallAnalysisInput,
): Promise<{ opportunityId: number; analysisId: string }> {
  const deal = await targetDeal(tx, input);
  const analysisId = await insertCallAnalysis(tx, {
    opportunity_id: deal.id,
    created_by: input.createdBy,
    api_key_id: input.apiKeyId,
    provider: input.provider,
    model: input.model,
    language: input.analysis.language,
    transcript_name: input.transcriptName,
    transcript_lines: input.transcriptLines,
    result: input.analysis,
  });
  const origin: ChangeOrigin = {
    source: 'analysis',
    actorId: input.createdBy,
    apiKeyId: input.apiKeyId,
    callAnalysisId: analysisId,
  };
  const { written } = await recordMachineChanges(tx, deal, opportunityFieldsOf(input.analysis), origin);
  if (!written.length) await touchActivity(tx, deal.id);
  await emitEvent(tx, 'analysis.ready', {
    id: analysisId,
    opportunity_id: deal.id,
    owner_id: deal.owner_id,
    language: input.analysis.language,
    transcript_name: input.transcriptName,
    fields_written: written,
    source: input.apiKeyId ? 'ingest' : 'person',
    actor_id: input.createdBy,
  });
  return { opportunityId: deal.id, analysisId };
}
