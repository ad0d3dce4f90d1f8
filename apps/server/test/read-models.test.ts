import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStageOfChange } from '@nexa/domain';
import { openDatabase, selectRows, type Database, type Db } from '../src/db/client.ts';
import { makeOpportunities } from '../src/db/factories.ts';
import { MIGRATIONS_DIR, READ_MODELS_DIR, runMigrations } from '../src/db/migrate.ts';
import { callAnalyses, opportunities } from '../src/db/schema.ts';
import { testDatabaseKind } from './database-target.ts';
import { openPostgresDatabase, openTestDatabase } from './test-app.ts';

/**
 * The read models' one home (src/db/read-models): what a database runs on a write is what the folder
 * defines, a database migrated before the folder existed ends the same as a fresh one with its kept
 * totals unchanged, and the migrator applies the folder again only when a file changed.
 */

// Every trigger of a migrated database: on which table, when, and what it runs.
const TRIGGERS = [
  'call_analyses call_analyses_take_owner BEFORE INSERT OR UPDATE OF opportunity_id FOR EACH ROW call_analyses_take_owner()',
  'call_analyses call_scores_delete AFTER DELETE REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT call_scores_on_delete()',
  'call_analyses call_scores_insert AFTER INSERT REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT call_scores_on_insert()',
  'call_analyses call_scores_truncate AFTER TRUNCATE FOR EACH STATEMENT call_scores_on_truncate()',
  'call_analyses call_scores_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT call_scores_on_update()',
  'client_accounts rep_accounts_accounts_update AFTER UPDATE REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT rep_accounts_on_accounts()',
  'client_accounts rep_contacts_accounts_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT rep_contacts_on_accounts()',
  'contacts contact_names_contacts_delete AFTER DELETE REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT contact_names_on_contacts()',
  'contacts contact_names_contacts_insert AFTER INSERT REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT contact_names_on_contacts()',
  'contacts contact_names_contacts_truncate AFTER TRUNCATE FOR EACH STATEMENT contact_names_on_contacts()',
  'contacts contact_names_contacts_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT contact_names_on_contacts()',
  'contacts rep_contacts_contacts_delete AFTER DELETE REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT rep_contacts_on_contacts()',
  'contacts rep_contacts_contacts_insert AFTER INSERT REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT rep_contacts_on_contacts()',
  'contacts rep_contacts_contacts_truncate AFTER TRUNCATE FOR EACH STATEMENT rep_contacts_on_contacts()',
  'contacts rep_contacts_contacts_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT rep_contacts_on_contacts()',
  'deal_contacts rep_contacts_committees_delete AFTER DELETE REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT rep_contacts_on_committees()',
  'deal_contacts rep_contacts_committees_insert AFTER INSERT REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT rep_contacts_on_committees()',
  'deal_contacts rep_contacts_committees_truncate AFTER TRUNCATE FOR EACH STATEMENT rep_contacts_on_committees()',
  'deal_contacts rep_contacts_committees_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT rep_contacts_on_committees()',
  'opportunities opportunities_forecast_activity BEFORE UPDATE OF stage, amount, closing_date, forecast_category, owner_id FOR EACH ROW opportunities_forecast_activity()',
  'opportunities opportunities_stage_changed_at BEFORE UPDATE OF stage FOR EACH ROW opportunities_stage_changed_at()',
  'opportunities summaries_delete AFTER DELETE REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT summaries_on_delete()',
  'opportunities summaries_insert AFTER INSERT REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT summaries_on_insert()',
  'opportunities summaries_truncate AFTER TRUNCATE FOR EACH STATEMENT summaries_on_truncate()',
  'opportunities summaries_update AFTER UPDATE REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT summaries_on_update()',
  'users team_totals_users AFTER INSERT OR DELETE OR UPDATE OF role, disabled FOR EACH ROW team_totals_on_users()',
];
// The functions triggers.sql generates from the read models (the others are written in a file).
const GENERATED = [
  'read_models_rebuild',
  ...['summaries', 'call_scores'].flatMap((p) => ['insert', 'update', 'delete', 'truncate'].map((op) => `${p}_on_${op}`)),
];
// The tables kept by the folds (team_totals compared as sums: its slots depend on the connection).
const KEPT_TABLES = [
  'team_summaries',
  'member_totals',
  'rep_product_statuses',
  'rep_stage_totals',
  'forecast_summaries',
  'weekly_summaries',
  'won_days',
  'call_score_weeks',
  'rep_companies',
  'rep_company_months',
  'rep_meeting_days',
  'rep_field_values',
  'rep_company_facts',
  'rep_contacts',
  'rep_accounts',
  'contact_names',
];

const triggersOf = async (db: Db) =>
  (
    await selectRows<{ relation: string; name: string; definition: string }>(
      db,
      sql`SELECT t.tgrelid::regclass::text AS relation, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal ORDER BY 1, 2`,
    )
  ).map((t) => ({ ...t, definition: t.definition.replace(/^CREATE TRIGGER \S+ /, '').replace(` ON public.${t.relation}`, '') }));

/** Every trigger and every function of the application (not an extension's), as the database prints them. */
async function catalogOf(db: Db) {
  const functions = await selectRows<{ signature: string; definition: string }>(
    db,
    sql`SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
  );
  return { triggers: await triggersOf(db), functions };
}

/** The kept totals' rows, numbers read as numbers (a rebuild may write 100 where a fold kept 100.00). */
async function keptTotalsOf(db: Db) {
  const totals: Record<string, unknown> = {};
  for (const table of KEPT_TABLES) {
    const [aggregated] = await selectRows<{ rows: string }>(
      db,
      sql.raw(`SELECT coalesce(json_agg(t ORDER BY t::text), '[]')::text AS rows FROM ${table} t`),
    );
    totals[table] = JSON.parse(aggregated!.rows);
  }
  const [team] = await selectRows<Record<string, string>>(
    db,
    sql`SELECT coalesce(sum(deals), 0)::text AS deals, coalesce(sum(amount_sum), 0)::float8::text AS amount,
      coalesce(sum(representatives), 0)::text AS representatives FROM team_totals`,
  );
  totals.team_totals = team;
  totals.call_owners = await selectRows(db, sql`SELECT id::text, owner_key FROM call_analyses ORDER BY 1`);
  return totals;
}

/** Deals, calls and users written, changed and removed the ways the product writes them. */
async function writeDeals(db: Db, seed: number) {
  const users = [0, 1, 2, 3].map((i) => `rm-${seed}-${i}`);
  const roles = ['Sales Representative', 'Sales Representative', 'Sales Representative', 'Sales Manager'];
  await db.execute(
    sql`INSERT INTO users (id, email, full_name, role) VALUES ${sql.join(
      users.map((u, i) => sql`(${u}, ${`${u}@test.nexa`}, ${`Rep ${u}`}, ${roles[i]!})`),
      sql`, `,
    )}`,
  );
  for (const [i, owner] of [...users.slice(0, 3), null].entries()) {
    await db
      .insert(opportunities)
      .values(makeOpportunities(50, { seed: seed * 10 + i, ownerId: owner, accountManager: `AM ${i}` }));
  }
  const ids = (await db.select({ id: opportunities.id }).from(opportunities).orderBy(opportunities.id))
    .map((r) => r.id)
    .slice(-200);
  await db.insert(callAnalyses).values(
    ids.slice(0, 60).map((id, i) => ({
      opportunity_id: id,
      provider: 'offline',
      language: 'en' as const,
      result: { technicalScore: { score: (id % 9) + 1 }, ...(i % 4 ? { commercialScore: { score: (id % 7) + 0.5 } } : {}) },
      created_at: new Date(Date.now() - (i % 40) * 86_400_000),
    })),
  );
  await db
    .update(opportunities)
    .set({ owner_id: users[1]! })
    .where(inArray(opportunities.id, ids.slice(0, 20)));
  await db
    .update(opportunities)
    .set(withStageOfChange({ status: 'Closed-Win', closing_date: new Date().toISOString().slice(0, 10) }))
    .where(inArray(opportunities.id, ids.slice(20, 40)));
  await db
    .update(opportunities)
    .set({ amount: sql`coalesce(${opportunities.amount}, 0) + 7`, lead_status: 'Pending', forecast_category: 'commit' })
    .where(inArray(opportunities.id, ids.slice(30, 70)));
  await db.delete(opportunities).where(inArray(opportunities.id, ids.slice(50, 60)));
  await db.execute(sql`UPDATE users SET disabled = true WHERE id = ${users[2]!}`);
}

/** An empty database of its own, closed (and on PostgreSQL dropped) by `close`. */
const openEmptyDatabase = (): Promise<Database & { url?: string }> =>
  testDatabaseKind() === 'pglite' ? openDatabase('memory://') : openPostgresDatabase({ poolMax: 2 });

/** The numbered migrations alone: how every database was migrated before the read models had a folder. */
async function migrateWithoutReadModels(database: Database) {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
}

/** A copy of the folder to change without touching the real one. */
function copyOfReadModels(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-read-models-'));
  fs.cpSync(READ_MODELS_DIR, folder, { recursive: true });
  return folder;
}

describe('read models', () => {
  let fresh: Database;
  let upgraded: Database & { url?: string };

  beforeAll(async () => {
    fresh = await openTestDatabase();
    upgraded = await openEmptyDatabase();
  });
  afterAll(async () => {
    await fresh?.close();
    await upgraded?.close();
  });

  it('a migrated database runs the triggers the folder defines, and only functions the folder defines', async () => {
    const triggers = await triggersOf(fresh.db);
    expect(triggers.map((t) => `${t.relation} ${t.name} ${t.definition.replace(' EXECUTE FUNCTION', '')}`)).toEqual(TRIGGERS);

    const written = fs
      .readdirSync(READ_MODELS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(READ_MODELS_DIR, f), 'utf8').matchAll(/^CREATE FUNCTION (\w+)\(/gm)].map((m) => m[1]),
      );
    const { functions } = await catalogOf(fresh.db);
    expect(functions.map((f) => f.signature.replace(/\(.*$/, '')).sort()).toEqual([...written, ...GENERATED].sort());
  });

  it('a database migrated before the folder existed ends as a fresh one, its kept totals unchanged', async () => {
    await migrateWithoutReadModels(upgraded);
    await writeDeals(upgraded.db, 1);
    const before = await keptTotalsOf(upgraded.db);
    expect((before.team_summaries as unknown[]).length).toBeGreaterThan(6);

    const applied = await runMigrations(upgraded, {}, upgraded.url);
    expect(applied.applied).toBe(true);
    // Every kept total is new to this database's record, so each was rebuilt from the rows.
    expect(applied.rebuilt).toHaveLength(KEPT_TABLES.length + 2);

    expect(await catalogOf(upgraded.db)).toEqual(await catalogOf(fresh.db));
    expect(await keptTotalsOf(upgraded.db)).toEqual(before);

    // The folder's triggers keep what its rebuilds compute, through the same kinds of writes.
    await writeDeals(upgraded.db, 2);
    const kept = await keptTotalsOf(upgraded.db);
    await upgraded.db.execute(sql`SELECT read_models_rebuild()`);
    expect(await keptTotalsOf(upgraded.db)).toEqual(kept);
  });

  it('is applied again only when a file changed, and rebuilds the kept totals whose file changed', async () => {
    expect(await runMigrations(upgraded, {}, upgraded.url)).toEqual({ applied: false, rebuilt: [] });

    const folder = copyOfReadModels();
    try {
      fs.appendFileSync(path.join(folder, 'won-days.sql'), '\n-- changed\n');
      fs.appendFileSync(path.join(folder, 'triggers.sql'), '\n-- changed\n');
      const kept = await keptTotalsOf(upgraded.db);
      await upgraded.db.execute(sql`DELETE FROM won_days`);
      await upgraded.db.execute(sql`DELETE FROM team_summaries`);
      expect(await runMigrations(upgraded, { readModels: folder }, upgraded.url)).toEqual({
        applied: true,
        rebuilt: ['won_days'],
      });
      const after = await keptTotalsOf(upgraded.db);
      expect(after.won_days).toEqual(kept.won_days);
      // A kept total whose file did not change is left as it stands.
      expect(after.team_summaries).toEqual([]);
      await upgraded.db.execute(sql`SELECT team_summaries_rebuild()`);
      // Back to the real folder: won-days.sql differs again from what was applied.
      expect(await runMigrations(upgraded, {}, upgraded.url)).toEqual({ applied: true, rebuilt: ['won_days'] });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('leaves the database as it was when a file fails', async () => {
    const folder = copyOfReadModels();
    try {
      fs.appendFileSync(path.join(folder, 'triggers.sql'), '\nSELECT no_such_function();\n');
      const catalog = await catalogOf(upgraded.db);
      await expect(runMigrations(upgraded, { readModels: folder }, upgraded.url)).rejects.toThrow(/triggers\.sql/);
      expect(await catalogOf(upgraded.db)).toEqual(catalog);
      // Nothing was recorded either: the real folder is still the one applied.
      expect(await runMigrations(upgraded, {}, upgraded.url)).toEqual({ applied: false, rebuilt: [] });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('numbered migrations after 0030 carry tables, columns, indexes and backfills, no function or trigger', () => {
    const later = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) > 30);
    for (const file of later) {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replace(/--[^\n]*/g, '');
      expect(text, `${file} defines a function or trigger: it belongs in src/db/read-models`).not.toMatch(
        /\bCREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|TRIGGER|PROCEDURE)\b/i,
      );
    }
  });
});
