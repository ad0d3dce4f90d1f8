// `npm start`: install what is missing, build what changed, then serve (migrations and the
// demo seed run inside the server process, which holds the data folder's lock).
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, projectNode, root } from './lib.mjs';

ensureDependencies();
ensureBuild();

const server = spawn(projectNode(), ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
// The server closes the database cleanly on these; pass them on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
