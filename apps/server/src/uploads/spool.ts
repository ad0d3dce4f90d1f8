import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * An upload in flight lives here for seconds; one older than an hour was left by a process that
 * crashed (or was killed) between writing it and removing it.
 */
export const SPOOL_STALE_MS = 60 * 60_000;

/** A fresh path in the spool folder for one upload's bytes (the folder is made again if a cleaner removed it). */
export async function newSpoolFile(dir: string): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  return path.join(dir, `nexa-upload-${randomUUID()}`);
}

/**
 * Makes the spool folder private (0700: uploads are other people's documents) and removes the stale
 * files a crash left behind. Other processes may share the folder, so a recent file is left alone.
 */
export async function prepareSpool(dir: string, now = Date.now()): Promise<string[]> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await fsp.chmod(dir, 0o700);
  const removed: string[] = [];
  for (const name of await fsp.readdir(dir)) {
    const file = path.join(dir, name);
    const stat = await fsp.lstat(file).catch(() => null);
    if (!stat || now - stat.mtimeMs < SPOOL_STALE_MS) continue;
    await fsp.rm(file, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
