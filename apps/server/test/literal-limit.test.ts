import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { read } from '../src/db/prepared/reads.ts';
import { opportunities } from '../src/db/schema.ts';

describe('how a read sends its values (db/prepared/reads.ts)', () => {
  const db = drizzle.mock();

  it('writes the page size into the text and keeps the offset a parameter', () => {
    const query = db.select({ id: opportunities.id }).from(opportunities).limit(read.rows(25)).offset(50).toSQL();
    expect(query.sql).toMatch(/ limit 25 offset \$1$/);
    expect(query.params).toEqual([50]);
  });

  it('refuses anything but a non-negative integer, so no text reaches the SQL', () => {
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => read.rows(bad)).toThrow(RangeError);
    expect(() => read.rows('1; drop table users' as unknown as number)).toThrow(RangeError);
  });

  it('binds a value unseen by the planner as a typed sub-select, still one parameter', () => {
    const query = db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(eq(opportunities.owner_id, read.value(sql.placeholder('owner'), 'text')))
      .limit(read.rows(25))
      .offset(read.offset(sql.placeholder('offset')))
      .toSQL();
    expect(query.sql).toMatch(/"owner_id" = \(select \$1::text\) limit 25 offset \(select \$2::bigint\)$/);
    expect(query.params).toHaveLength(2);
  });

  it('writes a constant of the code as a quoted literal, and keeps a search pattern an ordinary parameter', () => {
    const query = db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(
        sql`${opportunities.stage} = ${read.constant("O'Brien")} and ${opportunities.product} ilike ${read.pattern('%crm%')}`,
      )
      .toSQL();
    expect(query.sql).toMatch(/"stage" = 'O''Brien' and "opportunities"\."product" ilike \$1$/);
    expect(query.params).toEqual(['%crm%']);
  });
});
