import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { SPOOL_STALE_MS } from '../src/uploads/spool.ts';
import { startTestServer } from './test-app.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-startup-files-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every file and folder under `dir`, with its permission bits. */
function modesUnder(dir: string): Array<{ file: string; mode: number; folder: boolean }> {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return { file, mode: modeOf(file), folder: entry.isDirectory() };
  });
}

describe('files the server leaves on disk', () => {
  it('removes upload files left by a crash at start-up, keeping recent ones and making the folder private', async () => {
    const spool = path.join(scratch, 'spool');
    fs.mkdirSync(spool, { mode: 0o777 });
    fs.chmodSync(spool, 0o777);
    const stale = path.join(spool, 'nexa-upload-left-by-a-crash');
    const recent = path.join(spool, 'nexa-upload-in-flight-elsewhere');
    fs.writeFileSync(stale, 'resume bytes');
    fs.writeFileSync(recent, 'resume bytes');
    const before = (Date.now() - SPOOL_STALE_MS - 60_000) / 1000;
    fs.utimesSync(stale, before, before);

    const server = await startTestServer({ UPLOAD_TEMP_DIR: spool });
    try {
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
      expect(modeOf(spool)).toBe(0o700);
    } finally {
      await server.close();
    }
  });

  it('keeps the embedded database and its lock private even under a umask of 0, and fixes an existing folder', async () => {
    const dataDir = path.join(scratch, 'data');
    const dbDir = path.join(dataDir, 'db');
    const previous = process.umask(0);
    try {
      // A folder left by an earlier version, open to everyone.
      fs.mkdirSync(dbDir, { recursive: true, mode: 0o777 });
      fs.writeFileSync(path.join(dbDir, 'left-by-an-earlier-version'), 'x', { mode: 0o666 });
      const unlock = lockDataDir(dataDir);
      const database = await openDatabase(`file://${dbDir}`);
      try {
        await database.ping();
        expect(modeOf(path.join(dataDir, 'nexa.lock'))).toBe(0o600);
        expect(modeOf(dbDir)).toBe(0o700);
        const entries = modesUnder(dbDir);
        expect(entries.length).toBeGreaterThan(100);
        const open = entries.filter(({ mode, folder }) => mode !== (folder ? 0o700 : 0o600));
        expect(open.map(({ file, mode }) => `${path.relative(dbDir, file)} ${mode.toString(8)}`)).toEqual([]);
      } finally {
        await database.close();
        unlock();
      }
    } finally {
      process.umask(previous);
    }
  });
});
