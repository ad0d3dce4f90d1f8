import { AppError } from '../http/errors.ts';
import { readImportBody, type ReadImport, type ImportBodyOutcome, type ImportKind } from './import-read.ts';
import { runInWorker, workerModule, WorkerLimitError, type WorkerKind } from './run.ts';

export type { ImportKind, ReadImport } from './import-read.ts';

export const IMPORT_WORKER: WorkerKind = {
  url: workerModule('import-worker', import.meta.url),
  name: 'import reading',
  deadlineMs: 60_000,
  // A 32 MB body of 50,000 rows peaks near 250 MB of heap while it is parsed and checked.
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  // One at a time: each holds its body and its parsed rows; the queue holds the bodies only.
  maxRunning: 1,
  maxWaiting: 8,
};

/**
 * Bodies up to this size are read on the event loop: a few thousand rows take milliseconds there,
 * less than starting a thread.
 */
const IMPORT_INLINE_MAX_BYTES = 256 * 1024;

async function read(body: Buffer, kind: ImportKind): Promise<ImportBodyOutcome> {
  if (body.length <= IMPORT_INLINE_MAX_BYTES) return readImportBody(body, kind);
  // A copy the worker owns (moved, not copied again): the request's buffer may share its memory.
  const own = new Uint8Array(body);
  try {
    return await runInWorker<ImportBodyOutcome>(IMPORT_WORKER, { body: own, kind }, { transferList: [own.buffer] });
  } catch (error) {
    if (error instanceof WorkerLimitError) throw new AppError('payload_too_large', 'This file is too large to import at once');
    throw error;
  }
}

/**
 * The import body read and checked (in a worker thread when large) as rows of `kind` (deals by
 * default, accounts, contacts); a refusal is a 400 naming the field.
 */
export async function readImportBodyOffThread(body: Buffer, kind: ImportKind = 'opportunities'): Promise<ReadImport> {
  const outcome = await read(body, kind);
  if (!outcome.ok) throw new AppError('bad_request', outcome.message, outcome.field);
  return outcome;
}
