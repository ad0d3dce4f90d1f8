// `node scripts/measured.mjs <file> <command> [args…]`: runs the command (its output as it comes), then
// writes to <file> the CPU seconds it used, with everything it started and waited for (Linux's
// cutime + cstime of this process; NaN elsewhere), and exits with the command's status. `npm test`
// starts each of its steps through it, so each step's CPU is known even when steps overlap.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const [file, command, ...args] = process.argv.slice(2);

function childrenCpuSeconds() {
  try {
    // Fields after the command name: state is field 3, cutime 16 and cstime 17 (in clock ticks, 100/s).
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

const result = spawnSync(command, args, { stdio: 'inherit' });
fs.writeFileSync(file, JSON.stringify({ cpu: childrenCpuSeconds() }));
if (result.error) console.error(result.error.message);
process.exit(result.status ?? 1);
