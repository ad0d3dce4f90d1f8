import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResourceLimits, Transferable } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import { spawnWorker } from './spawn.ts';

/**
 * CPU work a request brings (a PDF of a long specification, a 30 MB import body, a .docx package)
 * runs in a worker thread of its own: on the event loop it held every other user's request,
 * /api/health included, for seconds. Each kind of work has a few turns (the machine's cores are
 * shared with the requests), a bounded queue behind them (past it: 503, try again), a deadline and
 * a heap of its own.
 */
export interface WorkerKind {
  /** The worker module (workerModule). */
  url: URL;
  /** What the work is, for messages. */
  name: string;
  deadlineMs: number;
  resourceLimits: ResourceLimits;
  /** Tasks running at once in this process. */
  maxRunning: number;
  /** Tasks waiting for a turn; one more is refused with 503. */
  maxWaiting: number;
}

/**
 * The worker module `name` beside the module at `moduleUrl` (its import.meta.url). Bundled, that
 * module is part of dist/main.js and the worker is dist/<name>.js (build.mjs); from source, the
 * TypeScript file beside it (workers/spawn.ts).
 */
export function workerModule(name: string, moduleUrl: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);
}

/** Start-up check (main.ts): a build that left the worker out would fail every task of its kind. */
export function assertWorkerPresent(kind: Pick<WorkerKind, 'url' | 'name'>): void {
  if (!fs.existsSync(kind.url)) throw new Error(`The ${kind.name} worker is missing: ${fileURLToPath(kind.url)}`);
}

/** A task that needed more than its time or heap: the caller answers with its own status. */
export class WorkerLimitError extends Error {
  constructor(
    message: string,
    readonly limit: 'time' | 'memory',
  ) {
    super(message);
  }
}

interface Turns {
  running: number;
  waiting: Array<() => void>;
}

const turnsOf = new WeakMap<WorkerKind, Turns>();

function turns(kind: WorkerKind): Turns {
  let found = turnsOf.get(kind);
  if (!found) turnsOf.set(kind, (found = { running: 0, waiting: [] }));
  return found;
}

async function takeTurn(kind: WorkerKind): Promise<void> {
  const t = turns(kind);
  if (t.running < kind.maxRunning) {
    t.running += 1;
    return;
  }
  if (t.waiting.length >= kind.maxWaiting) {
    throw new AppError('service_unavailable', `Too many ${kind.name} tasks at once; try again in a moment`);
  }
  // The turn is handed over by endTurn, so `running` already counts this task.
  await new Promise<void>((resolve) => t.waiting.push(resolve));
}

function endTurn(kind: WorkerKind) {
  const t = turns(kind);
  const next = t.waiting.shift();
  if (next) next();
  else t.running -= 1;
}

/** Tasks of this kind running now (tests watch it). */
export const runningTasks = (kind: WorkerKind) => turns(kind).running;

interface TaskOptions {
  /** Moved to the worker, not copied. */
  transferList?: Transferable[];
  /** This task's deadline, when not the kind's (a test makes it short). */
  deadlineMs?: number;
}

/**
 * Runs one task in a fresh worker (workerData in, its first message out). A fresh thread per task
 * costs a few tens of milliseconds and means a task that runs out of time or memory takes nothing
 * else down with it.
 */
export async function runInWorker<T>(kind: WorkerKind, workerData: unknown, options: TaskOptions = {}): Promise<T> {
  await takeTurn(kind);
  try {
    return await once<T>(kind, workerData, options);
  } finally {
    endTurn(kind);
  }
}

function once<T>(
  kind: WorkerKind,
  workerData: unknown,
  { transferList = [], deadlineMs = kind.deadlineMs }: TaskOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker(kind.url, { workerData, transferList, resourceLimits: kind.resourceLimits });
    let settled = false;
    const settle = (outcome: { value: T } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome.value);
    };
    const timer = setTimeout(
      () => settle(new WorkerLimitError(`${kind.name} not done within ${deadlineMs} ms`, 'time')),
      deadlineMs,
    );
    worker.once('message', (value: T) => settle({ value }));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerLimitError(`${kind.name} needs more memory than it may use`, 'memory')
          : error,
      ),
    );
    worker.once('exit', (code) => settle(new Error(`the ${kind.name} worker stopped (exit code ${code}) without an answer`)));
  });
}
