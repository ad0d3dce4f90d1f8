import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The repeatable step of the migrator (README.md in this folder): after the numbered migrations, the
 * folder's SQL is applied as a whole whenever one of its files changed since the last time, in one
 * transaction, and each kept total whose file changed (or is new) is rebuilt from the rows, so its
 * stored figures always follow its current definition.
 */

/** What the step needs of a connection already inside a transaction: statements without parameters. */
export interface ReadModelSession {
  /** Runs SQL text that may hold several statements. */
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
}

export interface ReadModelFile {
  name: string;
  text: string;
  hash: string;
}

export interface ReadModelsApplied {
  /** False when every file was as last applied: nothing ran. */
  applied: boolean;
  /** The kept totals rebuilt from the rows, in the order they were. */
  rebuilt: string[];
}

/** Applied first (it removes what an earlier version installed) and last (it installs the triggers). */
const FIRST = 'clear.sql';
const LAST = 'triggers.sql';
const FILE_NAME = /^[a-z0-9-]+\.sql$/;

/** The migrator's record of the files it applied, beside drizzle's record of the migrations. */
const RECORD = 'drizzle.nexa_read_models';

/** The folder's SQL files in the order they are applied: clear.sql, the others by name, triggers.sql. */
export function readModelFiles(folder: string): ReadModelFile[] {
  const names = fs.readdirSync(folder).filter((name) => name.endsWith('.sql'));
  for (const name of names) {
    if (!FILE_NAME.test(name)) throw new Error(`read models: ${name} is not named in lower case, digits and hyphens`);
  }
  for (const name of [FIRST, LAST]) {
    if (!names.includes(name)) throw new Error(`read models: ${name} is missing from ${folder}`);
  }
  const middle = names.filter((name) => name !== FIRST && name !== LAST).sort();
  return [FIRST, ...middle, LAST].map((name) => {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    return { name, text, hash: crypto.createHash('sha256').update(text).digest('hex') };
  });
}

/** The kept total a file defines is named after it: team-summaries.sql → team_summaries. */
const readModelOf = (file: string) => file.replace(/\.sql$/, '').replaceAll('-', '_');

export async function applyReadModels(session: ReadModelSession, folder: string): Promise<ReadModelsApplied> {
  const files = readModelFiles(folder);
  await session.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS ${RECORD} (
      file text PRIMARY KEY,
      hash text NOT NULL,
      applied_at timestamp with time zone DEFAULT now() NOT NULL
    )`);
  const recorded = new Map(
    (await session.rows<{ file: string; hash: string }>(`SELECT file, hash FROM ${RECORD}`)).map((r) => [r.file, r.hash]),
  );
  const changed = files.filter((file) => recorded.get(file.name) !== file.hash);
  if (!changed.length && recorded.size === files.length) return { applied: false, rebuilt: [] };

  for (const file of files) {
    try {
      await session.exec(file.text);
    } catch (error) {
      throw new Error(`read models: ${file.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  // A file that defines a kept total defines its rebuild (<name>_rebuild()); the others (clear.sql,
  // deal-times.sql, triggers.sql) define none.
  const rebuilt: string[] = [];
  for (const file of changed) {
    const rebuild = `${readModelOf(file.name)}_rebuild`;
    const [defined] = await session.rows<{ found: boolean }>(`SELECT to_regprocedure('${rebuild}()') IS NOT NULL AS found`);
    if (!defined?.found) continue;
    await session.exec(`SELECT ${rebuild}()`);
    rebuilt.push(readModelOf(file.name));
  }
  await session.exec(`DELETE FROM ${RECORD}`);
  await session.exec(
    `INSERT INTO ${RECORD} (file, hash) VALUES ${files.map((file) => `('${file.name}', '${file.hash}')`).join(', ')}`,
  );
  return { applied: true, rebuilt };
}
