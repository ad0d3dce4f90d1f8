import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { adminUrl, testDatabaseKind, withDatabaseName } from './database-target.ts';

/**
 * Migrates once per run: a PGlite data-folder tar file for the embedded target, a template
 * database for PostgreSQL. Each test file then starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const kind = testDatabaseKind();
  if (kind === 'pglite') {
    const database = await openDatabase('memory://');
    await runMigrations(database);
    // Uncompressed (43 MB rather than 5): each of the ~130 databases a pass opens skips the gunzip,
    // 0.3 s of CPU apiece.
    const dump = await database.dumpDataDir!('none');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-test-')), 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }

  const admin = adminUrl();
  const template = `nexa_test_tpl_${process.pid}_${Date.now().toString(36)}`;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase(withDatabaseName(admin, template), { poolMax: 1 });
  await runMigrations(database);
  await database.close();
  project.provide('postgresTemplate', template);
  console.info(`[api tests] PostgreSQL template ${template}`);
  return async () => {
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
