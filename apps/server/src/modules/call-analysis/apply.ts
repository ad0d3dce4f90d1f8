import { eq } from 'drizzle-orm';
import { formatCommercialAnswers, formatFeedback, formatTechnicalAnswers, withStage, type CallAnalysis } from '@nexa/domain';
import { callAnalyses, opportunities } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AnalysisTarget } from './enqueue.ts';

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

/**
 * Writes an analysis into its opportunity (creating it for a new one) and keeps it as history.
 * Call it inside a transaction: the fields and the call_analyses row commit together.
 */
export async function applyCallAnalysis(
  tx: DbOrTx,
  input: ApplyCallAnalysisInput,
): Promise<{ opportunityId: number; analysisId: string }> {
  const fields = opportunityFieldsOf(input.analysis);
  let opportunityId: number;
  if ('opportunityId' in input.target) {
    const [row] = await tx
      .update(opportunities)
      .set(fields)
      .where(eq(opportunities.id, input.target.opportunityId))
      .returning({ id: opportunities.id });
    if (!row) throw new OpportunityGoneError();
    opportunityId = row.id;
  } else {
    const target = input.target.newOpportunity;
    // An integration may queue two transcripts for one new external id: the second one updates
    // what the first created (a race ends in the unique index, and the job's retry lands here).
    const [existing] = target.external_id
      ? await tx
          .update(opportunities)
          .set(fields)
          .where(eq(opportunities.external_id, target.external_id))
          .returning({ id: opportunities.id })
      : [];
    const [row] = existing
      ? [existing]
      : await tx
          .insert(opportunities)
          .values(
            withStage({
              owner_id: target.owner_id,
              owner_match: target.owner_match ?? null,
              account_manager: target.account_manager,
              client_company_name: target.client_company_name,
              product: target.product,
              amount: target.amount ?? null,
              status: 'On-going',
              external_id: target.external_id ?? null,
              ...fields,
            }),
          )
          .returning({ id: opportunities.id });
    opportunityId = row!.id;
  }
  const [analysis] = await tx
    .insert(callAnalyses)
    .values({
      opportunity_id: opportunityId,
      created_by: input.createdBy,
      api_key_id: input.apiKeyId,
      provider: input.provider,
      model: input.model,
      language: input.analysis.language,
      transcript_name: input.transcriptName,
      transcript_lines: input.transcriptLines,
      result: input.analysis,
    })
    .returning({ id: callAnalyses.id });
  return { opportunityId, analysisId: analysis!.id };
}
