import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { testDatabaseKind } from './database-target.ts';

describe('data folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-lock-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first is alive, and frees on release', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Nexa server/);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that is gone', () => {
    fs.writeFileSync(path.join(dir, 'nexa.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'nexa.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

// The server itself, started as `npm start` starts it: migrate, seed, serve, refuse a twin, stop cleanly.
// Runs with the embedded database only: the PostgreSQL run of the suite would repeat it unchanged.
describe.skipIf(testDatabaseKind() === 'postgres')('server process', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-life-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (!output.includes('Nexa is running')) return;
        clearInterval(timer);
        resolve();
      }, 100);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`exited: ${output}`));
      });
    });
    return { child, ready, exited, output: () => output };
  }

  it('serves, refuses a second server on the same folder, and closes on SIGTERM', async () => {
    const first = start(0);
    await first.ready;
    expect(first.output()).toContain('manager@demo.nexa.test');
    expect(fs.existsSync(path.join(dir, 'nexa.lock'))).toBe(true);

    const second = start(0);
    second.ready.catch(() => {});
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/is in use by another Nexa server/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'nexa.lock'))).toBe(false);
  }, 150_000);
});
