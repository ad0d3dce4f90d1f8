import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMatchKey, accountMatchKeySql, domainOf, domainOfSql } from '@nexa/domain';
import { openDatabase, selectRows, type Database, type Db } from '../src/db/client.ts';
import { MIGRATIONS_DIR, READ_MODELS_DIR, runMigrations } from '../src/db/migrate.ts';
import { resolveAccount, resolveAccountRecord } from '../src/modules/accounts/resolve.ts';
import { testDatabaseKind } from './database-target.ts';
import { openPostgresDatabase } from './test-app.ts';

/*
 * The migration that made accounts of today's deals (0035_client_accounts): it groups the deals'
 * company names with the SQL form of accountMatchKey and domainOf, which must agree with the
 * JavaScript that resolveAccount uses from then on; it links every deal, merges names that share a
 * web domain, and lists what it merged.
 */

const ACCOUNTS_MIGRATION = '0035_client_accounts';

const openEmptyDatabase = (): Promise<Database & { url?: string }> =>
  testDatabaseKind() === 'pglite' ? openDatabase('memory://') : openPostgresDatabase({ poolMax: 2 });

/** The migrations folder as it stood before the accounts migration. */
function migrationsBeforeAccounts(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-accounts-migration-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === ACCOUNTS_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * No read models at that point: today's folder keeps tables that came after it (rep_contacts reads
 * deal_contacts and contacts). The full migration below applies the folder and rebuilds each kept total.
 */
function noReadModels(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-accounts-read-models-'));
  fs.copyFileSync(path.join(READ_MODELS_DIR, 'clear.sql'), path.join(folder, 'clear.sql'));
  fs.writeFileSync(path.join(folder, 'triggers.sql'), 'SELECT 1;\n');
  return folder;
}

const rows = <T>(db: Db, query: ReturnType<typeof sql>) => selectRows<T>(db, query);

describe('the accounts migration', () => {
  let database: Database & { url?: string };
  let db: Db;

  beforeAll(async () => {
    database = await openEmptyDatabase();
    db = database.db;
    await runMigrations(database, { migrations: migrationsBeforeAccounts(), readModels: noReadModels() }, database.url);
    await db.execute(sql`INSERT INTO users (id, email, full_name, role) VALUES
      ('am-rep-1', 'am-rep-1@test.nexa', 'Rep One', 'Sales Representative'),
      ('am-rep-2', 'am-rep-2@test.nexa', 'Rep Two', 'Sales Representative')`);
    const deals: [string | null, string | null, string | null, string | null][] = [
      // owner, company, web address, industry
      ['am-rep-1', 'Acme', 'https://www.acme.com', 'Manufacturing'],
      ['am-rep-1', 'ACME, Inc.', null, null],
      ['am-rep-2', 'Acme', null, 'Manufacturing'],
      ['am-rep-2', 'acme.com', null, null],
      ['am-rep-1', 'Acme Industries', 'acme.com/contact', null],
      ['am-rep-1', 'Globex Corporation', 'globex.io', 'Energy'],
      ['am-rep-2', 'Globex Corp.', 'http://GLOBEX.io/', null],
      ['am-rep-1', 'Initech', null, null],
      ['am-rep-1', 'Umbrella', 'gmail.com', null],
      ['am-rep-2', 'Umbrella Health', 'gmail.com', null],
      ['am-rep-1', '   ', null, null],
      ['am-rep-1', null, 'nobody.com', null],
    ];
    for (const [owner, company, web, industry] of deals) {
      await db.execute(sql`INSERT INTO opportunities (owner_id, client_company_name, domain_website, company_industry, stage, amount)
        VALUES (${owner}, ${company}, ${web}, ${industry}, 'New', 1000)`);
    }
    await runMigrations(database, {}, database.url);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('makes one account per company, merging spellings and names that share a web domain', async () => {
    const accounts = await rows<{
      name: string;
      match_key: string;
      domain: string | null;
      industry: string | null;
      merged_into: string | null;
    }>(
      db,
      sql`SELECT a.name, a.match_key, a.domain, a.industry, m.name AS merged_into
        FROM client_accounts a LEFT JOIN client_accounts m ON m.id = a.merged_into_id ORDER BY a.match_key`,
    );
    // A tie between spellings goes to the shorter one (legal forms are noise): "Globex Corp.".
    expect(accounts).toEqual([
      { name: 'Acme', match_key: 'acme', domain: 'acme.com', industry: 'Manufacturing', merged_into: null },
      { name: 'Acme Industries', match_key: 'acme industries', domain: 'acme.com', industry: null, merged_into: 'Acme' },
      { name: 'Globex Corp.', match_key: 'globex', domain: 'globex.io', industry: 'Energy', merged_into: null },
      { name: 'Initech', match_key: 'initech', domain: null, industry: null, merged_into: null },
      { name: 'Umbrella', match_key: 'umbrella', domain: null, industry: null, merged_into: null },
      { name: 'Umbrella Health', match_key: 'umbrella health', domain: null, industry: null, merged_into: null },
    ]);
  });

  it('links every deal with a company and shows its account name (a blank name: none), the change in the deal history', async () => {
    const deals = await rows<{ company: string | null; account: string | null; version: number }>(
      db,
      sql`SELECT o.client_company_name AS company, a.name AS account, o.version FROM opportunities o
        LEFT JOIN client_accounts a ON a.id = o.account_id ORDER BY o.id`,
    );
    expect(deals.map((d) => [d.company, d.account])).toEqual([
      ['Acme', 'Acme'],
      ['Acme', 'Acme'],
      ['Acme', 'Acme'],
      ['Acme', 'Acme'],
      ['Acme', 'Acme'],
      ['Globex Corp.', 'Globex Corp.'],
      ['Globex Corp.', 'Globex Corp.'],
      ['Initech', 'Initech'],
      ['Umbrella', 'Umbrella'],
      ['Umbrella Health', 'Umbrella Health'],
      [null, null],
      [null, null],
    ]);
    const history = await rows<{ before: unknown; after: unknown; source: string }>(
      db,
      sql`SELECT before, after, source FROM opportunity_changes WHERE field = 'client_company_name' ORDER BY opportunity_id`,
    );
    expect(history).toEqual([
      { before: 'ACME, Inc.', after: 'Acme', source: 'system' },
      { before: 'acme.com', after: 'Acme', source: 'system' },
      { before: 'Acme Industries', after: 'Acme', source: 'system' },
      { before: 'Globex Corporation', after: 'Globex Corp.', source: 'system' },
      { before: '   ', after: null, source: 'system' },
    ]);
  });

  it('lists what it merged, in account_merges and the audit log', async () => {
    const merges = await rows<{ name: string; sources: string[] | string; moved: unknown }>(
      db,
      sql`SELECT a.name, (SELECT array_agg(s.name ORDER BY s.name) FROM client_accounts s WHERE s.id = ANY(m.source_ids))::text AS sources, m.moved
        FROM account_merges m JOIN client_accounts a ON a.id = m.account_id WHERE m.kind = 'migration' ORDER BY a.name`,
    );
    expect(merges).toEqual([
      {
        name: 'Acme',
        sources: '{"Acme Industries"}',
        moved: {
          names: [
            { name: 'Acme', deals: 2 },
            { name: 'ACME, Inc.', deals: 1 },
            { name: 'Acme Industries', deals: 1 },
            { name: 'acme.com', deals: 1 },
          ],
        },
      },
      {
        name: 'Globex Corp.',
        sources: null,
        moved: {
          names: [
            { name: 'Globex Corp.', deals: 1 },
            { name: 'Globex Corporation', deals: 1 },
          ],
        },
      },
    ]);
    const audit = await rows<{ action: string; target: string }>(db, sql`SELECT action, target FROM audit_log ORDER BY id`);
    expect(audit).toEqual([
      { action: 'account.merged', target: 'Acme' },
      { action: 'account.merged', target: 'Globex Corp.' },
    ]);
  });

  it('keeps My Companies’ kept totals equal to the deals', async () => {
    const kept = await rows<{ owner_key: string; company: string; deals: number }>(
      db,
      sql`SELECT owner_key, company, deals::int AS deals FROM rep_companies WHERE deals > 0 ORDER BY 1, 2`,
    );
    const counted = await rows<{ owner_key: string; company: string; deals: number }>(
      db,
      sql`SELECT coalesce(owner_id, '') AS owner_key, client_company_name AS company, count(*)::int AS deals FROM opportunities
        WHERE client_company_name IS NOT NULL AND btrim(client_company_name) <> '' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(kept).toEqual(counted);
  });

  it('is the rule resolveAccount applies afterwards', async () => {
    const acmeId = (await rows<{ id: number }>(db, sql`SELECT id FROM client_accounts WHERE match_key = 'acme'`))[0]!.id;
    expect(await resolveAccount(db, { name: 'Acme Industries' })).toBe(acmeId);
    expect(await resolveAccount(db, { name: 'A.C.M.E. Ltd' })).toBe(acmeId);
    expect(await resolveAccountRecord(db, { name: 'Acme Robotics', domain: 'https://acme.com' })).toEqual({
      id: acmeId,
      name: 'Acme',
    });
    // The new name is kept as one of Acme's: it finds Acme by its key from now on.
    expect(await resolveAccount(db, { name: 'ACME Robotics' })).toBe(acmeId);
    const fresh = await resolveAccountRecord(db, { name: '  Hooli  ', domain: 'hooli.xyz', industry: 'Tech' });
    expect(fresh?.name).toBe('Hooli');
    expect(await resolveAccount(db, { name: 'hooli inc' })).toBe(fresh?.id);
    expect(await resolveAccount(db, { name: ' \t ' })).toBeNull();
  });
});

describe('accountMatchKey and domainOf agree with their SQL', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await openEmptyDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('is the SQL the migration ran', () => {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${ACCOUNTS_MIGRATION}.sql`), 'utf8');
    expect(text).toContain(accountMatchKeySql('n.name'));
    expect(text).toContain(domainOfSql('a.address'));
  });

  const pieces = [
    ...'AaZzÉéÈçÇßæÆŒœØøŁłıİÀÿ .,;:\'’‘"-–—&()/\\!?@#_+\t\n\r\f\v\u00a0\u3000«»™®·…0123456789',
    ' Inc',
    ' Inc.',
    ', Ltd',
    ' S.A.',
    ' SAS',
    ' GmbH',
    ' & Co',
    '.com',
    '.io',
    'www.',
    'https://',
    ':8080',
    '/path?q=1',
    'gmail.com',
    'user@',
    'Acme',
    'トヨタ',
    'Ünïcödé',
    'Ω',
    '😀',
  ];
  const text = fc.oneof(
    fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')),
    fc.string({ unit: 'binary', maxLength: 16 }).map((s) => s.replaceAll('\u0000', '')),
  );

  it('gives the same key and host for any text', async () => {
    const samples = fc.sample(text, { numRuns: 1500, seed: 36 });
    samples.push('ACME, Inc.', 'Acmé', 'acme.com', 'https://www.Acme.com/about', 'WWW.ACME.FR.', '', ' ', '\t');
    const result = await selectRows<{ key: string; host: string | null }>(
      database.db,
      sql`SELECT ${sql.raw(accountMatchKeySql('x.t'))} AS key, ${sql.raw(domainOfSql('x.t'))} AS host
        FROM jsonb_array_elements_text(${JSON.stringify(samples)}::jsonb) WITH ORDINALITY AS x(t, n) ORDER BY x.n`,
    );
    const mismatches = samples.flatMap((sample, i) => {
      const got = result[i]!;
      const want = { key: accountMatchKey(sample), host: domainOf(sample) };
      return got.key === want.key && got.host === want.host ? [] : [{ sample, got, want }];
    });
    expect(mismatches).toEqual([]);
  }, 60_000);
});
