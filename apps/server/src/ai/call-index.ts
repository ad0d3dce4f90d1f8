import type { Config } from '../config.ts';
import { createOfflineCallProvider, type CallAnalysisProvider } from './call-provider.ts';
import { createOpenAiCallProvider } from './call-openai-provider.ts';
import { openAiOptions } from './index.ts';

export type { CallAnalysisInput, CallAnalysisProvider } from './call-provider.ts';
export { CallAnalysisError } from './call-provider.ts';

/** The same choice as the company analysis: the OpenAI-compatible endpoint when AI_BASE_URL is set, else offline. */
export function createCallAnalysisProvider(ai: Config['ai']): CallAnalysisProvider {
  const openAi = openAiOptions(ai);
  return openAi
    ? createOpenAiCallProvider({ ...openAi, windowChars: ai.callWindowChars, windowOverlap: ai.callWindowOverlap })
    : createOfflineCallProvider();
}
