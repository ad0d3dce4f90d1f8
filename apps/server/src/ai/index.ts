import type { Config } from '../config.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';
import type { AnalysisProvider } from './provider.ts';

export type { AnalysisInput, AnalysisProvider, CompanyContext, ProviderAnalysis } from './provider.ts';
export { AnalysisUnavailableError } from './provider.ts';

/** The configured provider: an OpenAI-compatible endpoint when AI_BASE_URL is set, else offline. */
export function createAnalysisProvider(ai: Config['ai']): AnalysisProvider {
  if (ai.provider === 'openai' && ai.baseUrl) {
    return createOpenAiProvider({
      baseUrl: ai.baseUrl,
      apiKey: ai.apiKey,
      model: ai.model,
      timeoutMs: ai.timeoutMs,
      maxRetries: ai.maxRetries,
      jsonMode: ai.jsonMode,
    });
  }
  return createOfflineProvider();
}
