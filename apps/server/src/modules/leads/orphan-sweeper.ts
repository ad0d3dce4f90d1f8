import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/index.ts';
import { referencedResumes } from './queries.ts';

/** Resumes are stored under this prefix (see resumeKey); nothing else in the storage is touched. */
export const RESUME_PREFIX = 'resumes/';
const BATCH = 500;

export interface SweepOptions {
  db: Db;
  storage: Storage;
  /** A file younger than this may belong to an upload whose row is being written: left alone. */
  graceMs: number;
  now?: Date;
}

/**
 * Deletes stored resumes that no application row points to: the file is stored before its row,
 * so a crash, a dropped database connection or a failed clean-up between the two leaves one behind.
 */
export async function sweepOrphanResumes({
  db,
  storage,
  graceMs,
  now = new Date(),
}: SweepOptions): Promise<{ deleted: string[] }> {
  const cutoff = now.getTime() - graceMs;
  const deleted: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const kept = new Set(await referencedResumes(db, batch));
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      deleted.push(key);
    }
    batch = [];
  };
  for await (const object of storage.list(RESUME_PREFIX)) {
    if (object.lastModified.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { deleted };
}

/** Runs the sweep every `intervalMs` (0 = never); stop() waits for a sweep in progress. */
export function startOrphanSweeper(options: SweepOptions & { intervalMs: number; log: FastifyBaseLogger }) {
  const { intervalMs, log } = options;
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepOrphanResumes(options)
      .then(({ deleted }) => {
        if (deleted.length) log.info({ event: 'storage.orphans_deleted', count: deleted.length }, 'orphan resumes deleted');
      })
      // A storage or database outage only postpones the sweep to the next tick.
      .catch((error: unknown) => log.warn({ err: error }, 'orphan sweep failed; will retry'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
