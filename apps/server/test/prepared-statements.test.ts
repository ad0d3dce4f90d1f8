import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { testDatabaseKind } from './database-target.ts';
import { openTestDatabase } from './test-app.ts';

/**
 * On PostgreSQL every parameterised statement goes out as a named prepared statement, so each
 * connection plans it once (docs/decisions/009). Checked on the connection itself, inside one
 * transaction, through pg_prepared_statements.
 */
describe.runIf(testDatabaseKind() === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const prepared = (db: typeof database.db, marker: string) =>
    selectRows<{ name: string }>(
      db,
      sql`select name from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
    );

  it('prepares a statement once per connection and reuses it, whatever the values', async () => {
    await database.db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) {
        const [row] = await selectRows<{ v: number }>(tx, sql`select ${value}::int as v /* prepared-marker */`);
        expect(row!.v).toBe(value);
      }
      const names = await prepared(tx, 'prepared-marker');
      expect(names).toHaveLength(1);
      expect(names[0]!.name).toMatch(/^nexa_/);
    });
  });

  it('gives different texts different statements', async () => {
    await database.db.transaction(async (tx) => {
      await selectRows(tx, sql`select ${1}::int as a /* marker-a */`);
      await selectRows(tx, sql`select ${1}::int as b /* marker-b */`);
      const [a] = await prepared(tx, 'marker-a');
      const [b] = await prepared(tx, 'marker-b');
      expect(a!.name).not.toBe(b!.name);
    });
  });
});
