import { useMutation } from '@tanstack/react-query';
import type { AnalysisLanguage, CompanyAnalysisResponse } from '@nexa/domain';
import { api, ApiError } from '../../../lib/api-client.ts';

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

export function useAnalyzeCompany() {
  return useMutation({ mutationKey: ['analysis', 'company'], mutationFn: analyzeCompany });
}
