import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStageOfChange } from '@nexa/domain';
import { makeOpportunities } from '../src/db/factories.ts';
import { opportunities, users } from '../src/db/schema.ts';
import { comparableRows } from './summary-rows.ts';
import { startTestServer, type TestServer } from './test-app.ts';

/**
 * The summaries must always equal a full recomputation from the rows. The recomputation here is
 * written independently of the triggers' SQL on purpose.
 */
const RECOMPUTED = sql`
  SELECT coalesce(owner_id, '') AS owner_key, outcome,
    count(*)::text AS deals,
    coalesce(sum(amount), 0)::numeric::text AS amount_sum,
    coalesce(sum(technical_scoring::numeric), 0)::text AS technical_sum,
    count(technical_scoring)::text AS technical_count,
    coalesce(sum(commercial_scoring::numeric), 0)::text AS commercial_sum,
    count(commercial_scoring)::text AS commercial_count,
    coalesce(sum(closing_date - (record_date AT TIME ZONE 'UTC')::date)
      FILTER (WHERE stage IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL), 0)::text AS cycle_days_sum,
    count(*) FILTER (WHERE stage IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL)::text AS cycle_count
  FROM opportunities GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED = sql`
  SELECT owner_key, outcome, deals::text, amount_sum::numeric::text, technical_sum::text, technical_count::text,
    commercial_sum::text, commercial_count::text, cycle_days_sum::text, cycle_count::text
  FROM team_summaries ORDER BY 1, 2`;

// The manager dashboard's one row per owner (migration 0026), from the rows again.
const RECOMPUTED_MEMBER_TOTALS = sql`
  SELECT coalesce(owner_id, '') AS owner_key, count(*)::text AS deals, coalesce(sum(amount), 0)::numeric::text AS amount_sum,
    count(*) FILTER (WHERE stage = 'Closed-Win')::text AS won_deals, count(*) FILTER (WHERE stage = 'Closed-Lost')::text AS lost_deals,
    coalesce(sum(amount) FILTER (WHERE stage NOT IN ('Closed-Win', 'Closed-Lost')), 0)::numeric::text AS open_amount,
    coalesce(sum(amount) FILTER (WHERE stage = 'Closed-Win'), 0)::numeric::text AS won_amount,
    coalesce(sum(amount) FILTER (WHERE stage = 'Closed-Lost'), 0)::numeric::text AS lost_amount,
    coalesce(sum(technical_scoring::numeric), 0)::text AS technical_sum, count(technical_scoring)::text AS technical_count,
    coalesce(sum(commercial_scoring::numeric), 0)::text AS commercial_sum, count(commercial_scoring)::text AS commercial_count,
    coalesce(sum(closing_date - (record_date AT TIME ZONE 'UTC')::date)
      FILTER (WHERE stage IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL), 0)::text AS cycle_days_sum,
    count(*) FILTER (WHERE stage IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL)::text AS cycle_count,
    (avg(technical_scoring::numeric))::float8::text AS technical_average,
    (avg(commercial_scoring::numeric))::float8::text AS commercial_average
  FROM opportunities GROUP BY 1 ORDER BY 1`;
const STORED_MEMBER_TOTALS = sql`
  SELECT owner_key, deals::text, amount_sum::numeric::text, won_deals::text, lost_deals::text, open_amount::numeric::text,
    won_amount::numeric::text, lost_amount::numeric::text, technical_sum::text, technical_count::text, commercial_sum::text,
    commercial_count::text, cycle_days_sum::text, cycle_count::text, technical_average::float8::text,
    commercial_average::float8::text
  FROM member_totals ORDER BY 1`;

const RECOMPUTED_TEAM_TOTALS = sql`
  SELECT (SELECT count(*) FROM opportunities)::text AS deals, (SELECT coalesce(sum(amount), 0) FROM opportunities)::numeric::text AS amount,
    (SELECT count(*) FROM users WHERE role = 'Sales Representative' AND NOT disabled)::text AS representatives`;
const STORED_TEAM_TOTALS = sql`
  SELECT coalesce(sum(deals), 0)::text AS deals, coalesce(sum(amount_sum), 0)::numeric::text AS amount,
    coalesce(sum(representatives), 0)::text AS representatives FROM team_totals`;

const RECOMPUTED_COMPANIES = sql`
  SELECT coalesce(owner_id, '') AS owner_key, client_company_name AS company, count(*)::text AS deals
  FROM opportunities WHERE client_company_name IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED_COMPANIES = sql`SELECT owner_key, company, deals::text FROM rep_companies ORDER BY 1, 2`;
const RECOMPUTED_COMPANY_MONTHS = sql`
  SELECT coalesce(owner_id, '') AS owner_key, to_char(record_date AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
    client_company_name AS company, count(*)::text AS deals
  FROM opportunities WHERE client_company_name IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const STORED_COMPANY_MONTHS = sql`
  SELECT owner_key, to_char(month, 'YYYY-MM') AS month, company, deals::text FROM rep_company_months ORDER BY 1, 2, 3`;

const RECOMPUTED_MEETING_DAYS = sql`
  SELECT coalesce(owner_id, '') AS owner_key, to_char(next_meeting_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
    coalesce(lead_status, '') AS lead_status, count(*)::text AS meetings
  FROM opportunities WHERE next_meeting_date IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const STORED_MEETING_DAYS = sql`
  SELECT owner_key, to_char(day, 'YYYY-MM-DD') AS day, lead_status, meetings::text FROM rep_meeting_days ORDER BY 1, 2, 3`;

const RECOMPUTED_FIELD_VALUES = sql`
  SELECT owner_key, field, value, count(*)::text AS rows FROM (
    SELECT coalesce(owner_id, '') AS owner_key, 'product' AS field, product AS value FROM opportunities WHERE product IS NOT NULL
    UNION ALL SELECT coalesce(owner_id, ''), 'status', status FROM opportunities WHERE status IS NOT NULL
    UNION ALL SELECT coalesce(owner_id, ''), 'lead_status', lead_status FROM opportunities WHERE lead_status IS NOT NULL
    UNION ALL SELECT coalesce(owner_id, ''), 'industry', CASE WHEN trim(coalesce(company_industry, '')) = '' THEN 'Technology' ELSE trim(company_industry) END
      FROM opportunities
  ) v GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const STORED_FIELD_VALUES = sql`SELECT owner_key, field, value, rows::text FROM rep_field_values ORDER BY 1, 2, 3`;

const RECOMPUTED_PRODUCT_STATUSES = sql`
  SELECT coalesce(owner_id, '') AS owner_key, CASE WHEN product IS NULL THEN '' ELSE product END AS product,
    CASE stage WHEN 'Closed-Win' THEN 'won' WHEN 'Closed-Lost' THEN 'lost' ELSE 'open' END AS outcome, count(*)::text AS deals
  FROM opportunities GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const STORED_PRODUCT_STATUSES = sql`
  SELECT owner_key, product, outcome, deals::text FROM rep_product_statuses ORDER BY 1, 2, 3`;

// The forecast's open pipeline and the weekly trend facts (migration 0017), recomputed without the
// generated columns: the quarter and the category are derived here again.
const RECOMPUTED_FORECAST = sql`
  SELECT coalesce(owner_id, '') AS owner_key, to_char(date_trunc('quarter', closing_date::timestamp), 'YYYY-MM-DD') AS quarter, stage,
    coalesce(forecast_category, CASE WHEN stage IN ('New', 'Qualified') THEN 'pipeline' WHEN stage = 'Proposal' THEN 'best_case' ELSE 'commit' END) AS forecast_group,
    count(*)::text AS deals, coalesce(sum(amount), 0)::numeric::text AS amount_sum
  FROM opportunities WHERE stage NOT IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const STORED_FORECAST = sql`
  SELECT owner_key, to_char(quarter, 'YYYY-MM-DD') AS quarter, stage, forecast_group, deals::text, amount_sum::numeric::text
  FROM forecast_summaries ORDER BY 1, 2, 3, 4`;
const RECOMPUTED_WEEKLY = sql`
  SELECT owner_key, to_char(week, 'YYYY-MM-DD') AS week, sum(c)::text AS created_deals, sum(ca)::numeric::text AS created_amount,
    sum(w)::text AS won_deals, sum(wa)::numeric::text AS won_amount, sum(l)::text AS lost_deals,
    sum(cd)::text AS cycle_days_sum, sum(cc)::text AS cycle_count
  FROM (
    SELECT coalesce(owner_id, '') AS owner_key, date_trunc('week', record_date AT TIME ZONE 'UTC') AS week,
      1 AS c, coalesce(amount, 0) AS ca, 0 AS w, 0 AS wa, 0 AS l, 0 AS cd, 0 AS cc FROM opportunities
    UNION ALL
    SELECT coalesce(owner_id, ''), date_trunc('week', closing_date::timestamp), 0, 0,
      (stage = 'Closed-Win')::int, CASE WHEN stage = 'Closed-Win' THEN coalesce(amount, 0) ELSE 0 END, (stage = 'Closed-Lost')::int,
      closing_date - (record_date AT TIME ZONE 'UTC')::date, 1
    FROM opportunities WHERE stage IN ('Closed-Win', 'Closed-Lost') AND closing_date IS NOT NULL
  ) f GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED_WEEKLY = sql`
  SELECT owner_key, to_char(week, 'YYYY-MM-DD') AS week, created_deals::text, created_amount::numeric::text, won_deals::text,
    won_amount::numeric::text, lost_deals::text, cycle_days_sum::text, cycle_count::text
  FROM weekly_summaries ORDER BY 1, 2`;

// The board's column totals per owner and stage (migration 0019).
const RECOMPUTED_STAGE_TOTALS = sql`
  SELECT coalesce(owner_id, '') AS owner_key, stage, count(*)::text AS deals, coalesce(sum(amount), 0)::numeric::text AS amount_sum
  FROM opportunities GROUP BY 1, 2 ORDER BY 1, 2`;
const STORED_STAGE_TOTALS = sql`
  SELECT owner_key, stage, deals::text, amount_sum::numeric::text FROM rep_stage_totals ORDER BY 1, 2`;

// My Companies' filter facts per owner and named company (migration 0022).
const RECOMPUTED_COMPANY_FACTS = sql`
  SELECT coalesce(owner_id, '') AS owner_key, client_company_name AS company, f.kind, f.value, count(*)::text AS rows,
    coalesce(sum(amount), 0)::numeric::text AS amount_sum
  FROM opportunities CROSS JOIN LATERAL (VALUES ('deal', ''), ('product', product), ('client', client_name),
    ('lead_status', lead_status), ('industry', nullif(btrim(company_industry), ''))) AS f(kind, value)
  WHERE btrim(client_company_name) <> '' AND f.value IS NOT NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const STORED_COMPANY_FACTS = sql`
  SELECT owner_key, company, kind, value, rows::text, amount_sum::numeric::text FROM rep_company_facts ORDER BY 1, 2, 3, 4`;

describe('team and rep summaries', () => {
  let server: TestServer;
  let reps: string[];
  const select = (query: ReturnType<typeof sql>) => comparableRows(server.database.db, query);
  const expectInSync = async () => {
    const [stored, recomputed] = [await select(STORED), await select(RECOMPUTED)];
    expect(stored).toEqual(recomputed);
    expect(await select(STORED_MEMBER_TOTALS)).toEqual(await select(RECOMPUTED_MEMBER_TOTALS));
    expect(await select(STORED_TEAM_TOTALS)).toEqual(await select(RECOMPUTED_TEAM_TOTALS));
    expect(await select(STORED_COMPANIES)).toEqual(await select(RECOMPUTED_COMPANIES));
    expect(await select(STORED_COMPANY_MONTHS)).toEqual(await select(RECOMPUTED_COMPANY_MONTHS));
    expect(await select(STORED_MEETING_DAYS)).toEqual(await select(RECOMPUTED_MEETING_DAYS));
    expect(await select(STORED_FIELD_VALUES)).toEqual(await select(RECOMPUTED_FIELD_VALUES));
    expect(await select(STORED_PRODUCT_STATUSES)).toEqual(await select(RECOMPUTED_PRODUCT_STATUSES));
    expect(await select(STORED_FORECAST)).toEqual(await select(RECOMPUTED_FORECAST));
    expect(await select(STORED_WEEKLY)).toEqual(await select(RECOMPUTED_WEEKLY));
    expect(await select(STORED_STAGE_TOTALS)).toEqual(await select(RECOMPUTED_STAGE_TOTALS));
    expect(await select(STORED_COMPANY_FACTS)).toEqual(await select(RECOMPUTED_COMPANY_FACTS));
    return recomputed.length;
  };

  beforeAll(async () => {
    server = await startTestServer();
    reps = [];
    for (let i = 0; i < 3; i++) reps.push((await server.createUser({ role: 'Sales Representative' })).id);
  });
  afterAll(() => server.close());

  it('follow inserts, one row and many rows', async () => {
    const db = server.database.db;
    await db.insert(opportunities).values(makeOpportunities(1, { seed: 1, ownerId: reps[0]!, accountManager: 'A' }));
    await expectInSync();
    for (const [i, owner] of [...reps, null].entries()) {
      await db.insert(opportunities).values(makeOpportunities(60, { seed: 10 + i, ownerId: owner, accountManager: 'B' }));
    }
    expect(await expectInSync()).toBeGreaterThan(9);
  });

  it('follow updates of owner, status, amount, scores, lead status and dates', async () => {
    const db = server.database.db;
    const some = (await db.select({ id: opportunities.id }).from(opportunities).limit(40)).map((r) => r.id);
    await db
      .update(opportunities)
      .set({ owner_id: reps[1]! })
      .where(inArray(opportunities.id, some.slice(0, 10)));
    await expectInSync();
    await db
      .update(opportunities)
      .set(withStageOfChange({ status: 'Closed-Win', closing_date: new Date().toISOString().slice(0, 10) }))
      .where(inArray(opportunities.id, some.slice(10, 20)));
    await expectInSync();
    await db.update(opportunities).set({ amount: sql`coalesce(amount, 0) * 2 + 1` });
    await expectInSync();
    await db
      .update(opportunities)
      .set(withStageOfChange({ technical_scoring: null, commercial_scoring: 9.5, lead_status: 'Closed Won', status: 'lost' }))
      .where(inArray(opportunities.id, some.slice(20, 30)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ owner_id: null, closing_date: null })
      .where(inArray(opportunities.id, some.slice(30, 40)));
    await expectInSync();
    // Company renamed, moved to another month, cleared, and two companies merged into one.
    await db
      .update(opportunities)
      .set({ client_company_name: 'Renamed Co', record_date: new Date(Date.UTC(2025, 0, 15)) })
      .where(inArray(opportunities.id, some.slice(0, 15)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ client_company_name: null, next_meeting_date: null })
      .where(inArray(opportunities.id, some.slice(15, 20)));
    await db
      .update(opportunities)
      .set({ next_meeting_date: sql`next_meeting_date + interval '3 days'`, lead_status: null, company_industry: '  ' })
      .where(inArray(opportunities.id, some.slice(25, 35)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ client_company_name: 'Renamed Co' })
      .where(inArray(opportunities.id, some.slice(20, 40)));
    await expectInSync();
    // A representative's forecast call on some deals, then back to the stage's default.
    await db
      .update(opportunities)
      .set({ forecast_category: 'commit', closing_date: '2026-12-15' })
      .where(inArray(opportunities.id, some.slice(0, 20)));
    await expectInSync();
    await db
      .update(opportunities)
      .set({ forecast_category: null })
      .where(inArray(opportunities.id, some.slice(0, 5)));
    await expectInSync();
    // Every row moves to one product: rep_product_statuses merges its keys, the others stay as they are.
    await db.update(opportunities).set({ product: 'Renamed' });
    await expectInSync();
  });

  // An update runs only the folds whose inputs changed (migration 0024): each column alone, on a
  // few rows, must still leave every summary equal to its recomputation.
  it('follow an update of any one column, whichever summaries it reaches', async () => {
    const db = server.database.db;
    const some = (await db.select({ id: opportunities.id }).from(opportunities).limit(12)).map((r) => r.id);
    const changes: Array<Parameters<ReturnType<typeof db.update<typeof opportunities>>['set']>[0]> = [
      { owner_id: reps[2]! },
      { product: 'Only Product' },
      withStageOfChange({ status: 'Proposal' }),
      withStageOfChange({ status: 'Closed-Lost', closing_date: '2026-02-03' }),
      { lead_status: 'Cold Lead' },
      { amount: 4321 },
      { client_company_name: 'One Column Co' },
      { client_name: 'Ada Column' },
      { next_meeting_date: new Date(Date.UTC(2026, 5, 1, 9)) },
      { closing_date: '2027-03-31' },
      { company_industry: 'Energy' },
      { record_date: new Date(Date.UTC(2025, 6, 1)) },
      { technical_scoring: 2.5 },
      { commercial_scoring: null },
      { forecast_category: 'best_case' },
      { notes: 'a note moves no figure' },
    ];
    for (const [i, change] of changes.entries()) {
      await db
        .update(opportunities)
        .set(change)
        .where(inArray(opportunities.id, [some[i % some.length]!, some[(i + 5) % some.length]!]));
      await expectInSync();
    }
  });

  it('follow deletes, an owner leaving (owner set to null by the database) and bulk imports', async () => {
    const db = server.database.db;
    await db.delete(opportunities).where(eq(opportunities.owner_id, reps[2]!));
    await expectInSync();
    await db.delete(users).where(eq(users.id, reps[0]!));
    await expectInSync();
    // A representative made manager and back: the team's count of representatives follows.
    await db.update(users).set({ role: 'Sales Manager' }).where(eq(users.id, reps[1]!));
    await expectInSync();
    await db.update(users).set({ role: 'Sales Representative' }).where(eq(users.id, reps[1]!));
    await expectInSync();
    // Deactivated and back: a deactivated representative is not on the team (docs/metrics.md).
    await db.update(users).set({ disabled: true }).where(eq(users.id, reps[1]!));
    await expectInSync();
    await db.update(users).set({ role: 'Sales Manager', disabled: false }).where(eq(users.id, reps[1]!));
    await expectInSync();
    await db.update(users).set({ role: 'Sales Representative' }).where(eq(users.id, reps[1]!));
    await expectInSync();
    await db.execute(sql`
      INSERT INTO opportunities (owner_id, account_manager, status, stage, lead_status, amount, technical_scoring, commercial_scoring, record_date, closing_date)
      SELECT ${reps[1]!}, 'bulk', (ARRAY['won', 'lost', 'On-going', 'Negotiation'])[1 + g % 4],
        (ARRAY['Closed-Win', 'Closed-Lost', 'New', 'Negotiation'])[1 + g % 4], (ARRAY['Closed Won', 'Hot'])[1 + g % 2],
        (g % 1000) * 10, CASE WHEN g % 3 = 0 THEN NULL ELSE (g % 10)::real END, (g % 7)::real,
        now() - (g % 200) * interval '1 day', CASE WHEN g % 5 = 0 THEN NULL ELSE (now() - (g % 30) * interval '1 day')::date END
      FROM generate_series(1, 5000) g`);
    await expectInSync();
    await db.delete(opportunities).where(sql`id % 3 = 0`);
    await expectInSync();
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    expect(await expectInSync()).toBe(0);
  });

  it('can be rebuilt in one statement and then still match', async () => {
    const db = server.database.db;
    await db.insert(opportunities).values(makeOpportunities(50, { seed: 99, ownerId: reps[1]!, accountManager: 'C' }));
    await db.execute(sql`DELETE FROM team_summaries`);
    await db.execute(sql`DELETE FROM forecast_summaries`);
    await db.execute(sql`DELETE FROM rep_company_facts`);
    await db.execute(sql`UPDATE team_totals SET deals = 0`);
    await db.execute(sql`SELECT read_models_rebuild()`);
    expect(await expectInSync()).toBeGreaterThan(0);
  });
});
