import type { TFunction } from 'i18next';
import type { AnalysisLanguage, CompanyAnalysisResponse } from '@nexa/domain';
import { api, ApiError, untrustedOriginMessage } from '../../../lib/api-client.ts';

/** The server bounds the model call at 20 s; past this the page stops waiting anyway. */
export const ANALYSIS_CLIENT_TIMEOUT_MS = 30_000;

export interface AnalyzeCompanyInput {
  companyName: string;
  language: AnalysisLanguage;
  /** Aborted by Reset or a new search: the answer is then ignored. */
  signal?: AbortSignal;
}

export async function analyzeCompany({ signal, ...body }: AnalyzeCompanyInput): Promise<CompanyAnalysisResponse> {
  const controller = new AbortController();
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => controller.abort(), ANALYSIS_CLIENT_TIMEOUT_MS);
  try {
    return await api.post<CompanyAnalysisResponse>('/api/analysis/company', body, { signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted) throw new ApiError(0, 'timeout', 'The analysis took too long');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** What the visitor reads when an analysis fails (the `analysis` messages). */
export function analysisFailure(t: TFunction<'analysis'>, error: unknown): string {
  const limited = error instanceof ApiError && error.code === 'rate_limited';
  return untrustedOriginMessage(t, error) ?? (limited ? t('errors.rateLimited') : t('errors.analysisBody'));
}
