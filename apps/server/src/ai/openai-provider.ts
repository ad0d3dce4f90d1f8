import OpenAI from 'openai';
import { buildMessages, PROMPT_VERSION } from './prompt.ts';
import { parseModelAnswer } from './parse.ts';
import { AnalysisUnavailableError, type AnalysisProvider } from './provider.ts';

export interface OpenAiProviderOptions {
  /** Any OpenAI-compatible chat-completions endpoint: OpenAI, Azure, Ollama, vLLM, LM Studio. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Bounds the whole call: every attempt, the wait between them and the body. */
  timeoutMs: number;
  maxRetries: number;
  jsonMode: boolean;
}

function classify(error: unknown): AnalysisUnavailableError {
  if (error instanceof AnalysisUnavailableError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError) {
    return new AnalysisUnavailableError('timeout', 'no complete answer in time', { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AnalysisUnavailableError('connection', 'endpoint unreachable', { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    return new AnalysisUnavailableError('upstream_error', `status ${error.status ?? 'unknown'}`, { cause: error });
  }
  // The body stopped arriving before the deadline fired (an aborted stream surfaces as a plain error).
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new AnalysisUnavailableError('timeout', 'answer body too slow', { cause: error });
  }
  return new AnalysisUnavailableError('upstream_error', error instanceof Error ? error.name : 'unknown', { cause: error });
}

/** One SDK client per provider, with our timeout and retries instead of the SDK's 600 s and 2. */
export function createOpenAiClient(options: OpenAiProviderOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, vLLM, LM Studio) need no key, but the SDK requires one.
    apiKey: options.apiKey ?? 'no-key',
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    logLevel: 'off',
  });
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AnalysisProvider {
  const client = createOpenAiClient(options);

  return {
    name: 'openai',
    cacheScope: `openai:${options.model}:${PROMPT_VERSION}`,
    async analyze(input) {
      // The SDK's own timeout stops at the response headers; this deadline also covers a body
      // that trickles in, and retries, so no visitor waits longer than timeoutMs.
      const deadline = AbortSignal.timeout(options.timeoutMs);
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: buildMessages(input),
            ...(options.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { signal: deadline },
        );
        const answer = parseModelAnswer(completion.choices?.[0]?.message?.content);
        if (!answer) throw new AnalysisUnavailableError('malformed_output', 'the answer is not the JSON asked for');
        return { diagnosis: answer.diagnosis, cardIds: answer.cards };
      } catch (error) {
        throw classify(deadline.aborted && !(error instanceof AnalysisUnavailableError) ? new OpenAI.APIUserAbortError() : error);
      }
    },
  };
}
