// Shared by `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function hashFiles(entries) {
  const hash = createHash('sha256');
  const visit = (target) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        visit(path.join(target, name));
      }
    } else {
      hash.update(path.relative(root, target));
      hash.update(fs.readFileSync(target));
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return hash.digest('hex');
}

const stampOf = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

/**
 * The project's own Node (the `node` package, Node 24 LTS): npm scripts run on it once it is
 * installed, but a script started before the first install still runs on whatever Node started npm,
 * so what it spawns must name this binary.
 */
export function projectNode() {
  const own = path.join(root, 'node_modules/.bin/node');
  return fs.existsSync(own) ? own : process.execPath;
}

/** npm install when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const stamp = path.join(root, 'node_modules/.nexa-deps');
  const want = hashFiles([
    'package-lock.json',
    'package.json',
    'apps/web/package.json',
    'apps/server/package.json',
    'packages/domain/package.json',
  ]);
  if (stampOf(stamp) === want) return;
  console.log('› installing dependencies (npm install)…');
  // npm ci rejects this lock file (npm drops other platforms' optional binaries from it), so install from it.
  // --prefer-offline: what npm's cache holds is taken without asking the registry whether it changed (the
  // lock file pins every version); what it lacks is still downloaded. 47 s instead of 84 on a warm cache.
  runOrExit('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
  fs.writeFileSync(stamp, want);
}

/** Builds the web app and the server when any of their sources changed since the last build. */
export function ensureBuild({ force = false } = {}) {
  const stamp = path.join(root, 'apps/server/dist/.nexa-build');
  const want = hashFiles([
    'package-lock.json',
    'packages/domain/src',
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/server/src',
    'apps/server/build.mjs',
  ]);
  if (!force && stampOf(stamp) === want && fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  console.log('› building the web app and the server…');
  runOrExit('npm', ['run', 'build', '-w', '@nexa/web', '--silent']);
  runOrExit('npm', ['run', 'build', '-w', '@nexa/server', '--silent']);
  fs.writeFileSync(stamp, want);
}

/** Runs a command as root: directly when we are root, else through sudo. */
function asRoot(command, args, options = {}) {
  return process.getuid?.() === 0 ? run(command, args, options) : run('sudo', [command, ...args], options);
}

/** apt-get update, then install the packages; true when both worked. */
function aptInstall(packages) {
  const env = { env: { DEBIAN_FRONTEND: 'noninteractive' } };
  return asRoot('apt-get', ['update', '-qq'], env) === 0 && asRoot('apt-get', ['install', '-y', '-qq', ...packages], env) === 0;
}

/**
 * A Debian package's program: the path in `variable` when set, else `usual`; the package is
 * installed with apt-get when the program is missing. `installed`: it was just installed.
 */
function ensureDebian(name, variable, usual) {
  const executable = process.env[variable] ?? usual;
  if (fs.existsSync(executable)) return { executable, installed: false };
  console.log(`› installing Debian ${name} (apt-get)…`);
  if (!aptInstall([name]) || !fs.existsSync(executable)) {
    throw new Error(`Could not install ${name}; install it with \`apt-get install ${name}\` or set ${variable}.`);
  }
  return { executable, installed: true };
}

/**
 * The browser of the end-to-end suite: Debian's Chromium headless shell (the same Blink and V8 build
 * as its `chromium`, without the browser's own UI), the kind of Chromium Playwright runs headless
 * tests in by default; installed with apt-get when missing. The full browser in headless mode also
 * drew a WebUI renderer for its own toolbar with every page: five specs took 191 s of CPU with it,
 * 131 s with the shell (docs/performance.md, the test suite). `CHROMIUM_PATH` still picks any other.
 */
export function ensureChromium() {
  return ensureDebian('chromium-headless-shell', 'CHROMIUM_PATH', '/usr/bin/chromium-headless-shell').executable;
}

/**
 * Debian's nginx for the scale-out test and bench (a load balancer in front of two instances);
 * installed with apt-get when missing. The tests run it with a configuration of their own on a free
 * port, so the system service the package may start is stopped and disabled: it would hold port 80
 * for nothing.
 */
export function ensureNginx() {
  const { executable, installed } = ensureDebian('nginx', 'NGINX_PATH', '/usr/sbin/nginx');
  if (!installed) return executable;
  const quiet = { stdio: 'ignore' };
  if (fs.existsSync('/run/systemd/system')) asRoot('systemctl', ['disable', '--now', 'nginx'], quiet);
  else if (fs.existsSync('/run/nginx.pid')) asRoot(executable, ['-s', 'quit'], quiet);
  return executable;
}

/**
 * Debian's radicale for the calendar tests (a real CalDAV server; apps/server/test/caldav-target.ts
 * starts one per test file on a free port of 127.0.0.1); installed with apt-get when missing. The
 * system service the package may start is stopped and disabled: the tests never use it.
 */
export function ensureRadicale() {
  const { executable, installed } = ensureDebian('radicale', 'RADICALE_PATH', '/usr/bin/radicale');
  if (installed && fs.existsSync('/run/systemd/system'))
    asRoot('systemctl', ['disable', '--now', 'radicale'], { stdio: 'ignore' });
  return executable;
}
