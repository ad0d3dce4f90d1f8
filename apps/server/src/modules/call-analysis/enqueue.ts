import type { Job, OwnerMatch, SpeakerRole, TranscriptLanguage } from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueJob, toJob } from '../jobs/index.ts';

export const TRANSCRIPT_ANALYSIS = 'transcript_analysis';

/** Fields of an opportunity created when the analysis succeeds. */
export interface NewOpportunityTarget {
  client_company_name: string;
  product: string | null;
  amount?: number | null;
  /** The representative who will own it (the rep who asked, or the one an integration matched). */
  owner_id: string | null;
  /** How owner_id was decided (absent in jobs queued before it was recorded). */
  owner_match?: OwnerMatch;
  account_manager: string | null;
  /** The integration's id for it (ingest API). */
  external_id?: string | null;
}

export type AnalysisTarget = { opportunityId: number } | { newOpportunity: NewOpportunityTarget };

export interface TranscriptAnalysisPayload {
  language: TranscriptLanguage;
  /** The transcript's text (a .docx already extracted); parsed into lines by the worker. */
  transcript: string;
  transcriptName: string | null;
  target: AnalysisTarget;
  createdBy: string | null;
  apiKeyId: string | null;
  /** Helps the offline analyzer tell the representative from the prospect. */
  sellerName: string | null;
  /** Roles a person chose (swap and re-run); absent in jobs queued before. */
  speakerRoles?: Record<string, SpeakerRole> | null;
  /** Roles the integration that sent the transcript knows. */
  speakerMetadata?: Record<string, SpeakerRole> | null;
  /** Speaker → e-mail, when the meeting tool gave its attendees' addresses: matched to contacts first (issue 36). */
  speakerEmails?: Record<string, string> | null;
  /** When the call took place (ISO): relative dates are read from it; absent, the job's creation time. */
  callDate?: string | null;
  /** The representative's IANA zone: due dates are days in it. */
  timeZone?: string | null;
}

export interface EnqueueTranscriptAnalysisInput {
  /** Who the job belongs to: a signed-in user or an integration's API key. */
  owner: { userId: string } | { apiKeyId: string };
  target: AnalysisTarget;
  language: TranscriptLanguage;
  transcript: string;
  transcriptName?: string | null;
  sellerName?: string | null;
  speakerRoles?: Record<string, SpeakerRole> | null;
  speakerMetadata?: Record<string, SpeakerRole> | null;
  speakerEmails?: Record<string, string> | null;
  callDate?: string | null;
  timeZone?: string | null;
}

/**
 * Queues a transcript analysis inside the caller's transaction (used by POST /api/call-analyses
 * and the ingest API). The caller has already checked that the owner may write the opportunity.
 */
export async function enqueueTranscriptAnalysis(tx: DbOrTx, input: EnqueueTranscriptAnalysisInput): Promise<Job> {
  const userId = 'userId' in input.owner ? input.owner.userId : null;
  const apiKeyId = 'apiKeyId' in input.owner ? input.owner.apiKeyId : null;
  const payload: TranscriptAnalysisPayload = {
    language: input.language,
    transcript: input.transcript,
    transcriptName: input.transcriptName ?? null,
    target: input.target,
    createdBy: userId,
    apiKeyId,
    sellerName: input.sellerName ?? null,
    speakerRoles: input.speakerRoles ?? null,
    speakerMetadata: input.speakerMetadata ?? null,
    ...(input.speakerEmails ? { speakerEmails: input.speakerEmails } : {}),
    callDate: input.callDate ?? null,
    timeZone: input.timeZone ?? null,
  };
  const row = await enqueueJob(tx, {
    kind: TRANSCRIPT_ANALYSIS,
    payload,
    ownerId: userId,
    apiKeyId,
    opportunityId: 'opportunityId' in input.target ? input.target.opportunityId : null,
  });
  return toJob(row);
}
