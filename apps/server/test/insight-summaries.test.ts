import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStageOfChange } from '@nexa/domain';
import { makeOpportunities } from '../src/db/factories.ts';
import { callAnalyses, opportunities, users } from '../src/db/schema.ts';
import { comparableRows } from './summary-rows.ts';
import { startTestServer, type TestServer } from './test-app.ts';

/**
 * The insights' read summaries (migration 0021) must always equal a recomputation from the rows:
 * won deals per closing day and owner, each call's owner (its deal's, NULL once the deal is gone)
 * and call scores per owner and week. The recomputations are written independently of the
 * triggers' SQL.
 */
const RECOMPUTED_WON_DAYS = sql`
  SELECT to_char(closing_date, 'YYYY-MM-DD') AS day, coalesce(owner_id, '') AS owner_key, count(*)::text AS deals,
    coalesce(sum(amount), 0)::numeric::text AS amount_sum
  FROM opportunities WHERE stage = 'Closed-Win' AND closing_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED_WON_DAYS = sql`
  SELECT to_char(day, 'YYYY-MM-DD') AS day, owner_key, deals::text, amount_sum::numeric::text FROM won_days ORDER BY 1, 2`;

const RECOMPUTED_CALL_OWNERS = sql`
  SELECT c.id::text AS id, CASE WHEN o.id IS NULL THEN '(gone)' ELSE coalesce(o.owner_id, '') END AS owner_key
  FROM call_analyses c LEFT JOIN opportunities o ON o.id = c.opportunity_id ORDER BY 1`;
const STORED_CALL_OWNERS = sql`SELECT id::text AS id, coalesce(owner_key, '(gone)') AS owner_key FROM call_analyses ORDER BY 1`;

const score = (path: string) =>
  sql.raw(
    `CASE WHEN jsonb_typeof(c.result -> '${path}' -> 'score') = 'number' THEN (c.result -> '${path}' ->> 'score')::numeric END`,
  );
const RECOMPUTED_CALL_SCORES = sql`
  SELECT owner_key, week, count(*)::text AS calls, coalesce(sum(t), 0)::text AS technical_sum, count(t)::text AS technical_count,
    coalesce(sum(m), 0)::text AS commercial_sum, count(m)::text AS commercial_count
  FROM (
    SELECT coalesce(o.owner_id, '') AS owner_key, to_char(date_trunc('week', c.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
      ${score('technicalScore')} AS t, ${score('commercialScore')} AS m
    FROM call_analyses c JOIN opportunities o ON o.id = c.opportunity_id
  ) s GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED_CALL_SCORES = sql`
  SELECT owner_key, to_char(week, 'YYYY-MM-DD') AS week, calls::text, technical_sum::text, technical_count::text,
    commercial_sum::text, commercial_count::text
  FROM call_score_weeks ORDER BY 1, 2`;

const DAY = 86_400_000;

describe('insight read summaries', () => {
  let server: TestServer;
  let reps: string[];
  const select = (query: ReturnType<typeof sql>) => comparableRows(server.database.db, query);
  const expectInSync = async () => {
    expect(await select(STORED_WON_DAYS)).toEqual(await select(RECOMPUTED_WON_DAYS));
    expect(await select(STORED_CALL_OWNERS)).toEqual(await select(RECOMPUTED_CALL_OWNERS));
    const recomputed = await select(RECOMPUTED_CALL_SCORES);
    expect(await select(STORED_CALL_SCORES)).toEqual(recomputed);
    return recomputed.length;
  };
  /** One analysed call per deal given, `days` ago, with scores that are numbers, missing or not numbers. */
  const analyse = async (ids: number[], days: number) => {
    if (!ids.length) return;
    await server.database.db.insert(callAnalyses).values(
      ids.map((id, i) => ({
        opportunity_id: id,
        provider: 'offline',
        language: 'en' as const,
        result: {
          technicalScore: i % 7 === 3 ? { score: 'high' } : { score: (id % 9) + 1, reasons: [] },
          ...(i % 5 === 4 ? {} : { commercialScore: { score: ((id * 3) % 10) + 0.5, reasons: [] } }),
          nextMeeting: null,
          nextSteps: [],
        },
        transcript_lines: ['Sam: Hello.', 'Dana: Our budget is 20k.'],
        created_at: new Date(Date.now() - (days + (id % 20)) * DAY),
      })),
    );
  };
  const ids = async (limit: number, offset = 0) =>
    (
      await server.database.db
        .select({ id: opportunities.id })
        .from(opportunities)
        .orderBy(opportunities.id)
        .limit(limit)
        .offset(offset)
    ).map((r) => r.id);

  beforeAll(async () => {
    server = await startTestServer();
    reps = [];
    for (let i = 0; i < 3; i++) reps.push((await server.createUser({ role: 'Sales Representative' })).id);
  });
  afterAll(() => server.close());

  it('follow inserts of deals and of calls', async () => {
    const db = server.database.db;
    for (const [i, owner] of [...reps, null].entries()) {
      await db.insert(opportunities).values(makeOpportunities(50, { seed: 40 + i, ownerId: owner, accountManager: 'I' }));
    }
    const all = await ids(200);
    await analyse(
      all.filter((id) => id % 2 === 0),
      0,
    );
    await analyse(
      all.filter((id) => id % 3 === 0),
      30,
    );
    expect(await expectInSync()).toBeGreaterThan(4);
  });

  it('follow a deal won, lost, moved on the board, re-owned and re-dated', async () => {
    const db = server.database.db;
    const some = await ids(60);
    const today = new Date().toISOString().slice(0, 10);
    await db
      .update(opportunities)
      .set(withStageOfChange({ status: 'Closed-Win', closing_date: today }))
      .where(inArray(opportunities.id, some.slice(0, 10)));
    await expectInSync();
    await db
      .update(opportunities)
      .set(withStageOfChange({ status: 'lost' }))
      .where(inArray(opportunities.id, some.slice(5, 15)));
    await expectInSync();
    // A board move: one deal, stage only.
    await db
      .update(opportunities)
      .set(withStageOfChange({ status: 'Negotiation' }))
      .where(eq(opportunities.id, some[20]!));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ owner_id: reps[1]! })
      .where(inArray(opportunities.id, some.slice(20, 40)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ owner_id: null, amount: sql`coalesce(amount, 0) + 7`, closing_date: sql`closing_date - 40` })
      .where(inArray(opportunities.id, some.slice(0, 30)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ amount: null })
      .where(inArray(opportunities.id, some.slice(40, 50)));
    // Everyone's deals change owner in one statement.
    await db.update(opportunities).set({ owner_id: sql`CASE WHEN owner_id IS NULL THEN ${reps[2]!} ELSE NULL END` });
    await expectInSync();
  });

  it('follow calls re-scored, re-dated and deleted', async () => {
    const db = server.database.db;
    const calls = (await db.select({ id: callAnalyses.id }).from(callAnalyses).limit(30)).map((c) => c.id);
    await db
      .update(callAnalyses)
      .set({ result: sql`jsonb_set(result, '{technicalScore,score}', '2.5')`, created_at: sql`created_at - interval '9 days'` })
      .where(inArray(callAnalyses.id, calls.slice(0, 15)));
    await expectInSync();
    await db.delete(callAnalyses).where(inArray(callAnalyses.id, calls.slice(10, 30)));
    await expectInSync();
    // A call moved to another deal takes that deal's owner.
    const [deal] = await ids(1, 70);
    await db.update(callAnalyses).set({ opportunity_id: deal! }).where(eq(callAnalyses.id, calls[0]!));
    await expectInSync();
  });

  it("follow deals deleted and restored (their calls leave the owner's figures and come back), an owner leaving and a truncate", async () => {
    const db = server.database.db;
    const gone = await db
      .delete(opportunities)
      .where(sql`id % 4 = 0`)
      .returning();
    expect(gone.length).toBeGreaterThan(0);
    await expectInSync();
    await db.insert(opportunities).values(gone.slice(0, 10));
    await expectInSync();
    await db.delete(users).where(eq(users.id, reps[0]!));
    await expectInSync();
    await db.execute(sql`
      INSERT INTO opportunities (owner_id, account_manager, status, stage, amount, record_date, closing_date)
      SELECT ${reps[1]!}, 'bulk', (ARRAY['won', 'lost', 'On-going'])[1 + g % 3], (ARRAY['Closed-Win', 'Closed-Lost', 'New'])[1 + g % 3],
        CASE WHEN g % 11 = 0 THEN NULL ELSE (g % 1000) * 10 END, now() - (g % 200) * interval '1 day',
        CASE WHEN g % 5 = 0 THEN NULL ELSE (now() - (g % 30) * interval '1 day')::date END
      FROM generate_series(1, 3000) g`);
    await analyse(await ids(100, 150), 3);
    await expectInSync();
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    expect(await expectInSync()).toBe(0);
    await db.execute(sql`DELETE FROM call_analyses`);
    await expectInSync();
  });

  it('can be rebuilt in one statement and then still match', async () => {
    const db = server.database.db;
    await db.insert(opportunities).values(makeOpportunities(80, { seed: 77, ownerId: reps[1]!, accountManager: 'R' }));
    await analyse(await ids(40), 1);
    await db.execute(sql`DELETE FROM won_days`);
    await db.execute(sql`DELETE FROM call_score_weeks`);
    await db.execute(sql`UPDATE call_analyses SET owner_key = 'stale'`);
    await db.execute(sql`SELECT read_models_rebuild()`);
    expect(await expectInSync()).toBeGreaterThan(0);
  });
});
