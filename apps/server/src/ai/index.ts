import type { Config } from '../config.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider.ts';
import type { AnalysisProvider } from './provider.ts';

export type { AnalysisInput, AnalysisProvider, CompanyContext, ProviderAnalysis } from './provider.ts';
export { AnalysisUnavailableError } from './provider.ts';

/** The configured provider: an OpenAI-compatible endpoint when AI_BASE_URL is set, else offline. */
export function createAnalysisProvider(ai: Config['ai']): AnalysisProvider {
  const openAi = openAiOptions(ai);
  return openAi ? createOpenAiProvider(openAi) : createOfflineProvider();
}

/** The OpenAI-compatible endpoint's settings when AI_BASE_URL is set; null means the offline analyzers. */
export function openAiOptions(ai: Config['ai']): OpenAiProviderOptions | null {
  if (ai.provider !== 'openai' || !ai.baseUrl) return null;
  return {
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    jsonMode: ai.jsonMode,
  };
}
