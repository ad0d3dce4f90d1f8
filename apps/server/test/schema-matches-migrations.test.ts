import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { getViewConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database, type Tx } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { openTestDatabase } from './test-app.ts';

/**
 * schema.ts must declare the database the migrations build, and drizzle-kit's latest snapshot must
 * be schema.ts, so that `npm run db:generate` writes exactly the migration a change to schema.ts
 * needs (docs/decisions/031-schema-declares-the-database.md).
 */

/** What the migrations create and schema.ts cannot declare (the top of schema.ts says why). */
const ONLY_IN_MIGRATIONS = {
  relations: ['view rep_win_rate'],
  indexes: ['opportunities_owner_won_closing_idx'],
};

const SCHEMA_FILE = path.join(import.meta.dirname, '../src/db/schema.ts');
const require = createRequire(import.meta.url);
/** drizzle-kit's command line (its package exports only its API). */
const DRIZZLE_KIT = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const run = promisify(execFile);

type Catalog = Record<'relations' | 'columns' | 'indexes' | 'constraints', string[]>;

/**
 * Tables, views, sequences, columns (type, null, default, generated), indexes and constraints of
 * one schema, as PostgreSQL itself prints them, the schema's name taken out. NOT NULL constraints
 * (PostgreSQL 18 lists them) are the columns' attnotnull.
 */
async function catalogOf(tx: Tx, namespace: string): Promise<Catalog> {
  const lines = async (query: ReturnType<typeof sql>) =>
    (await selectRows<Record<string, unknown>>(tx as never, query)).map((row) =>
      Object.values(row).join(' ').replaceAll(`${namespace}.`, ''),
    );
  return {
    relations: await lines(sql`SELECT CASE relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'S' THEN 'sequence'
        ELSE relkind::text END || ' ' || relname FROM pg_class
      WHERE relnamespace = ${namespace}::regnamespace AND relkind <> 'i' ORDER BY relname`),
    columns: await lines(sql`SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
        || CASE WHEN a.attgenerated <> '' THEN ' GENERATED AS ' WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' ELSE '' END
        || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = ${namespace}::regnamespace AND c.relkind IN ('r', 'p')
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attname`),
    indexes: await lines(sql`SELECT indexdef FROM pg_indexes WHERE schemaname = ${namespace} ORDER BY indexname`),
    constraints: await lines(sql`SELECT c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.connamespace = ${namespace}::regnamespace AND k.contype <> 'n'
      ORDER BY c.relname, k.conname`),
  };
}

/** rep_win_rate's columns in the migrated schema, in order, with their types. */
async function viewColumns(tx: Tx): Promise<string[]> {
  const rows = await selectRows<{ column: string }>(
    tx as never,
    sql`SELECT attname || ' ' || format_type(atttypid, atttypmod) AS column FROM pg_attribute
      WHERE attrelid = 'migrated.rep_win_rate'::regclass AND attnum > 0 ORDER BY attnum`,
  );
  return rows.map((row) => row.column);
}

/** The lines of one side the other lacks, by kind. */
function missingFrom(from: Catalog, other: Catalog): Catalog {
  const lacking = (kind: keyof Catalog) => from[kind].filter((line) => !other[kind].includes(line));
  return {
    relations: lacking('relations'),
    columns: lacking('columns'),
    indexes: lacking('indexes'),
    constraints: lacking('constraints'),
  };
}

describe('schema.ts declares the database the migrations build', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('every table, view, column, index and constraint of a migrated database is in schema.ts, and nothing else', async () => {
    // The migrated schema is moved aside and schema.ts is created beside it by the SQL drizzle-kit
    // writes for it from nothing; PostgreSQL then prints both the same way. All in one transaction
    // on this test's own copy of the database.
    const ddl = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    const { migrated, declared, view } = await database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER SCHEMA public RENAME TO migrated`);
      await tx.execute(sql`CREATE SCHEMA public`);
      // The migrated schema stays on the path for what extensions put there (pg_trgm's operator class).
      await tx.execute(sql`SET LOCAL search_path = public, migrated`);
      for (const statement of ddl) await tx.execute(sql.raw(statement));
      return { migrated: await catalogOf(tx, 'migrated'), declared: await catalogOf(tx, 'public'), view: await viewColumns(tx) };
    });

    expect(migrated.columns.length).toBeGreaterThan(200);
    // What only the migrations hold is listed by name, and is still there (else the list is stale).
    const outside = (kind: keyof typeof ONLY_IN_MIGRATIONS, line: string) =>
      ONLY_IN_MIGRATIONS[kind].some((name) => (kind === 'relations' ? line === name : line.includes(` INDEX ${name} ON `)));
    for (const kind of ['relations', 'indexes'] as const) {
      expect(migrated[kind].filter((line) => outside(kind, line))).toHaveLength(ONLY_IN_MIGRATIONS[kind].length);
    }
    const onlyMigrated = missingFrom(migrated, declared);
    const none: Catalog = { relations: [], columns: [], indexes: [], constraints: [] };
    expect({
      'in the migrated database, not in schema.ts': {
        ...onlyMigrated,
        relations: onlyMigrated.relations.filter((line) => !outside('relations', line)),
        indexes: onlyMigrated.indexes.filter((line) => !outside('indexes', line)),
      },
      'in schema.ts, not in the migrated database': missingFrom(declared, migrated),
    }).toEqual({ 'in the migrated database, not in schema.ts': none, 'in schema.ts, not in the migrated database': none });
    // The view's query lives in its migration; the columns schema.ts reads from it must be its own.
    const { selectedFields } = getViewConfig(schema.repWinRate);
    expect(view).toEqual(
      Object.values(selectedFields as Record<string, PgColumn>).map((column) => `${column.name} ${column.getSQLType()}`),
    );
  });
});

describe('npm run db:generate', () => {
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-db-generate-'));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** drizzle-kit generate (what db:generate runs) on a copy of the migrations: the files it adds. */
  async function generate(name: string, schemaFile: string): Promise<{ added: string[]; output: string }> {
    const cwd = path.join(folder, name);
    fs.cpSync(MIGRATIONS_DIR, path.join(cwd, 'migrations'), { recursive: true });
    const before = new Set(fs.readdirSync(path.join(cwd, 'migrations')));
    const args = [DRIZZLE_KIT, 'generate', '--dialect=postgresql', `--schema=${schemaFile}`, '--out=migrations'];
    // drizzle-kit answers 0 even when it fails: what it wrote is the result.
    const { stdout, stderr } = await run(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    const added = fs.readdirSync(path.join(cwd, 'migrations')).filter((file) => !before.has(file));
    return { added, output: stdout + stderr };
  }

  // Each runs drizzle-kit in a process of its own, side by side: about 2 s on a quiet machine, a
  // minute allowed for a loaded one.
  it.concurrent(
    'writes nothing when schema.ts has not changed since the last migration',
    async () => {
      // The same comparison in process, to name what a stale snapshot would make it write.
      const snapshots = fs.readdirSync(path.join(MIGRATIONS_DIR, 'meta')).filter((file) => file.endsWith('_snapshot.json'));
      const latest = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', snapshots.sort().at(-1)!), 'utf8'));
      expect(
        await generateMigration(latest, generateDrizzleJson(schema)),
        'schema.ts differs from the latest snapshot: let `npm run db:generate -- --name=<change>` write the migration ' +
          '(a migration written by hand leaves the snapshot behind; delete it and its journal entry, then generate it)',
      ).toEqual([]);

      const { added, output } = await generate('unchanged', SCHEMA_FILE);
      expect(output).toContain('No schema changes, nothing to migrate');
      expect(added).toEqual([]);
    },
    60_000,
  );

  it.concurrent(
    'writes exactly the statements of a change',
    async () => {
      const probe = path.join(folder, 'probe-schema.ts');
      const pgCore = require.resolve('drizzle-orm/pg-core');
      fs.writeFileSync(
        probe,
        `import { index, pgTable, serial, text } from ${JSON.stringify(pgCore)};
import { users } from ${JSON.stringify(SCHEMA_FILE)};
export * from ${JSON.stringify(SCHEMA_FILE)};
export const schemaProbe = pgTable('schema_probe', {
  id: serial('id').primaryKey(),
  user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [index('schema_probe_user_idx').on(t.user_id)]);
`,
      );
      const { added } = await generate('changed', probe);
      const journal = JSON.parse(fs.readFileSync(path.join(folder, 'changed/migrations/meta/_journal.json'), 'utf8'));
      const entry = journal.entries.at(-1);
      expect(added).toEqual([`${entry.tag}.sql`]);
      const statements = fs
        .readFileSync(path.join(folder, 'changed/migrations', `${entry.tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim());
      expect(statements).toEqual([
        `CREATE TABLE "schema_probe" (\n\t"id" serial PRIMARY KEY NOT NULL,\n\t"user_id" text NOT NULL\n);`,
        `ALTER TABLE "schema_probe" ADD CONSTRAINT "schema_probe_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;`,
        `CREATE INDEX "schema_probe_user_idx" ON "schema_probe" USING btree ("user_id");`,
      ]);
    },
    60_000,
  );

  it('keeps the journal in time order, which the migrator relies on', () => {
    // The migrator applies every migration dated after the last one it applied: an entry dated
    // before its predecessor (a hand-edited "when") would never run on an existing database.
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const dates = journal.entries.map((entry: { when: number }) => entry.when);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
  });
});
