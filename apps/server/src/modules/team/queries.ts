import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ROLES,
  type AccountManagerNames,
  type ChangeSource,
  type Outcome,
  type PipelineStatus,
  type RepresentativeSortField,
  type Stage,
} from '@nexa/domain';
import { selectRows, type Db } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { read } from '../../db/prepared/reads.ts';
import { opportunities, opportunityChanges, repQuotas, users } from '../../db/schema.ts';

/**
 * Every team figure comes from the summaries (member_totals, one row per owner; rep_win_rate), never
 * from a GROUP BY over the opportunities, and counts the stored outcome (open, won, lost), never the
 * status text. One CTE defines a team member's figures, so the dashboard, the list and the detail
 * show the same numbers; docs/metrics.md states each formula, and @nexa/domain's team-metrics.ts
 * the same rules for one group of rows.
 */

export interface MemberRow {
  id: string | null;
  full_name: string;
  email: string | null;
  location: string;
  totalSales: number;
  totalDeals: number;
  conversionRate: number;
  techScore: number | null;
  commScore: number | null;
  winRate: number | null;
  winRateSource: 'closed-deals' | 'scores' | null;
  techAverage: number | null;
  commAverage: number | null;
  avgDealSize: number;
  salesCycle: number;
  salesCycleIsDefault: boolean;
  onGoing: number;
  closedWin: number;
  closedLost: number;
}

export const rows = selectRows;

/** The role, a constant of the code (db/prepared/reads.ts: the dashboard's statement has no parameter). */
const REPRESENTATIVE = read.constant(ROLES.representative);
/**
 * The team's representatives are the active users with the role (docs/metrics.md, "Who counts"): a
 * person deactivated or given another role leaves every count, ranking, list and quota at once, and
 * their deals count under Unassigned until a manager hands them over. `u` is the users' alias.
 */
const activeRepresentative = (u: string) => sql`${sql.raw(u)}.role = ${REPRESENTATIVE} AND NOT ${sql.raw(u)}.disabled`;
const notActiveRepresentative = (u: string) =>
  sql`(${sql.raw(u)}.role IS DISTINCT FROM ${REPRESENTATIVE} OR ${sql.raw(u)}.disabled)`;

/** A member's sums in member_totals, by the name the members CTE reads them under. */
const MEMBER_SUMS = [
  ['deals', 'deals'],
  ['amount_sum', 'amount'],
  ['technical_sum', 'tech_sum'],
  ['technical_count', 'tech_n'],
  ['commercial_sum', 'comm_sum'],
  ['commercial_count', 'comm_n'],
  ['won_deals', 'won'],
  ['lost_deals', 'lost'],
  ['cycle_days_sum', 'cycle_sum'],
  ['cycle_count', 'cycle_n'],
  ['open_amount', 'on_going'],
  ['won_amount', 'closed_win'],
  ['lost_amount', 'closed_lost'],
] as const;
/** One representative's row (`t.column`) or a group's (`sum(t.column)`), the columns in one order. */
const memberSums = (wrap: (column: string) => string) =>
  sql.raw(MEMBER_SUMS.map(([column, name]) => `${wrap(`t.${column}`)} AS ${name}`).join(', '));

/**
 * The members: the active representatives that `representatives` keeps, and, with `unassigned`, one
 * Unassigned group for every other owner (no owner, a user of another role, a deactivated one),
 * found from the few users who are not active representatives.
 */
const membersCte = ({ representatives = sql``, unassigned }: { representatives?: SQL; unassigned: boolean }) => sql`
  reps AS (
    SELECT id, full_name, email FROM users u WHERE ${activeRepresentative('u')} ${representatives}
  ),
  members_raw AS (
    SELECT r.id, r.full_name, r.email, 'Remote' AS location, ${memberSums((column) => column)}
    FROM reps r
    LEFT JOIN member_totals t ON t.owner_key = r.id
    ${
      unassigned
        ? sql`UNION ALL
    SELECT NULL, 'Unassigned', NULL, '', g.* FROM (
      SELECT ${memberSums((column) => `sum(${column})`)}
      FROM member_totals t
      WHERE t.owner_key IN (SELECT '' UNION ALL SELECT id FROM users u WHERE ${notActiveRepresentative('u')})
    ) g WHERE g.deals > 0`
        : sql``
    }
  ),
  members AS (
    SELECT id, full_name, email, location,
      coalesce(amount, 0)::float8 AS "totalSales",
      coalesce(deals, 0)::int AS "totalDeals",
      -- Conversion: won deals ÷ all the representative's deals (docs/metrics.md).
      CASE WHEN coalesce(deals, 0) = 0 THEN 0 ELSE round(100.0 * won / deals)::int END AS "conversionRate",
      CASE WHEN coalesce(tech_n, 0) = 0 THEN NULL ELSE round(tech_sum / tech_n, 1)::float8 END AS "techScore",
      CASE WHEN coalesce(comm_n, 0) = 0 THEN NULL ELSE round(comm_sum / comm_n, 1)::float8 END AS "commScore",
      CASE WHEN coalesce(tech_n, 0) = 0 THEN NULL ELSE (tech_sum / tech_n)::float8 END AS "techAverage",
      CASE WHEN coalesce(comm_n, 0) = 0 THEN NULL ELSE (comm_sum / comm_n)::float8 END AS "commAverage",
      CASE
        -- The rep_win_rate view's own expression (2 decimals), then a whole percent.
        WHEN coalesce(won, 0) + coalesce(lost, 0) > 0 THEN round(round(100.0 * won / (won + lost), 2))::int
        WHEN coalesce(tech_n, 0) + coalesce(comm_n, 0) = 0 THEN NULL
        ELSE round(least(100, greatest(0, 10 * (
          0.4 * coalesce(tech_sum / nullif(tech_n, 0), 0) + 0.6 * coalesce(comm_sum / nullif(comm_n, 0), 0)))))::int
      END AS "winRate",
      CASE
        WHEN coalesce(won, 0) + coalesce(lost, 0) > 0 THEN 'closed-deals'
        WHEN coalesce(tech_n, 0) + coalesce(comm_n, 0) = 0 THEN NULL
        ELSE 'scores'
      END AS "winRateSource",
      CASE WHEN coalesce(deals, 0) = 0 THEN 0 ELSE round(amount / deals)::float8 END AS "avgDealSize",
      CASE WHEN coalesce(cycle_n, 0) = 0 THEN 45 ELSE round(cycle_sum::numeric / cycle_n)::int END AS "salesCycle",
      coalesce(cycle_n, 0) = 0 AS "salesCycleIsDefault",
      coalesce(on_going, 0)::float8 AS "onGoing",
      coalesce(closed_win, 0)::float8 AS "closedWin",
      coalesce(closed_lost, 0)::float8 AS "closedLost"
    FROM members_raw
  )`;

export interface TeamTotals {
  representativesCount: number;
  opportunitiesCount: number;
  totalAmount: number;
}

/** Where a member stands on the team dashboard by total sales (1 = first), and whether it leads a score. */
export interface RankedMemberRow extends MemberRow {
  salesRank: number;
  technicalLeader: boolean;
  commercialLeader: boolean;
}

const isRepresentativeOwner = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = t.owner_key AND ${activeRepresentative('u')})`;

/** The representative leading on a score (byLeaderRank of @nexa/domain): the first of its index. */
const scoreLeader = (average: SQL) => sql`(
  SELECT t.owner_key FROM member_totals t WHERE ${average} IS NOT NULL AND ${isRepresentativeOwner}
  ORDER BY ${average} DESC, t.amount_sum DESC, t.owner_key COLLATE "C" LIMIT 1)`;

/**
 * The team dashboard's members in one statement, with the team's cards (the Unassigned group counts
 * in the totals): the `top` by total sales (ties by name, then id, in code-point order) and the
 * leader on each score. Only those are read, from member_totals' indexes: the representatives with
 * the `top` largest totals (and any tied with the last), or when fewer than `top` have sales, the
 * first by name among the others too — so the statement reads about `top` rows however many
 * representatives the team has; the full list is paged (`searchMembers`). The team's cards add the
 * few rows of team_totals.
 */
export async function teamDashboardMembers(db: Db, top: number): Promise<{ members: RankedMemberRow[]; totals: TeamTotals }> {
  const candidates = sql`
    leaders AS (
      SELECT ${scoreLeader(sql`t.technical_average`)} AS technical, ${scoreLeader(sql`t.commercial_average`)} AS commercial
    ),
    with_sales AS (
      SELECT t.owner_key AS id FROM member_totals t WHERE t.amount_sum > 0 AND ${isRepresentativeOwner}
      ORDER BY t.amount_sum DESC FETCH FIRST ${read.rows(top)} ROWS WITH TIES
    ),
    candidates AS (
      SELECT id FROM with_sales
      UNION SELECT technical FROM leaders
      UNION SELECT commercial FROM leaders
      UNION
      (SELECT u.id FROM users u
        WHERE ${activeRepresentative('u')} AND (SELECT count(*) FROM with_sales) < ${read.rows(top)}
          AND NOT EXISTS (SELECT 1 FROM member_totals t WHERE t.owner_key = u.id AND t.amount_sum > 0)
        ORDER BY u.full_name COLLATE "C", u.id LIMIT ${read.rows(top)})
    ),`;
  const found = await rows<RankedMemberRow & TeamTotals>(
    db,
    sql`WITH ${candidates} ${membersCte({ representatives: sql`AND id IN (SELECT id FROM candidates)`, unassigned: true })},
      ranked AS (
        SELECT *,
          (row_number() OVER (ORDER BY "totalSales" DESC, full_name COLLATE "C", id COLLATE "C"))::int AS "salesRank",
          coalesce(id = (SELECT technical FROM leaders), false) AS "technicalLeader",
          coalesce(id = (SELECT commercial FROM leaders), false) AS "commercialLeader"
        FROM members
      )
      SELECT ranked.*, team.*
      FROM ranked,
        (SELECT coalesce(sum(representatives), 0)::int AS "representativesCount",
          coalesce(sum(deals), 0)::int AS "opportunitiesCount", coalesce(sum(amount_sum), 0)::float8 AS "totalAmount"
          FROM team_totals) team
      WHERE "salesRank" <= ${read.rows(top)} OR "technicalLeader" OR "commercialLeader"
      ORDER BY "salesRank"`,
  );
  const totals = {
    representativesCount: found[0]?.representativesCount ?? 0,
    opportunitiesCount: found[0]?.opportunitiesCount ?? 0,
    totalAmount: found[0]?.totalAmount ?? 0,
  };
  return { members: found, totals };
}

const SORT_COLUMNS: Record<RepresentativeSortField, SQL> = {
  full_name: sql`lower(full_name)`,
  email: sql`lower(coalesce(email, ''))`,
  totalSales: sql`"totalSales"`,
  totalDeals: sql`"totalDeals"`,
  conversionRate: sql`"conversionRate"`,
};

export async function searchMembers(
  db: Db,
  { q, sort, page, pageSize }: { q?: string; sort: string; page: number; pageSize: number },
): Promise<{ items: MemberRow[]; total: number; representatives: number }> {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as RepresentativeSortField];
  const pattern = q ? likePattern(q) : null;
  const found = await rows<MemberRow & { total: number; representatives: number }>(
    db,
    sql`WITH ${membersCte({ unassigned: true })}
      SELECT *, (count(*) OVER ())::int AS total, (count(id) OVER ())::int AS representatives FROM members
      ${pattern ? sql`WHERE full_name ILIKE ${pattern} OR email ILIKE ${pattern}` : sql``}
      ORDER BY ${column} ${descending ? sql`DESC` : sql`ASC`}, lower(full_name), id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  if (found.length === 0 && page > 1) {
    const [count] = await rows<{ total: number; representatives: number }>(
      db,
      sql`WITH ${membersCte({ unassigned: true })} SELECT count(*)::int AS total, count(id)::int AS representatives FROM members
        ${pattern ? sql`WHERE full_name ILIKE ${pattern} OR email ILIKE ${pattern}` : sql``}`,
    );
    return { items: [], total: count?.total ?? 0, representatives: count?.representatives ?? 0 };
  }
  return {
    items: found.map(({ total: _total, representatives: _representatives, ...member }) => member),
    total: found[0]?.total ?? 0,
    representatives: found[0]?.representatives ?? 0,
  };
}

/**
 * One representative's quota figures for the current quarter (docs/metrics.md, "Quota attainment"
 * and "Gap to quota"): the quota they have (null: the default), the amount of won deals whose
 * closing date lies in the current quarter (UTC) and not after today — a deal marked won with a
 * date ahead has not closed yet — read from the partial index of won deals by closing date, and the
 * quarter's commit as the forecast counts it (forecast_summaries). The manager's page about the
 * representative and the representative's own dashboard read these columns, and @nexa/domain/quota's
 * quotaStanding turns them into the figures both show.
 */
const quotaColumns = (id: string) => sql`
  (SELECT quarterly_quota FROM rep_quotas WHERE user_id = ${id})::float8 AS "quarterlyQuota",
  coalesce((SELECT sum(amount) FROM opportunities
    WHERE owner_id = ${id} AND outcome = 'won'
      AND closing_date >= date_trunc('quarter', now() AT TIME ZONE 'UTC')::date
      AND closing_date <= (now() AT TIME ZONE 'UTC')::date), 0)::float8 AS "wonThisQuarter",
  coalesce((SELECT sum(amount_sum) FROM forecast_summaries
    WHERE owner_key = ${id} AND forecast_group = 'commit'
      AND quarter = date_trunc('quarter', now() AT TIME ZONE 'UTC')::date), 0)::float8 AS "commitThisQuarter"`;

export interface QuotaRow {
  quarterlyQuota: number | null;
  wonThisQuarter: number;
  commitThisQuarter: number;
}

export interface RepresentativeFigures extends MemberRow, QuotaRow {
  /** win_rate_percentage of the rep_win_rate view; null without a closed deal. */
  viewWinRate: number | null;
}

/** One representative's figures and quota (quotaColumns). */
export async function representativeFigures(db: Db, id: string): Promise<RepresentativeFigures | null> {
  const [row] = await rows<RepresentativeFigures>(
    db,
    sql`WITH ${membersCte({ representatives: sql`AND id = ${id}`, unassigned: false })}
      SELECT m.*, ${quotaColumns(id)},
        (SELECT win_rate_percentage FROM rep_win_rate WHERE owner_id = ${id})::float8 AS "viewWinRate"
      FROM members m WHERE m.id IS NOT NULL`,
  );
  return row ?? null;
}

/** The quota figures alone, for the representative's own dashboard (the same columns). */
export async function representativeQuota(db: Db, id: string): Promise<QuotaRow> {
  const [row] = await rows<QuotaRow>(db, sql`SELECT ${quotaColumns(id)}`);
  return row!;
}

export interface RecentOpportunityRow {
  id: number;
  name: string;
  product: string | null;
  amount: number | null;
  status: string | null;
  stage: Stage;
  outcome: Outcome;
  pipeline_status: PipelineStatus;
  lead_status: string | null;
  technical_scoring: number | null;
  commercial_scoring: number | null;
  record_date: string;
}

/**
 * The 3 newest opportunities by record date: a backward scan of opportunities_owner_record_idx
 * that stops after 3 rows (a tie-breaker column would make it read every row of a tied date).
 */
export async function recentOpportunities(db: Db, id: string, limit: number): Promise<RecentOpportunityRow[]> {
  return rows<RecentOpportunityRow>(
    db,
    sql`SELECT id, coalesce(nullif(client_company_name, ''), 'Unnamed Opportunity') AS name, product,
        amount::float8 AS amount, status, stage, outcome, pipeline_status, lead_status,
        technical_scoring::float8 AS technical_scoring, commercial_scoring::float8 AS commercial_scoring,
        to_char(record_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS record_date
      FROM opportunities WHERE owner_id = ${id}
      -- Qualified: a bare record_date is the text column of the select list, and sorting by it
      -- reads every row of the representative (460 ms at 20,000 rows instead of 0.1 ms).
      ORDER BY opportunities.record_date DESC LIMIT ${limit}`,
  );
}

export interface RecentActivityRow {
  id: number;
  opportunity_id: number;
  type: 'change';
  date: string;
  source: ChangeSource;
  field: string;
  before: unknown;
  after: unknown;
  actor_name: string | null;
  client_name: string | null;
  client_company_name: string | null;
  product: string | null;
  lead_status: string | null;
}

/**
 * The latest changes to the representative's deals, from the deals' history (who or what, field,
 * before → after). The status text moves with the stage and the owner rule with the owner, so
 * neither is shown twice.
 */
export async function recentActivities(db: Db, id: string, limit: number): Promise<RecentActivityRow[]> {
  const found = await rows<Omit<RecentActivityRow, 'date'> & { date: Date | string }>(
    db,
    sql`SELECT c.id, c.opportunity_id, 'change' AS type, c.at AS date, c.source, c.field, c.before, c.after,
        u.full_name AS actor_name, o.client_name, o.client_company_name, o.product, o.lead_status
      FROM ${opportunities} o
      JOIN ${opportunityChanges} c ON c.opportunity_id = o.id
      LEFT JOIN ${users} u ON u.id = c.actor_id
      WHERE o.owner_id = ${id} AND c.field NOT IN ('status', 'owner_match')
      ORDER BY c.at DESC, c.id DESC LIMIT ${limit}`,
  );
  return found.map((row) => ({ ...row, id: Number(row.id), date: new Date(row.date).toISOString() }));
}

/** An active representative's id: a deactivated one has no page, quota or names of their own on the team. */
const isRepresentativeId = (id: string) => and(eq(users.id, id), eq(users.role, ROLES.representative), eq(users.disabled, false));

export async function saveQuarterlyQuota(db: Db, id: string, quarterlyQuota: number): Promise<void> {
  await db
    .insert(repQuotas)
    .values({ userId: id, quarterlyQuota })
    .onConflictDoUpdate({ target: repQuotas.userId, set: { quarterlyQuota, updatedAt: new Date() } });
}

const accountManagerNames = {
  account_manager_name: users.account_manager_name,
  account_manager_aliases: users.account_manager_aliases,
};

/** A representative's names in CRM exports; undefined when id is not a representative. */
export async function readAccountManagerNames(db: Db, id: string): Promise<AccountManagerNames | undefined> {
  const [row] = await db.select(accountManagerNames).from(users).where(isRepresentativeId(id));
  return row;
}

export async function saveAccountManagerNames(
  db: Db,
  id: string,
  names: AccountManagerNames,
): Promise<AccountManagerNames | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...names, updatedAt: new Date() })
    .where(isRepresentativeId(id))
    .returning(accountManagerNames);
  return row;
}

export async function ownedOpportunity(db: Db, ownerId: string, opportunityId: number) {
  const [row] = await db
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.id, opportunityId), eq(opportunities.owner_id, ownerId)));
  return row;
}
