// A setup file of every vitest project (vitest.config.ts): when NEXA_FILE_CPU names a file, each test
// file appends one line to it, {"file", "cpu"}: the CPU seconds its worker spent from this setup file
// to the file's last hook (collecting and importing it, its hooks and tests; PGlite runs in the
// worker, so a test database's work counts; a PostgreSQL server's does not). `npm test` sets it per
// step and prints the costliest files (scripts/test.mjs). A worker runs one file at a time, so what
// one file leaves running (a timer, a pool) is counted in the next.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

const out = process.env.NEXA_FILE_CPU;
if (out) {
  const start = process.cpuUsage();
  afterAll(() => {
    const used = process.cpuUsage(start);
    const file = path.relative(process.cwd(), expect.getState().testPath ?? '');
    fs.appendFileSync(out, `${JSON.stringify({ file, cpu: Math.round((used.user + used.system) / 1e4) / 100 })}\n`);
  });
}
