import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/cli/seed.ts';
import { startSourceInstance, type Instance } from './cluster.ts';
import { testDatabaseKind } from './database-target.ts';
import { HttpClient } from './test-app.ts';

/** The embedded database must keep every acknowledged write when the server is killed with -9. */
describe.skipIf(testDatabaseKind() === 'postgres')('embedded database durability', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-durable-'));
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ child: ChildProcess; url: string }> {
    const instance = startSourceInstance(0, {
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_MAX: '100000',
    });
    instances.push(instance);
    await instance.ready;
    // Port 0: the server names the port it got.
    const port = /Nexa is running at http:\/\/localhost:(\d+)/.exec(instance.output())![1];
    return { child: instance.child, url: `http://127.0.0.1:${port}` };
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
    // The kill comes once the burst is well under way (ten writes acknowledged), with the next in flight.
    let underWay!: () => void;
    const burstUnderWay = new Promise<void>((resolve) => (underWay = resolve));
    const burst = (async () => {
      for (let i = 1; i < 100_000; i++) {
        const res = await client.patch('/api/me', { full_name: `Alex ${i}` }).catch(() => null);
        if (!res || res.status !== 200) break;
        acknowledged = i;
        if (i === 10) underWay();
      }
      underWay();
    })();
    await burstUnderWay;
    first.child.kill('SIGKILL');
    await burst;
    expect(acknowledged).toBeGreaterThanOrEqual(10);

    const second = await start();
    const again = await signIn(second.url);
    const me = await again.get('/api/me');
    const stored = Number(/Alex (\d+)/.exec(me.body.full_name)?.[1]);
    // The write in flight at the kill may or may not have landed; every acknowledged one has.
    expect(stored).toBeGreaterThanOrEqual(acknowledged);
    second.child.kill('SIGTERM');
  }, 150_000);
});
