// `node scripts/parallel.mjs "command" "command" …`: runs the commands as many at a time as the
// machine has cores, in the order given (put the longest first), prints each one's output whole when
// it ends, and fails when any of them failed. `npm run lint` and `npm run typecheck` use it: eslint and
// prettier, or the five tsc projects, each keep one core busy, so on the 2-core machine two at a time
// take about half as long as one after the other.
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import os from 'node:os';

const commands = process.argv.slice(2);
let next = 0;
let failed = 0;

function runCaptured(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function lane() {
  while (next < commands.length) {
    const command = commands[next++];
    const { status, output } = await runCaptured(command);
    process.stdout.write(output);
    if (status !== 0) {
      failed += 1;
      console.error(`✗ ${command} (exit ${status})`);
    }
  }
}

await Promise.all(Array.from({ length: Math.min(commands.length, os.availableParallelism()) }, lane));
process.exit(failed ? 1 : 0);
