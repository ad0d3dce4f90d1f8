import { buildApp } from './app.ts';
import { prepare } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './cli/seed.ts';
import { DOCX_WORKER } from './uploads/docx.ts';
import { CALL_WORKER } from './ai/call-thread.ts';
import { assertWorkerPresent } from './workers/run.ts';
import { PDF_WORKER } from './workers/pdf.ts';
import { IMPORT_WORKER } from './workers/import-body.ts';

async function main() {
  for (const kind of [CALL_WORKER, DOCX_WORKER, PDF_WORKER, IMPORT_WORKER]) assertWorkerPresent(kind);
  const prepared = await prepare(loadConfig());
  const { config, database } = prepared;
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, but never hang a deploy for more than 10 s.
    const deadline = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s; closing anyway');
      void prepared.release().finally(() => process.exit(1));
    }, 10_000);
    deadline.unref();
    await app.close().catch(() => {});
    // PGlite must be closed cleanly or its folder may need recovery at the next start.
    await prepared.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const port = (app.server.address() as { port: number }).port;
  const lines = [``, `  Nexa is running at http://localhost:${port}`];
  if (config.publicUrlConfigured) {
    lines.push(`  open ${config.publicUrl}`);
  } else {
    // Sign-in and forms trust only the loopback addresses until PUBLIC_URL names the real one.
    lines.push(`  open http://localhost:${port} or http://127.0.0.1:${port}`);
    lines.push(`  (to open it from another machine, set PUBLIC_URL to the address people type)`);
  }
  lines.push(`  Node ${process.versions.node}`);
  lines.push(`  database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`);
  if (config.demoMode) {
    lines.push(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(21)} ${a.fullName.padEnd(13)} ${a.email}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Nexa could not start:', error);
  }
  process.exit(1);
});
