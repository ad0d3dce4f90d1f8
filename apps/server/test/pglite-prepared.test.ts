import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePreparedStatements } from '../src/db/prepared/pglite-prepared.ts';
import { testDatabaseKind } from './database-target.ts';

/** The embedded database's named statements (docs/decisions/009): same answers, planned once. */
describe.runIf(testDatabaseKind() === 'pglite')('prepared statements on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table t (id int primary key, owner text, at timestamptz, doc jsonb, n numeric);
      insert into t select g, 'o' || (g % 5), '2026-11-01T00:00:00Z'::timestamptz + g * interval '1 hour', '{"a": 1}', g * 1.5
      from generate_series(1, 50) g;`);
    usePreparedStatements(db);
  });
  afterAll(() => db?.close());

  const prepared = async (marker: string) =>
    (await db.query<{ name: string }>(`select name from pg_prepared_statements where statement like '%${marker}%'`)).rows;

  it('answers as the unnamed path does, in objects and in arrays, and prepares once', async () => {
    const text = 'select id, owner, at, doc, n from t /* marker-rows */ where owner = $1 and id > $2 order by id';
    const first = await db.query(text, ['o1', 10]);
    const again = await db.query(text, ['o2', 10], { rowMode: 'array' });
    expect(first.rows[0]).toEqual({ id: 11, owner: 'o1', at: new Date('2026-11-01T11:00:00Z'), doc: { a: 1 }, n: '16.5' });
    expect(first.rows).toHaveLength(8);
    expect(again.rows[0]).toEqual([12, 'o2', new Date('2026-11-01T12:00:00Z'), { a: 1 }, '18.0']);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'owner', 'at', 'doc', 'n']);
    expect(await prepared('marker-rows')).toHaveLength(1);
  });

  it("lays a call's own parsers over the client's, as Drizzle passes them", async () => {
    const asText = (value: string) => value;
    const text = 'select at, doc, n, id from t /* marker-parsers */ where id = $1';
    const res = await db.query(text, [3], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: asText } });
    // The call's parser for timestamptz; the client's for jsonb and int; numeric stays text.
    expect(res.rows[0]).toEqual(['2026-11-01 03:00:00+00', { a: 1 }, '4.5', 3]);
    const plain = await db.query(text, [3], { rowMode: 'array' });
    expect(plain.rows[0]).toEqual([new Date('2026-11-01T03:00:00Z'), { a: 1 }, '4.5', 3]);
  });

  it('serialises values by the parameter types the statement was described with', async () => {
    const res = await db.query<{ at: Date; doc: unknown }>('select $1::timestamptz as at, $2::jsonb as doc /* marker-types */', [
      new Date('2026-01-02T03:04:05Z'),
      { nested: [1, 'two'] },
    ]);
    expect(res.rows[0]).toEqual({ at: new Date('2026-01-02T03:04:05Z'), doc: { nested: [1, 'two'] } });
  });

  it('writes and reports affected rows; a transaction still sees its own work', async () => {
    const inserted = await db.query('insert into t (id, owner) values ($1, $2) returning id', [1000, 'writer']);
    expect(inserted.rows).toEqual([{ id: 1000 }]);
    expect(inserted.affectedRows).toBe(1);
    await db.transaction(async (tx) => {
      await tx.query('update t set owner = $1 where id = $2', ['changed', 1000]);
    });
    expect((await db.query('select owner from t where id = $1', [1000])).rows).toEqual([{ owner: 'changed' }]);
  });

  it('keeps the database usable after a bad value or a bad statement', async () => {
    await expect(db.query('select $1::int as v /* marker-bad-value */', ['abc'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query('select $1::int as v /* marker-bad-value */', ['7'])).rows).toEqual([{ v: 7 }]);
    for (let i = 0; i < 2; i++) {
      await expect(db.query('select nosuch from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    }
    expect((await db.query('select count(*)::int as n from t where id < $1', [100])).rows).toEqual([{ n: 50 }]);
  });
});
