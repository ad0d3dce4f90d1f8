import { type CallAnalysis, type SpeakerRole, type TranscriptLanguage, type TranscriptLine } from '@nexa/domain';

import { analyzeOffThread } from './call-thread.ts';

export interface CallAnalysisInput {
  lines: TranscriptLine[];
  language: TranscriptLanguage;
  /** "next Tuesday" in the call is read relative to this. */
  referenceDate: Date;
  /** The representative's IANA time zone: due dates are days in it, a time said without a zone its wall time. */
  timeZone?: string | null;
  /** The representative's name, when known, so the prospect's questions are told from theirs. */
  sellerName?: string | null;
  /** The workspace's people: a speaker so named is on the seller's side. */
  sellerTeam?: readonly string[] | null;
  /** The deal's contact and company: speakers named so are the prospect. */
  contactName?: string | null;
  clientCompany?: string | null;
  /** Speaker roles an integration sent with the transcript. */
  speakerMetadata?: Record<string, SpeakerRole> | null;
  /** Roles the rep chose (swap and re-run): they win over every rule. */
  roleOverrides?: Record<string, SpeakerRole> | null;
  signal?: AbortSignal;
  /** Called after each chunk of a long transcript. */
  onProgress?: (done: number, total: number) => Promise<void>;
}

/** One way of analysing a call: a live model or the offline analyzer; both produce callAnalysisSchema. */
export interface CallAnalysisProvider {
  readonly name: 'openai' | 'offline';
  readonly model: string | null;
  analyzeCall(input: CallAnalysisInput): Promise<CallAnalysis>;
}

/**
 * The provider gave no usable analysis. `message` is safe to show the job's owner; `detail` is
 * for the log (never the upstream text or the key). `retry` says whether another attempt may help.
 */
export class CallAnalysisError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly retry: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function createOfflineCallProvider(): CallAnalysisProvider {
  return {
    name: 'offline',
    model: null,
    async analyzeCall(input) {
      const result = await analyzeOffThread(input.lines, {
        language: input.language,
        referenceDate: input.referenceDate,
        timeZone: input.timeZone,
        sellerName: input.sellerName,
        sellerTeam: input.sellerTeam,
        contactName: input.contactName,
        clientCompany: input.clientCompany,
        speakerMetadata: input.speakerMetadata,
        roleOverrides: input.roleOverrides,
      });
      await input.onProgress?.(1, 1);
      return result;
    },
  };
}
