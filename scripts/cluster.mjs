/* global setTimeout, clearTimeout, setInterval, clearInterval */
// Several Nexa instances behind nginx on this machine, for the scale-out test and bench: free ports,
// server processes, and an nginx run from a configuration of its own in a temporary folder (its pid,
// logs and temporary files stay there; no system configuration is read or written).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Distinct free ports: all are held until every one is chosen, so the OS cannot hand one out twice. */
export async function freePorts(count, host = '127.0.0.1') {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const probe = net.createServer();
          probe.once('error', reject);
          probe.listen(0, host, () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((p) => p.address().port);
  await Promise.all(probes.map((p) => new Promise((resolve) => p.close(resolve))));
  return ports;
}

/** Resolves when something accepts connections on host:port, rejects after timeoutMs. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 10_000, gone = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host, port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    const why = gone();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts one Nexa server process (`node <args>`) on 127.0.0.1:port with the given environment.
 * `ready` resolves once it printed 'Nexa is running' (migrations done, listening) and rejects with
 * its output if it exits first; `stop()` sends a signal and resolves with the exit code.
 */
export function startInstance({ port, args, env = {}, cwd }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (!output.includes('Nexa is running')) return;
      clearInterval(timer);
      resolve();
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited: ${output}`));
    });
  });
  ready.catch(() => {}); // a caller that stops an instance before it is ready does not wait on this
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    ready,
    exited,
    output: () => output,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * nginx's configuration for a round-robin load balancer in front of `upstreams` (ports on
 * 127.0.0.1), listening on 127.0.0.1:port. Like docs/deploy.md's, it overwrites X-Forwarded-For with
 * the client's address and moves idempotent requests to the other instance when one fails. It adds
 * `X-Upstream` (the instance that answered) so a test can tell which one did. Ports in `down` stay
 * listed but get no request (how an instance is taken out before it is stopped).
 */
export function nginxConfig({ dir, port, upstreams, down = [], accessLog = true }) {
  const at = (name) => path.join(dir, name);
  return `worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} notice;
events { worker_connections 2048; }
http {
  access_log ${accessLog ? `${at('access.log')} combined` : 'off'};
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  client_max_body_size 12m;
  upstream nexa {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s${down.includes(p) ? ' down' : ''};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://nexa;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_503;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/**
 * Runs `nginx -p <dir> -c <dir>/nginx.conf -g 'daemon off;'` as a child process on a configuration
 * written into a new temporary folder; stop() ends it and removes the folder.
 */
export async function startNginx({ nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx', port, upstreams, accessLog = true }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-nginx-'));
  // Run as root, nginx's workers drop to `nobody`: they must be able to reach their temporary folders.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir, port, upstreams, accessLog }));
  const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, {
      gone: () => (child.exitCode !== null ? `nginx exited (${child.exitCode}): ${output} ${errorLog()}` : null),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  /**
   * Rewrites the configuration and reloads it (SIGHUP); resolves once a worker of the previous
   * configuration has exited, so no connection of the old one is left to an instance taken out.
   */
  const reload = async ({ upstreams: next, down = [] }) => {
    fs.writeFileSync(conf, nginxConfig({ dir, port, upstreams: next, down, accessLog }));
    const exitedWorkers = () => (errorLog().match(/worker process \d+ exited/g) ?? []).length;
    const before = exitedWorkers();
    child.kill('SIGHUP');
    for (const deadline = Date.now() + 10_000; exitedWorkers() === before;) {
      if (Date.now() > deadline) throw new Error(`nginx did not reload: ${errorLog().slice(-2_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { url: `http://127.0.0.1:${port}`, port, dir, child, errorLog, reload, stop };
}
