import os from 'node:os';
import { AppError } from '../http/errors.ts';
import { runInWorker, workerModule, WorkerLimitError, type WorkerKind } from './run.ts';
import type { SpecificationSource } from './specification-pdf.ts';

export const PDF_WORKER: WorkerKind = {
  url: workerModule('pdf-worker', import.meta.url),
  name: 'PDF rendering',
  // A 150-page specification renders in about a second; a deadline far past that only stops a runaway.
  deadlineMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  // One core is left to the event loop (with two PDFs at once on a 2-core machine, /api/health
  // waited over a second for the CPU); more wait their turn.
  maxRunning: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  maxWaiting: 32,
};

/** The specification PDF, rendered in a worker thread. */
export async function specificationPdf(source: SpecificationSource): Promise<Buffer> {
  try {
    const bytes = await runInWorker<Uint8Array>(PDF_WORKER, source);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof WorkerLimitError) {
      throw new AppError('payload_too_large', 'This specification is too long to render as a PDF; download it as text');
    }
    throw error;
  }
}
