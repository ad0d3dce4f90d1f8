import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { startSourceInstance, type Instance } from './cluster.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, TEST_ORIGIN } from './test-app.ts';

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
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(port: number) {
    const instance = startSourceInstance(port, { DATA_DIR: dir, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    instances.push(instance);
    return instance;
  }

  it('serves, refuses a second server on the same folder, and closes on SIGTERM', async () => {
    const first = start(0);
    await first.ready;
    expect(first.output()).toContain('manager@demo.nexa.test');
    expect(fs.existsSync(path.join(dir, 'nexa.lock'))).toBe(true);

    const second = start(0);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/is in use by another Nexa server/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'nexa.lock'))).toBe(false);
  }, 150_000);
});

// A proxy keeps its connections to an instance alive and reuses them at once, so they are seldom idle
// when the instance closes: without `Connection: close` on the answers given while closing, such a
// connection stayed open after its answer and close() waited for it (nginx kept it busy: for ever).
describe(`closing under a kept-alive connection (${testDatabaseKind()})`, () => {
  it('answers the request in flight with Connection: close, and close() then ends at once', async () => {
    const server = await startTestServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = JSON.stringify({
      request_type: 'early_access',
      full_name: 'Closing Time',
      email: 'closing@example.com',
      company_name: 'Keep Alive Co',
      role: 'Sales Manager',
    });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/leads/demo-requests`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', origin: TEST_ORIGIN } },
        (res) => (res.resume(), res.on('end', () => resolve(res))),
      );
      request.on('error', reject);
      // Half the body now: the request is in flight when close() is called.
      request.write(body.slice(0, 20));
      setTimeout(() => request.end(body.slice(20)), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const closed = server.close();
    const res = await answer;
    expect(res.statusCode).toBe(201);
    expect(res.headers.connection).toBe('close');
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });
});
