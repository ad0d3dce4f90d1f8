import type { AnalysisLanguage, AnalysisProviderName } from '@nexa/domain';

/** What the database already holds about a company: its sector and size, never its deals. */
export interface CompanyContext {
  industry: string | null;
  size: string | null;
}

export interface AnalysisInput {
  /** Cleaned (see cleanCompanyName), 2–100 characters. */
  companyName: string;
  language: AnalysisLanguage;
  context: CompanyContext | null;
}

export interface ProviderAnalysis {
  /** Plain text, paragraphs separated by a blank line. */
  diagnosis: string;
  /** The provider's own card choice; validated and capped by recommendCards(). */
  cardIds: string[];
}

/** One way of writing a diagnosis: a live model or the offline analyzer. */
export interface AnalysisProvider {
  readonly name: AnalysisProviderName;
  /**
   * What the cache key must include so a change of model or prompt never serves an answer
   * written by another; null when answers are not worth caching (cheap and local).
   */
  readonly cacheScope: string | null;
  analyze(input: AnalysisInput): Promise<ProviderAnalysis>;
}

/**
 * The provider could not give a usable answer (down, slow, refused, malformed output). The
 * reason is for the server log only; visitors get a generic 503.
 */
export class AnalysisUnavailableError extends Error {
  constructor(
    readonly reason: 'timeout' | 'upstream_error' | 'connection' | 'malformed_output',
    /** Safe to log: our own words and the upstream status, never the upstream text or the key. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${reason}: ${detail}`, options);
  }
}
