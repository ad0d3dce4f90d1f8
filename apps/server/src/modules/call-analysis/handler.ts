import {
  alignWithChecklist,
  callAnalysisSchema,
  dropOutOfRangeCitations,
  lineText,
  verifiedCommitteeRoles,
  verifyCitations,
} from '@nexa/domain';
import { CallAnalysisError, type CallAnalysisProvider } from '../../ai/call-provider.ts';
import { CallThreadLimitError, parseTranscriptOffThread } from '../../ai/call-thread.ts';
import type { Db } from '../../db/client.ts';
import { MAX_ATTEMPTS } from '../jobs/index.ts';
import { JobFailure, type JobHandler } from '../jobs/index.ts';
import { applyCallAnalysis, OpportunityGoneError } from './apply.ts';
import type { TranscriptAnalysisPayload } from './enqueue.ts';
import { contactSideOverrides, recordCallPeople } from './people.ts';
import { opportunityContact, rememberedRoles, sellerTeam } from './queries.ts';

/**
 * The worker gave up on this transcript (too long to read or analyse, or out of its memory): trying
 * again would hold the shared worker as long again, so the job fails with words its owner can act on.
 */
function overLimits(error: unknown): unknown {
  if (!(error instanceof CallThreadLimitError)) return error;
  return new JobFailure('The transcript is too long or too complex to analyse.', `call thread: ${error.reason}`);
}

/**
 * Runs one transcript analysis: parse, analyse (chunk by chunk for a model, with progress),
 * validate, then write the opportunity, the history row and the job's success in one transaction.
 * A failure writes nothing but the job's safe error message.
 */
export function transcriptAnalysisHandler(db: Db, provider: CallAnalysisProvider): JobHandler {
  return async (job, context) => {
    const payload = job.payload as TranscriptAnalysisPayload;
    // Lenient here: a route refuses a file in none of the formats before queueing; an integration's text is read as it comes.
    const lines = await parseTranscriptOffThread(payload.transcript, payload.transcriptName, { strict: false }).catch(
      (error: unknown) => {
        throw overLimits(error);
      },
    );
    if (!lines.length) throw new JobFailure('The transcript has no text to analyse.');
    const contact =
      'opportunityId' in payload.target
        ? await opportunityContact(db, payload.target.opportunityId)
        : { contactName: null, clientCompany: payload.target.newOpportunity.client_company_name };
    // Everyone of the workspace sells; the roles a person chose on this deal's earlier calls hold
    // again, under the ones chosen for this run (issue 34).
    const team = await sellerTeam(db);
    const remembered = 'opportunityId' in payload.target ? await rememberedRoles(db, payload.target.opportunityId) : {};
    // The side a representative set for a contact holds on every call of the account (issue 36), over
    // the roles remembered from the deal's earlier calls; a choice made for this run wins over both.
    const sides = 'opportunityId' in payload.target ? await contactSideOverrides(db, payload.target.opportunityId, lines) : {};
    const overrides = { ...remembered, ...sides, ...(payload.speakerRoles ?? {}) };
    await context.progress(5);

    let analysis;
    try {
      analysis = await provider.analyzeCall({
        lines,
        language: payload.language,
        // The call's own date when the file or the upload gave it; else the job's own date, so a
        // retried job reads "next Tuesday" as the first run did.
        referenceDate: new Date(payload.callDate ?? job.created_at),
        timeZone: payload.timeZone ?? null,
        sellerName: payload.sellerName,
        sellerTeam: team,
        contactName: contact.contactName,
        clientCompany: contact.clientCompany,
        roleOverrides: Object.keys(overrides).length ? overrides : null,
        speakerMetadata: payload.speakerMetadata ?? null,
        signal: context.signal,
        onProgress: (done, total) => context.progress(5 + Math.floor((85 * done) / total)),
      });
    } catch (error) {
      if (error instanceof CallThreadLimitError) throw overLimits(error);
      if (error instanceof CallAnalysisError && (!error.retry || context.attempt >= MAX_ATTEMPTS)) {
        throw new JobFailure(error.message, error.detail);
      }
      throw error;
    }
    // Every citation checked against the transcript: what does not check out is dropped and counted, never shown.
    // The commercial score's "Not discussed: …" then names exactly what the checklist leaves empty.
    const checked = callAnalysisSchema.safeParse(
      alignWithChecklist(verifyCitations(dropOutOfRangeCitations(analysis, lines.length), lines)),
    );
    if (!checked.success) throw new JobFailure('The analysis could not be completed: the result was not valid.');
    // A role suggestion whose words are not in its lines is dropped like any other citation.
    const result = checked.data.committeeRoles
      ? { ...checked.data, committeeRoles: verifiedCommitteeRoles(checked.data.committeeRoles, lines) }
      : checked.data;

    try {
      await db.transaction(async (tx) => {
        const written = await applyCallAnalysis(tx, {
          target: payload.target,
          analysis: result,
          createdBy: payload.createdBy,
          apiKeyId: payload.apiKeyId,
          provider: provider.name,
          model: provider.model,
          transcriptName: payload.transcriptName,
          transcriptLines: lines.map(lineText),
        });
        // The speakers as people and the roles the call suggests, with the analysis (issue 36).
        await recordCallPeople(tx, {
          analysisId: written.analysisId,
          opportunityId: written.opportunityId,
          analysis: result,
          lines,
          emails: payload.speakerEmails ?? null,
        });
        await context.complete(tx, { result: { analysisId: written.analysisId }, opportunityId: written.opportunityId });
      });
    } catch (error) {
      if (error instanceof OpportunityGoneError) throw new JobFailure(error.message);
      throw error;
    }
  };
}
