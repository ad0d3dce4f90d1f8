import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { TranscriptFormatError, type CallAnalysis, type OfflineCallOptions, type TranscriptLine } from '@nexa/domain';
import { spawnWorker } from '../workers/spawn.ts';

/**
 * Transcript parsing and the offline analysis, off the event loop: one long-lived worker thread,
 * started on first use, answering one task at a time. A task that takes longer than its deadline
 * (a pathological transcript) ends the worker; the next task starts a fresh one.
 */

type CallThreadTask =
  | { kind: 'parse'; text: string; fileName: string | null; strict: boolean }
  | { kind: 'analyze'; lines: TranscriptLine[]; options: OfflineCallOptions };
export type CallThreadRequest = CallThreadTask & { id: number };

export type CallThreadAnswer =
  | { id: number; ok: true; lines: TranscriptLine[] }
  | { id: number; ok: true; analysis: CallAnalysis }
  | { id: number; ok: false; unrecognised: true }
  | { id: number; ok: false; error: string };

export const CALL_THREAD_LIMITS = {
  deadlineMs: 20_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

const fromSource = import.meta.url.endsWith('.ts');
export const CALL_WORKER_URL = new URL(fromSource ? './call-worker.ts' : './call-worker.js', import.meta.url);

/** Start-up check: a build that left the worker out would fail every analysis. */
export function assertCallWorkerPresent(): void {
  if (!fs.existsSync(CALL_WORKER_URL)) throw new Error(`The call-analysis worker is missing: ${fileURLToPath(CALL_WORKER_URL)}`);
}

type Pending = { resolve: (answer: CallThreadAnswer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const [id, task] of pending) {
    clearTimeout(task.timer);
    pending.delete(id);
    task.reject(error);
  }
}

function started(): Worker {
  if (worker) return worker;
  const created = spawnWorker(CALL_WORKER_URL, { resourceLimits: CALL_THREAD_LIMITS.resourceLimits });
  // An idle worker does not keep the process (a test, a CLI) alive.
  created.unref();
  created.on('message', (answer: CallThreadAnswer) => {
    const task = pending.get(answer.id);
    if (!task) return;
    clearTimeout(task.timer);
    pending.delete(answer.id);
    task.resolve(answer);
  });
  const gone = (error: Error) => {
    if (worker === created) worker = null;
    failAll(error);
  };
  created.on('error', gone);
  created.on('exit', (code) => gone(new Error(`the call-analysis worker stopped (exit code ${code})`)));
  worker = created;
  return created;
}

function run(request: CallThreadTask, deadlineMs: number): Promise<CallThreadAnswer> {
  const id = nextId++;
  const thread = started();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`call analysis not done within ${deadlineMs} ms`));
      // The worker is busy with it and cannot be interrupted otherwise.
      if (worker === thread) worker = null;
      void thread.terminate();
    }, deadlineMs);
    pending.set(id, { resolve, reject, timer });
    thread.postMessage({ ...request, id });
  });
}

/**
 * parseTranscript in the worker: the lines; strict (the default), a TranscriptFormatError for a
 * file in none of the formats.
 */
export async function parseTranscriptOffThread(
  text: string,
  fileName: string | null,
  { strict = true, deadlineMs = CALL_THREAD_LIMITS.deadlineMs } = {},
): Promise<TranscriptLine[]> {
  const answer = await run({ kind: 'parse', text, fileName, strict }, deadlineMs);
  if (answer.ok && 'lines' in answer) return answer.lines;
  if (!answer.ok && 'unrecognised' in answer) throw new TranscriptFormatError();
  throw new Error(answer.ok ? 'unexpected answer' : answer.error);
}

/** analyzeCallOffline in the worker. */
export async function analyzeOffThread(
  lines: TranscriptLine[],
  options: OfflineCallOptions,
  deadlineMs = CALL_THREAD_LIMITS.deadlineMs,
): Promise<CallAnalysis> {
  const answer = await run({ kind: 'analyze', lines, options }, deadlineMs);
  if (answer.ok && 'analysis' in answer) return answer.analysis;
  throw new Error(answer.ok ? 'unexpected answer' : 'error' in answer ? answer.error : 'unrecognised');
}

/** Ends the worker (shutdown, the end of a CLI run); the next task starts a new one. */
export async function stopCallThread(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}
