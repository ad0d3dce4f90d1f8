import type { Worker } from 'node:worker_threads';
import { TranscriptFormatError, type CallAnalysis, type OfflineCallOptions, type TranscriptLine } from '@nexa/domain';
import { workerModule } from '../workers/run.ts';
import { spawnWorker } from '../workers/spawn.ts';

/**
 * Transcript parsing and the offline analysis, off the event loop: one long-lived worker thread,
 * started on first use, running one task at a time. Tasks wait their turn here, not in the
 * worker's inbox, so each task's deadline counts its own run only, and a task that overruns it ends
 * the worker alone: the tasks behind it, and those already handed to the next worker, run on
 * (issue 33: a timed-out worker's exit used to reject every task in the process, another
 * representative's valid upload included).
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

/** What the worker posts once its modules are loaded: start-up time is no task's. */
export const CALL_WORKER_READY = 'ready' as const;

export const CALL_THREAD_LIMITS = {
  /** How long one task may run; CALL_WORKER_TIMEOUT_MS sets it (configureCallThread). */
  deadlineMs: 20_000,
  /** How long a new worker may take to load its modules before the task waiting for it fails. */
  startupMs: 60_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

/** Sets the per-task deadline for this process (the server's configuration; tests make it small). */
export function configureCallThread({ deadlineMs }: { deadlineMs: number }): void {
  CALL_THREAD_LIMITS.deadlineMs = deadlineMs;
}

/**
 * A task the worker could not finish within its limits: over its deadline, or out of the worker's
 * memory. The input is what made it so (a route answers 413), and only this task failed.
 */
export class CallThreadLimitError extends Error {
  constructor(readonly reason: 'too_long' | 'too_large') {
    super(reason === 'too_long' ? 'not done within the time a task may take' : 'needs more memory than a task may use');
  }
}

/** The analysis worker, beside this module (checked at start-up by main.ts). */
export const CALL_WORKER = { name: 'call-analysis', url: workerModule('call-worker', import.meta.url) };

interface Queued {
  request: CallThreadRequest;
  deadlineMs: number;
  resolve: (answer: CallThreadAnswer) => void;
  reject: (error: Error) => void;
}

/** The worker and the one task it is running; each worker's events reach only its own task. */
interface Thread {
  worker: Worker;
  ready: boolean;
  task: Queued | null;
  timer: NodeJS.Timeout | null;
}

let thread: Thread | null = null;
let nextId = 1;
const queue: Queued[] = [];

/**
 * Ends `current` (when it is still the thread in use) and fails its task alone; the queue moves on
 * to a new worker. A worker that failed to start fails the first waiting task, so a worker that
 * cannot start (a broken build) answers each task with an error instead of restarting forever.
 */
function retire(current: Thread, error: Error) {
  if (thread !== current) return;
  thread = null;
  if (current.timer) clearTimeout(current.timer);
  const task = current.task ?? (current.ready ? undefined : queue.shift());
  current.task = null;
  void current.worker.terminate();
  task?.reject(error);
  pump();
}

function start(): Thread {
  const current: Thread = {
    worker: spawnWorker(CALL_WORKER.url, { resourceLimits: CALL_THREAD_LIMITS.resourceLimits }),
    ready: false,
    task: null,
    timer: null,
  };
  // An idle worker does not keep the process (a test, a CLI) alive.
  current.worker.unref();
  current.timer = setTimeout(
    () => retire(current, new Error(`the call-analysis worker did not start within ${CALL_THREAD_LIMITS.startupMs} ms`)),
    CALL_THREAD_LIMITS.startupMs,
  );
  current.worker.on('message', (message: CallThreadAnswer | typeof CALL_WORKER_READY) => {
    if (thread !== current) return;
    if (message === CALL_WORKER_READY) {
      current.ready = true;
      if (current.timer) clearTimeout(current.timer);
      current.timer = null;
      pump();
      return;
    }
    const task = current.task;
    if (!task || message.id !== task.request.id) return;
    if (current.timer) clearTimeout(current.timer);
    current.timer = null;
    current.task = null;
    task.resolve(message);
    pump();
  });
  current.worker.on('error', (error: Error & { code?: string }) =>
    retire(current, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CallThreadLimitError('too_large') : error),
  );
  current.worker.on('exit', (code) => retire(current, new Error(`the call-analysis worker stopped (exit code ${code})`)));
  return current;
}

/** Hands the next waiting task to the worker once it is ready and free, starting one if need be. */
function pump() {
  if (!queue.length) return;
  thread ??= start();
  const current = thread;
  if (!current.ready || current.task) return;
  const task = queue.shift()!;
  current.task = task;
  // The deadline starts when the task starts, not while it waited behind others.
  current.timer = setTimeout(() => retire(current, new CallThreadLimitError('too_long')), task.deadlineMs);
  current.worker.postMessage(task.request);
}

function run(request: CallThreadTask, deadlineMs: number): Promise<CallThreadAnswer> {
  return new Promise((resolve, reject) => {
    queue.push({ request: { ...request, id: nextId++ }, deadlineMs, resolve, reject });
    pump();
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

/** Ends the worker and its tasks, running and waiting (shutdown, the end of a CLI run); the next task starts a new one. */
export async function stopCallThread(): Promise<void> {
  const current = thread;
  thread = null;
  const stopped = new Error('the call-analysis worker was stopped');
  for (const task of queue.splice(0)) task.reject(stopped);
  if (!current) return;
  if (current.timer) clearTimeout(current.timer);
  current.task?.reject(stopped);
  current.task = null;
  await current.worker.terminate();
}
