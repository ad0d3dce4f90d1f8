import { runInWorker, runningTasks, workerModule, WorkerLimitError, type WorkerKind } from '../workers/run.ts';
import type { DocxOutcome, DocxRequest } from './docx-package.ts';

export type { DocxOutcome, DocxSource } from './docx-package.ts';

/**
 * Inflating and reading a package is CPU and memory an uploader chooses; done on the event loop it
 * stalled every user. Each conversion gets a worker thread with its own small heap and a deadline.
 */
export const DOCX_WORKER: WorkerKind = {
  url: workerModule('docx-worker', import.meta.url),
  name: '.docx',
  deadlineMs: 10_000,
  resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 },
  // Conversions at once in this process; more wait their turn rather than take every core.
  maxRunning: 2,
  maxWaiting: Infinity,
};

/** How many conversions are running now (tests watch one while the server answers others). */
export const runningDocxConversions = () => runningTasks(DOCX_WORKER);

/**
 * Checks a .docx package, and extracts its text when `textLimitBytes` is given, in a worker thread.
 * Refusals (too large, too slow, out of its memory, not a Word document) are outcomes, not errors.
 */
export async function readDocx(request: DocxRequest, deadlineMs = DOCX_WORKER.deadlineMs): Promise<DocxOutcome> {
  try {
    return await runInWorker<DocxOutcome>(DOCX_WORKER, request, { deadlineMs });
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    const reason =
      error.limit === 'time'
        ? `conversion_too_long: not done within ${deadlineMs} ms`
        : 'conversion_too_large: needs more memory than a conversion may use';
    return { ok: false, tooLarge: true, reason };
  }
}
