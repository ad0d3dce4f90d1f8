// CPU per request, the figure a shared machine leaves steady when p95s move with the neighbours' load:
// the CPU time of the server's process and of the database's backends, read from /proc around a run.
import fs from 'node:fs';

/** USER_HZ on Linux: /proc counts CPU time in ticks of 10 ms. */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) used so far by these processes, from /proc (0 for one that has gone). */
export function cpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND; // utime + stime
    } catch {
      // The process has exited.
    }
  }
  return total;
}

/** The backends of `client`'s database (a pg client connected to it), its own connection left out. */
export async function backendPids(client) {
  const { rows } = await client.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/**
 * A meter of the server's process (`serverPid`) and the database's backends (`databasePids()`, read at
 * each start: the pool opens and closes connections). `start()` resolves to a `stop(requests)` that
 * gives each side's CPU ms per request.
 */
export function cpuMeter(serverPid, databasePids = async () => []) {
  return async function start() {
    const database = await databasePids();
    const before = { server: cpuMs([serverPid]), database: cpuMs(database) };
    return (requests) => {
      const per = (ms) => (requests ? Math.round((ms / requests) * 100) / 100 : null);
      return { server: per(cpuMs([serverPid]) - before.server), database: per(cpuMs(database) - before.database) };
    };
  };
}

/** The whole machine's busy share since the last call (0–1 of all cores), from /proc/stat. */
export function machineBusy() {
  let last = null;
  return () => {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const now = { idle: fields[3] + fields[4], total: fields.reduce((s, n) => s + n, 0) };
    const busy = last && now.total > last.total ? 1 - (now.idle - last.idle) / (now.total - last.total) : null;
    last = now;
    return busy === null ? null : Math.round(busy * 100) / 100;
  };
}
