import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';
import { spawnWorker } from '../workers/spawn.ts';
import type { DocxOutcome, DocxRequest } from './docx-package.ts';

export type { DocxOutcome, DocxSource } from './docx-package.ts';

/**
 * Inflating and reading a package is CPU and memory an uploader chooses; done on the event loop it
 * stalled every user. Each conversion gets a worker thread with its own small heap and a deadline.
 */
export const DOCX_WORKER_LIMITS = {
  deadlineMs: 10_000,
  resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 },
  /** Conversions at once in this process; more wait their turn rather than take every core. */
  maxRunning: 2,
};

/**
 * Bundled, this module is part of dist/main.js and the worker is dist/docx-worker.js (build.mjs);
 * from source, the TypeScript file beside this one (workers/spawn.ts).
 */
const fromSource = import.meta.url.endsWith('.ts');
export const DOCX_WORKER_URL = new URL(fromSource ? './docx-worker.ts' : './docx-worker.js', import.meta.url);

/** Start-up check: a build that left the worker out would answer every .docx with a 500. */
export function assertDocxWorkerPresent(): void {
  if (!fs.existsSync(DOCX_WORKER_URL)) throw new Error(`The .docx worker is missing: ${fileURLToPath(DOCX_WORKER_URL)}`);
}

const spawn = (options: WorkerOptions) => spawnWorker(DOCX_WORKER_URL, options);

let running = 0;
const waiting: Array<() => void> = [];

async function takeTurn(): Promise<void> {
  if (running < DOCX_WORKER_LIMITS.maxRunning) {
    running += 1;
    return;
  }
  // The turn is handed over by endTurn, so `running` already counts this conversion.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn() {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/** How many conversions are running now (tests watch one while the server answers others). */
export const runningDocxConversions = () => running;

/**
 * Checks a .docx package, and extracts its text when `textLimitBytes` is given, in a worker thread.
 * Refusals (too large, too slow, out of its memory, not a Word document) are outcomes, not errors.
 */
export async function readDocx(request: DocxRequest, deadlineMs = DOCX_WORKER_LIMITS.deadlineMs): Promise<DocxOutcome> {
  await takeTurn();
  try {
    return await inWorker(request, deadlineMs);
  } finally {
    endTurn();
  }
}

function inWorker(request: DocxRequest, deadlineMs: number): Promise<DocxOutcome> {
  return new Promise((resolve, reject) => {
    const worker = spawn({ workerData: request, resourceLimits: DOCX_WORKER_LIMITS.resourceLimits });
    let settled = false;
    const settle = (outcome: DocxOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(
      () => settle({ ok: false, tooLarge: true, reason: `conversion_too_long: not done within ${deadlineMs} ms` }),
      deadlineMs,
    );
    worker.once('message', (outcome: DocxOutcome) => settle(outcome));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, tooLarge: true, reason: 'conversion_too_large: needs more memory than a conversion may use' }
          : error,
      ),
    );
    worker.once('exit', (code) => settle(new Error(`the .docx worker stopped (exit code ${code}) without an answer`)));
  });
}
