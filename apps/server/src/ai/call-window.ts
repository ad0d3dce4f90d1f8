/**
 * Transcript characters per model call (AI_CALL_WINDOW_CHARS): a longer call is split into windows
 * of whole lines, each beginning with the last lines of the one before (AI_CALL_WINDOW_OVERLAP), and
 * the windows' analyses merged. 12,000 characters is about 3,000 tokens: with the instructions and
 * the answer it fits the 8k context of small local models. A module of its own so the configuration
 * reads the defaults without loading the OpenAI client.
 */
export const CALL_WINDOW_CHARS = 12_000;
export const CALL_WINDOW_OVERLAP = 4;
