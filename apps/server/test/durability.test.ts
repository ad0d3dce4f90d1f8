import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient } from './test-app.ts';

/** The embedded database must keep every acknowledged write when the server is killed with -9. */
describe.skipIf(testDatabaseKind() === 'postgres')('embedded database durability', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-durable-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'http://localhost:3000',
        RATE_LIMIT_MAX: '100000',
      },
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Nexa is running at http:\/\/localhost:(\d+)/.exec(output);
        if (!match) return;
        clearInterval(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }, 100);
      child.on('exit', () => {
        clearInterval(timer);
        reject(new Error(`exited early: ${output}`));
      });
    });
    return { child, url };
  }

  async function signIn(url: string) {
    const client = new HttpClient(url);
    const res = await client.post('/api/auth/sign-in/email', { email: 'alex@demo.nexa.test', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    client.cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    return client;
  }

  it('keeps every acknowledged write after kill -9 during a write burst, and reopens cleanly', async () => {
    const first = await start();
    const client = await signIn(first.url);
    let acknowledged = 0;
    const burst = (async () => {
      for (let i = 1; i < 100_000; i++) {
        const res = await client.patch('/api/me', { full_name: `Alex ${i}` }).catch(() => null);
        if (!res || res.status !== 200) return;
        acknowledged = i;
      }
    })();
    await new Promise((r) => setTimeout(r, 1_500));
    first.child.kill('SIGKILL');
    await burst;
    expect(acknowledged).toBeGreaterThan(5);

    const second = await start();
    const again = await signIn(second.url);
    const me = await again.get('/api/me');
    const stored = Number(/Alex (\d+)/.exec(me.body.full_name)?.[1]);
    // The write in flight at the kill may or may not have landed; every acknowledged one has.
    expect(stored).toBeGreaterThanOrEqual(acknowledged);
    second.child.kill('SIGTERM');
  }, 150_000);
});
