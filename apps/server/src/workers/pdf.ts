import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '../http/errors.ts';
import { runInWorker, WorkerLimitError, type WorkerKind } from './run.ts';
import type { SpecificationSource } from './specification-pdf.ts';

/**
 * Bundled, this module is part of dist/main.js and the worker is dist/pdf-worker.js (build.mjs);
 * from source, the TypeScript file beside this one (workers/spawn.ts).
 */
const fromSource = import.meta.url.endsWith('.ts');
export const PDF_WORKER: WorkerKind = {
  url: new URL(fromSource ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url),
  name: 'PDF rendering',
  // A 150-page specification renders in about a second; a deadline far past that only stops a runaway.
  deadlineMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  // One core is left to the event loop (with two PDFs at once on a 2-core machine, /api/health
  // waited over a second for the CPU); more wait their turn.
  maxRunning: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  maxWaiting: 32,
};

/** Start-up check: a build that left the worker out would fail every PDF download. */
export function assertPdfWorkerPresent(): void {
  if (!fs.existsSync(PDF_WORKER.url)) throw new Error(`The PDF worker is missing: ${fileURLToPath(PDF_WORKER.url)}`);
}

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
