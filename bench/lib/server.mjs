/* global fetch, setTimeout, clearTimeout */
// What every bench does before it measures: start the built server on a free port and sign the
// demo people in. One copy, so a change to how the server starts (an environment variable, the
// readiness line) reaches every bench at once.
import path from 'node:path';
import { freePorts, startInstance } from '../../scripts/cluster.mjs';
import { root } from '../../scripts/lib.mjs';

export const DEMO_PASSWORD = 'nexa-demo-2026';
/** The demo people the benches measure as (the seed makes them with DEMO_MODE). */
export const DEMO = { manager: 'manager@demo.nexa.test', alex: 'alex@demo.nexa.test' };

const MAIN = path.join(root, 'apps/server/dist/main.js');
/** A first start migrates and seeds a fresh database: slow on a loaded machine, but not this slow. */
const START_TIMEOUT_MS = 180_000;

export async function freePort() {
  return (await freePorts(1))[0];
}

/**
 * The production build on 127.0.0.1 and a free port, with the demo team (DEMO_MODE) and the per-IP
 * limits out of the way (all of a bench's load comes from one address: the limits would measure the
 * bench, not the server). `env` adds or overrides (DATA_DIR or DATABASE_URL, LOG_LEVEL…). Resolves
 * once the server listens (it has migrated and seeded by then); rejects with its output if it exits
 * first. `stop()` sends SIGTERM and resolves when the process has exited. `nodeArgs` go to node
 * before the server's file (e.g. `--cpu-prof` to see where a call's time goes).
 */
export async function startServer(env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const instance = startInstance({
    port,
    args: [...nodeArgs, MAIN],
    cwd: root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      PUBLIC_URL: url,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
      RATE_LIMIT_MAX: '100000000',
      DEMO_MODE: 'true',
      ...env,
    },
  });
  // Its crash or start-up error shows as it happens; the log (stdout) stays in `output()`.
  instance.child.stderr.pipe(process.stderr);
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  try {
    await Promise.race([instance.ready, timeout]);
  } catch (error) {
    await instance.stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    url,
    port,
    pid: instance.child.pid,
    output: instance.output,
    stop: () => instance.stop().then(() => undefined),
  };
}

/** Signs `email` in through the API; the session cookie (`name=value`) to send with each request. */
export async function signIn(url, email, password = DEMO_PASSWORD) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    // The auth library refuses a state-changing call without a trusted Origin.
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}
