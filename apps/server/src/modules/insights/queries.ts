import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_RISK_THRESHOLDS,
  DEFAULT_STAGE_PROBABILITIES,
  RISK_CALLS_READ,
  ROLES,
  UNASSIGNED_OWNER,
  type ForecastCategory,
  type ForecastChangeKind,
  type ForecastGroup,
  type InsightSettings,
  type InsightSettingsUpdate,
  type Outcome,
  type Quarter,
  type RiskThresholds,
  type Stage,
  type StoredCallAnalysis,
} from '@nexa/domain';
import { DEFAULT_CALL_DUE_DAY } from '@nexa/domain/forecast-call';
import { jsonValue, selectRows, type Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { read } from '../../db/prepared/reads.ts';

const isoOf = (value: Date | string) => iso(value)!;
import { insightSettings, opportunityChanges } from '../../db/schema.ts';
import { lacksEconomicBuyerSql } from './committee-risks.ts';
import { notActiveRepresentativeIds } from '../users/service.ts';

/**
 * Every query of the manager's insights. Totals read summaries kept on write (forecast_summaries,
 * won_days, weekly_summaries, call_score_weeks); lists read the opportunities, or the calls, in
 * index order. No query groups over all opportunities or all calls. Limits are numbers of rows
 * (`read.rows`: db/prepared/reads.ts says how they travel).
 */

const rows = selectRows;

/**
 * The deals the insights count. Every query over opportunities goes through this condition, so a
 * soft delete (or archive) needs one change here. The summaries count whatever the triggers see.
 */
const live = (alias = 'o') => sql.raw(`${alias}.id IS NOT NULL`);

/** A representative's id, "unassigned" for deals with no representative, or every deal. */
export type OwnerFilter = string | undefined;

function ownerCondition(owner: OwnerFilter, column = 'o.owner_id'): SQL {
  if (owner === undefined) return sql`TRUE`;
  if (owner === UNASSIGNED_OWNER) {
    return sql`(${sql.raw(column)} IS NULL OR ${sql.raw(column)} = any(${notActiveRepresentativeIds}))`;
  }
  return sql`${sql.raw(column)} = ${owner}`;
}

/** The same filter on a summary's owner_key, where deals with no owner are kept under ''. */
function summaryOwnerCondition(owner: OwnerFilter): SQL {
  if (owner === undefined) return sql`TRUE`;
  if (owner === UNASSIGNED_OWNER) return sql`(owner_key = '' OR owner_key = any(${notActiveRepresentativeIds}))`;
  return sql`owner_key = ${owner}`;
}

// --- settings ---

type StoredSettings =
  { stage_probabilities?: unknown; risk_thresholds?: unknown; forecast_call_due_day?: number | null } | null | undefined;

/** The stored settings over the defaults (a setting never saved is its default). */
const withDefaults = (row: StoredSettings): InsightSettings => ({
  stageProbabilities: { ...DEFAULT_STAGE_PROBABILITIES, ...((row?.stage_probabilities ?? {}) as object) },
  riskThresholds: { ...DEFAULT_RISK_THRESHOLDS, ...((row?.risk_thresholds ?? {}) as object) },
  forecastCallDueDay: row?.forecast_call_due_day ?? DEFAULT_CALL_DUE_DAY,
});

export async function readSettings(db: Db): Promise<InsightSettings> {
  const [row] = await db.select().from(insightSettings).limit(1);
  return withDefaults(row);
}

/** Saves the settings; a due day left out keeps the stored one (insightSettingsUpdateSchema). */
export async function saveSettings(db: Db, settings: InsightSettingsUpdate, actorId: string): Promise<void> {
  const values = {
    stage_probabilities: settings.stageProbabilities,
    risk_thresholds: settings.riskThresholds,
    ...(settings.forecastCallDueDay === undefined ? {} : { forecast_call_due_day: settings.forecastCallDueDay }),
    updated_by: actorId,
    updated_at: new Date(),
  };
  await db
    .insert(insightSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: insightSettings.id, set: values });
}

// --- forecast ---

export interface Member {
  id: string | null;
  full_name: string;
  quota: number;
}

export interface PipelineSum {
  owner_key: string;
  stage: Stage;
  forecast_group: ForecastGroup;
  deals: number;
  amount: number;
}

export interface WonSum {
  owner_key: string;
  deals: number;
  amount: number;
}

export interface ForecastInputs {
  /** Every representative with their quarterly quota (or the default), by name. */
  members: Member[];
  /** The quarter's open pipeline per owner, stage and group. */
  sums: PipelineSum[];
  /** Won deals per owner in the quarter, up to today. */
  won: WonSum[];
  settings: InsightSettings;
  /** Whether the week's forecast snapshot was taken. */
  snapshotTaken: boolean;
}

/** The last day won deals count up to: today, or the quarter's end when it is over. */
const wonUntil = (quarter: Quarter, today: string) => (quarter.end < today ? quarter.end : today);

/**
 * What the forecast's figures are made of, in one statement (one round trip, decision 009), each
 * from a summary kept on write: the open pipeline from forecast_summaries, the won amounts from
 * won_days (at most a quarter's days per owner, whatever the number of deals), plus the active
 * representatives (a deactivated one's quota leaves the team's, docs/metrics.md), the settings and
 * whether the week's snapshot was taken. `owner` narrows the pipeline and won sums to one owner (''
 * for Unassigned); the service folds owners who are not active representatives into Unassigned. `groups` (a figure's drill-down) reads only those groups' sums
 * and no representatives.
 */
export async function forecastInputs(
  db: Db,
  {
    quarter,
    today,
    week,
    defaultQuota,
    owner,
    groups,
  }: {
    quarter: Quarter;
    today: string;
    week: string;
    defaultQuota: number;
    owner?: OwnerFilter;
    groups?: ForecastGroup[];
  },
): Promise<ForecastInputs> {
  const key = summaryOwnerCondition(owner);
  const none = sql`'[]'::json`;
  const members = sql`(SELECT coalesce(json_agg(m ORDER BY m.full_name, m.id), '[]'::json) FROM (
    SELECT u.id, u.full_name, coalesce(q.quarterly_quota, ${defaultQuota})::float8 AS quota
    FROM users u LEFT JOIN rep_quotas q ON q.user_id = u.id
    WHERE u.role = ${ROLES.representative} AND NOT u.disabled) m)`;
  const open = groups?.filter((g) => g !== 'closed');
  const sums = sql`(SELECT coalesce(json_agg(f), '[]'::json) FROM (
    SELECT owner_key, stage, forecast_group, deals::int AS deals, amount_sum::float8 AS amount
    FROM forecast_summaries WHERE quarter = ${quarter.start} AND ${key}
      ${open ? sql`AND forecast_group = ANY (string_to_array(${open.join(',')}, ','))` : sql``}) f)`;
  const won = sql`(SELECT coalesce(json_agg(w), '[]'::json) FROM (
    SELECT owner_key, sum(deals)::int AS deals, sum(amount_sum)::float8 AS amount FROM won_days
    WHERE day BETWEEN ${quarter.start} AND ${wonUntil(quarter, today)} AND ${key}
    GROUP BY owner_key HAVING sum(deals) > 0) w)`;
  const [row] = await rows<{
    members: Member[] | string;
    sums: PipelineSum[] | string;
    won: WonSum[] | string;
    settings: StoredSettings | string;
    snapshot_taken: boolean;
  }>(
    db,
    sql`SELECT ${groups ? none : members} AS members, ${open?.length === 0 ? none : sums} AS sums,
      ${groups && !groups.includes('closed') ? none : won} AS won,
      (SELECT json_build_object('stage_probabilities', stage_probabilities, 'risk_thresholds', risk_thresholds)
        FROM insight_settings LIMIT 1) AS settings,
      EXISTS (SELECT 1 FROM forecast_snapshot_weeks WHERE week = ${week}) AS snapshot_taken`,
  );
  return {
    members: jsonValue(row!.members),
    sums: jsonValue(row!.sums),
    won: jsonValue(row!.won),
    settings: withDefaults(jsonValue(row!.settings) as StoredSettings),
    snapshotTaken: row!.snapshot_taken,
  };
}

export interface DealRow {
  id: number;
  client_company_name: string | null;
  product: string | null;
  owner_id: string | null;
  owner_name: string | null;
  amount: number | null;
  stage: Stage;
  outcome: Outcome;
  forecast_group: ForecastGroup;
  forecast_category: ForecastCategory | null;
  closing_date: string | null;
  closing_quarter: string | null;
  next_meeting_date: string | null;
  last_activity_at: string;
  stage_changed_at: string;
}

const DEAL_COLUMNS = sql.raw(`o.id, o.client_company_name, o.product, o.owner_id, u.full_name AS owner_name,
  o.amount::float8 AS amount, o.stage, o.outcome, o.forecast_group, o.forecast_category, o.closing_date::text AS closing_date,
  o.closing_quarter::text AS closing_quarter, o.next_meeting_date, o.last_activity_at, o.stage_changed_at`);

const toDeal = (row: DealRow): DealRow => ({
  ...row,
  next_meeting_date: row.next_meeting_date === null ? null : iso(row.next_meeting_date),
  last_activity_at: isoOf(row.last_activity_at),
  stage_changed_at: isoOf(row.stage_changed_at),
});

/**
 * A page of one forecast group's deals in the quarter, biggest first, read in the order of
 * opportunities_(owner_)quarter_group_amount_idx. Won deals stop at today.
 */
export async function groupDeals(
  db: Db,
  {
    quarter,
    groups,
    owner,
    today,
    limit,
    offset,
  }: {
    quarter: Quarter;
    groups: ForecastGroup[];
    owner: OwnerFilter;
    today: string;
    limit: number;
    offset: number;
  },
): Promise<DealRow[]> {
  // One ordered read per group, merged: each is an index range, where an IN list would sort.
  const parts = groups.map(
    (group) => sql`(SELECT ${DEAL_COLUMNS} FROM opportunities o LEFT JOIN users u ON u.id = o.owner_id
      WHERE o.closing_quarter = ${quarter.start} AND o.forecast_group = ${group} AND ${ownerCondition(owner)} AND ${live()}
        ${group === 'closed' ? sql`AND o.closing_date <= ${wonUntil(quarter, today)}` : sql``}
      ORDER BY o.amount DESC NULLS LAST, o.id DESC LIMIT ${read.rows(offset + limit)})`,
  );
  const found = await rows<DealRow>(
    db,
    sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) d ORDER BY amount DESC NULLS LAST, id DESC LIMIT ${read.rows(limit)} OFFSET ${read.rows(offset)}`,
  );
  return found.map(toDeal);
}

// --- weekly snapshots ---

export interface SnapshotWeek {
  week: string;
  taken_at: string;
}

/**
 * Takes the week's snapshot if nobody has yet: the week row is the lock (a concurrent reader waits
 * on it and then finds it), then every deal of the two forecast quarters as it stands. Snapshots
 * older than 13 weeks go.
 */
export async function ensureSnapshot(db: Db, week: string, quarters: Quarter[]): Promise<void> {
  const [found] = await rows<{ week: string }>(db, sql`SELECT week::text FROM forecast_snapshot_weeks WHERE week = ${week}`);
  if (found) return;
  await db.transaction(async (tx) => {
    const inserted = await rows<{ week: string }>(
      tx as unknown as Db,
      sql`INSERT INTO forecast_snapshot_weeks (week) VALUES (${week}) ON CONFLICT DO NOTHING RETURNING week::text`,
    );
    if (!inserted.length) return;
    // A weekly copy of the two quarters (hundreds of thousands of rows at scale), not a request's query.
    await tx.execute(sql`SET LOCAL statement_timeout = '300s'`);
    await tx.execute(sql`INSERT INTO forecast_snapshots (week, opportunity_id, owner_id, forecast_group, amount, quarter)
      SELECT ${week}, o.id, o.owner_id, o.forecast_group, o.amount, o.closing_quarter FROM opportunities o
      WHERE o.closing_quarter IN (${sql.join(
        quarters.map((q) => sql`${q.start}::date`),
        sql`, `,
      )}) AND o.forecast_group <> 'omitted' AND ${live()}`);
    await tx.execute(sql`DELETE FROM forecast_snapshot_weeks WHERE week < ${week}::date - 91`);
  });
}

/**
 * The snapshot to compare with: last week's if it was taken, else this week's. `stamp` changes
 * whenever a deal is touched or deleted (the latest activity and the latest delete, each the end
 * of an index): what the changes since the snapshot are read again on.
 */
export async function baselineSnapshot(db: Db, week: string): Promise<(SnapshotWeek & { stamp: string }) | null> {
  const [found] = await rows<SnapshotWeek & { stamp: string }>(
    db,
    sql`SELECT week::text, taken_at, concat_ws('|', (SELECT max(last_activity_at) FROM opportunities)::text,
        (SELECT max(deleted_at) FROM deleted_opportunities)::text) AS stamp
      FROM forecast_snapshot_weeks WHERE week <= ${week}
      ORDER BY (week < ${week}) DESC, week DESC LIMIT 1`,
  );
  return found ? { week: found.week, taken_at: isoOf(found.taken_at), stamp: found.stamp } : null;
}

export interface ChangedDeal extends DealRow {
  kind: ForecastChangeKind;
  before_group: ForecastGroup | null;
  before_amount: number | null;
  before_quarter: string | null;
}

/**
 * forecastChange (@nexa/domain) as SQL over a deal touched since the snapshot (s) and its row now
 * (o): the first that applies of added (new in one of the two quarters), won, lost, slipped, pulled
 * in, moved category, amount changed; NULL when nothing the forecast shows changed.
 */
const changeKind = (window: Quarter[]) => sql`CASE
  WHEN s.opportunity_id IS NULL THEN CASE WHEN o.forecast_group <> 'omitted'
    AND o.closing_quarter IN (${sql.join(
      window.map((q) => sql`${q.start}::date`),
      sql`, `,
    )}) THEN 'added' END
  WHEN s.forecast_group <> 'closed' AND o.forecast_group = 'closed' THEN 'won'
  WHEN s.forecast_group <> 'omitted' AND o.forecast_group = 'omitted' THEN 'lost'
  WHEN s.quarter IS NOT NULL AND (o.closing_quarter IS NULL OR o.closing_quarter > s.quarter) THEN 'slipped'
  WHEN s.quarter IS NOT NULL AND o.closing_quarter < s.quarter THEN 'pulled_in'
  WHEN s.forecast_group <> o.forecast_group THEN 'moved'
  WHEN coalesce(s.amount, 0) <> coalesce(o.amount, 0) THEN 'amount'
END`;

/** The deals touched since the snapshot (their last activity is later), read through its index. */
const touched = (snapshot: SnapshotWeek, window: Quarter[]) => sql`
  SELECT ${DEAL_COLUMNS}, ${changeKind(window)} AS kind, s.forecast_group AS before_group,
    s.amount::float8 AS before_amount, s.quarter::text AS before_quarter
  FROM opportunities o
  LEFT JOIN users u ON u.id = o.owner_id
  LEFT JOIN forecast_snapshots s ON s.week = ${snapshot.week} AND s.opportunity_id = o.id
  WHERE o.last_activity_at >= ${snapshot.taken_at} AND ${live()}`;

/** How many deals changed each way since the snapshot, and the latest of them. */
export async function changedDeals(
  db: Db,
  snapshot: SnapshotWeek,
  window: Quarter[],
  limit: number,
): Promise<{ counts: Array<{ kind: ForecastChangeKind; deals: number }>; items: ChangedDeal[] }> {
  const [counts, items] = await Promise.all([
    rows<{ kind: ForecastChangeKind; deals: number }>(
      db,
      sql`SELECT kind, count(*)::int AS deals FROM (${touched(snapshot, window)}) c WHERE kind IS NOT NULL GROUP BY kind`,
    ),
    rows<ChangedDeal>(
      db,
      sql`SELECT * FROM (${touched(snapshot, window)}) c WHERE kind IS NOT NULL ORDER BY last_activity_at DESC, id DESC LIMIT ${read.rows(limit)}`,
    ),
  ]);
  return { counts, items: items.map((r) => ({ ...r, ...toDeal(r) })) };
}

// --- risks ---

/**
 * Open deals where a row rule may fire (the SQL twin of dealRisks' row rules) or that have an
 * analysed call, biggest first, after the cursor. The page is then judged by dealRisks itself.
 * "Has an analysed call" is a scalar subquery, one index probe per deal the other rules let
 * through: written as EXISTS, the planner hashes every analysis's deal on each request.
 */
export async function riskCandidates(
  db: Db,
  {
    thresholds,
    owner,
    after,
    limit,
    today,
  }: {
    thresholds: RiskThresholds;
    owner: OwnerFilter;
    after: { amount: number | null; id: number } | null;
    limit: number;
    today: string;
  },
): Promise<DealRow[]> {
  const cursor =
    after === null
      ? sql`TRUE`
      : after.amount === null
        ? sql`(o.amount IS NULL AND o.id < ${after.id})`
        : sql`(o.amount < ${after.amount} OR (o.amount = ${after.amount} AND o.id < ${after.id}) OR o.amount IS NULL)`;
  const found = await rows<DealRow>(
    db,
    sql`SELECT ${DEAL_COLUMNS} FROM opportunities o LEFT JOIN users u ON u.id = o.owner_id
      WHERE o.outcome = 'open' AND ${ownerCondition(owner)} AND ${live()} AND ${cursor} AND (
        o.last_activity_at <= now() - make_interval(days => ${thresholds.noActivityDays})
        OR o.next_meeting_date IS NULL OR o.next_meeting_date < now()
        OR o.closing_date < ${today}::date
        OR o.stage_changed_at <= now() - make_interval(days => ${thresholds.stuckInStageDays})
        OR (SELECT TRUE FROM call_analyses c WHERE c.opportunity_id = o.id LIMIT 1)
        OR ${lacksEconomicBuyerSql('o')})
      ORDER BY o.amount DESC NULLS LAST, o.id DESC LIMIT ${read.rows(limit)}`,
  );
  return found.map(toDeal);
}

/** One deal, when the actor may see it (a representative: their own). */
export async function visibleDeal(db: Db, id: number, ownerOnly: string | null): Promise<DealRow | null> {
  const [found] = await rows<DealRow>(
    db,
    sql`SELECT ${DEAL_COLUMNS} FROM opportunities o LEFT JOIN users u ON u.id = o.owner_id
      WHERE o.id = ${id} AND ${live()} ${ownerOnly === null ? sql`` : sql`AND o.owner_id = ${ownerOnly}`}`,
  );
  return found ? toDeal(found) : null;
}

/**
 * Each deal's latest analysed calls (at most RISK_CALLS_READ), newest first. The ids are one text
 * parameter, so the statement's text is the same for every page and planned once.
 */
export async function latestCalls(db: Db, opportunityIds: number[]): Promise<StoredCallAnalysis[]> {
  if (!opportunityIds.length) return [];
  const found = await rows<StoredCallAnalysis & { createdAt: string | Date }>(
    db,
    sql`SELECT c.id, c.opportunity_id AS "opportunityId", c.created_at AS "createdAt", c.result, c.transcript_lines AS "transcriptLines"
      FROM unnest(string_to_array(${opportunityIds.map((id) => Number(id)).join(',')}, ',')::int[]) AS d(id),
      LATERAL (SELECT * FROM call_analyses c WHERE c.opportunity_id = d.id ORDER BY c.created_at DESC LIMIT ${read.rows(RISK_CALLS_READ)}) c`,
  );
  return found.map((c) => ({ ...c, createdAt: isoOf(c.createdAt) }));
}

// --- trends and coaching ---

export interface WeeklyRow {
  week: string;
  created_amount: number;
  won_deals: number;
  won_amount: number;
  lost_deals: number;
  cycle_days_sum: number;
  cycle_count: number;
}

export async function weeklyFigures(db: Db, firstWeek: string, owner: OwnerFilter): Promise<WeeklyRow[]> {
  const key = summaryOwnerCondition(owner);
  return rows<WeeklyRow>(
    db,
    sql`SELECT week::text, sum(created_amount)::float8 AS created_amount, sum(won_deals)::int AS won_deals,
        sum(won_amount)::float8 AS won_amount, sum(lost_deals)::int AS lost_deals,
        sum(cycle_days_sum)::float8 AS cycle_days_sum, sum(cycle_count)::int AS cycle_count
      FROM weekly_summaries WHERE week >= ${firstWeek} AND week <= current_date AND ${key} GROUP BY week`,
  );
}

/** Average call scores per week (UTC), over calls on the owner's deals, from call_score_weeks. */
export async function weeklyCallScores(
  db: Db,
  firstWeek: string,
  owner: OwnerFilter,
): Promise<Array<{ week: string; technical: number | null; commercial: number | null }>> {
  const key = summaryOwnerCondition(owner);
  return rows(
    db,
    sql`SELECT week::text, (sum(technical_sum) / nullif(sum(technical_count), 0))::float8 AS technical,
        (sum(commercial_sum) / nullif(sum(commercial_count), 0))::float8 AS commercial
      FROM call_score_weeks WHERE week >= ${firstWeek} AND ${key} GROUP BY week`,
  );
}

export interface CoachingCall extends StoredCallAnalysis {
  client_company_name: string | null;
}

/**
 * A representative's latest analysed calls, newest first, read in the order of
 * call_analyses_owner_created_idx (a call carries its deal's owner; NULL once the deal is gone).
 */
export async function representativeCalls(db: Db, representativeId: string, limit: number): Promise<CoachingCall[]> {
  const found = await rows<CoachingCall & { createdAt: string | Date }>(
    db,
    sql`SELECT c.id, c.opportunity_id AS "opportunityId", c.created_at AS "createdAt", c.result,
        c.transcript_lines AS "transcriptLines", o.client_company_name
      FROM call_analyses c JOIN opportunities o ON o.id = c.opportunity_id
      WHERE c.owner_key = ${representativeId} AND ${live()}
      ORDER BY c.created_at DESC LIMIT ${read.rows(limit)}`,
  );
  return found.map((c) => ({ ...c, createdAt: isoOf(c.createdAt) }));
}

// --- a representative's forecast call ---

/**
 * Sets an open deal's forecast category, as a person's change: the deal's version and field
 * sources follow, and the history gets a row. Null when the actor may not see the deal.
 */
export async function writeForecastCategory(
  db: Db,
  {
    id,
    ownerOnly,
    category,
    actorId,
  }: { id: number; ownerOnly: string | null; category: ForecastCategory | null; actorId: string },
): Promise<{ before: DealRow; after: { forecast_category: ForecastCategory | null; forecast_group: ForecastGroup } } | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await rows<DealRow>(
      t,
      sql`SELECT ${DEAL_COLUMNS} FROM opportunities o LEFT JOIN users u ON u.id = o.owner_id
        WHERE o.id = ${id} AND ${live()} ${ownerOnly === null ? sql`` : sql`AND o.owner_id = ${ownerOnly}`} FOR UPDATE OF o`,
    );
    if (!before) return null;
    if (before.outcome !== 'open' || before.forecast_category === category) {
      return { before, after: { forecast_category: before.forecast_category, forecast_group: before.forecast_group } };
    }
    const [after] = await rows<{ forecast_category: ForecastCategory | null; forecast_group: ForecastGroup }>(
      t,
      sql`UPDATE opportunities SET forecast_category = ${category}, version = version + 1, last_activity_at = now(),
          field_sources = field_sources || jsonb_build_object('forecast_category', 'person')
        WHERE id = ${id} RETURNING forecast_category, forecast_group`,
    );
    await tx.insert(opportunityChanges).values({
      opportunity_id: id,
      source: 'person',
      actor_id: actorId,
      field: 'forecast_category',
      before: before.forecast_category,
      after: category,
    });
    return { before, after: after! };
  });
}
