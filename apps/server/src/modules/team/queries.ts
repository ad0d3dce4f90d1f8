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
import { opportunities, opportunityChanges, repQuotas, users } from '../../db/schema.ts';

/**
 * Every team figure comes from the summaries (team_summaries, rep_win_rate), a few hundred rows at
 * most, never from a GROUP BY over the opportunities, and counts the stored outcome (open, won,
 * lost), never the status text. One CTE defines a team member's figures, so the dashboard, the
 * list and the detail show the same numbers; docs/metrics.md states each formula, and
 * @nexa/domain's team-metrics.ts the same rules for one group of rows.
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

/** The representatives (users with the role) and one Unassigned group for every other owner. */
const membersCte = (onlyRepresentative?: string) => sql`
  reps AS (
    SELECT id, full_name, email FROM users
    WHERE role = ${ROLES.representative} ${onlyRepresentative === undefined ? sql`` : sql`AND id = ${onlyRepresentative}`}
  ),
  grouped AS (
    SELECT r.id AS group_id,
      sum(s.deals) AS deals,
      sum(s.amount_sum) AS amount,
      sum(s.technical_sum) AS tech_sum, sum(s.technical_count) AS tech_n,
      sum(s.commercial_sum) AS comm_sum, sum(s.commercial_count) AS comm_n,
      coalesce(sum(s.deals) FILTER (WHERE s.outcome = 'won'), 0) AS won,
      coalesce(sum(s.deals) FILTER (WHERE s.outcome = 'lost'), 0) AS lost,
      sum(s.cycle_days_sum) AS cycle_sum, sum(s.cycle_count) AS cycle_n,
      coalesce(sum(s.amount_sum) FILTER (WHERE s.outcome = 'open'), 0) AS on_going,
      coalesce(sum(s.amount_sum) FILTER (WHERE s.outcome = 'won'), 0) AS closed_win,
      coalesce(sum(s.amount_sum) FILTER (WHERE s.outcome = 'lost'), 0) AS closed_lost
    FROM team_summaries s
    LEFT JOIN reps r ON r.id = s.owner_key
    ${onlyRepresentative === undefined ? sql`` : sql`WHERE s.owner_key = ${onlyRepresentative}`}
    GROUP BY r.id
  ),
  members_raw AS (
    SELECT r.id, r.full_name, r.email, 'Remote' AS location, g.*
    FROM reps r
    LEFT JOIN grouped g ON g.group_id = r.id
    UNION ALL
    SELECT NULL, 'Unassigned', NULL, '', g.*
    FROM grouped g WHERE g.group_id IS NULL AND g.deals > 0
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

/** Where a member stands on the team dashboard (1 = first); leaders are every member tied at the best. */
export interface RankedMemberRow extends MemberRow {
  salesRank: number;
  technicalRank: number;
  commercialRank: number;
}

/**
 * The team dashboard's members in one statement, with the team's cards (the Unassigned group counts
 * in the totals): the `top` by total sales (ties by name, then id, in code-point order) and every
 * representative tied at the best technical or commercial average — so the answer keeps its size
 * however many representatives the team has; the full list is paged (`searchMembers`).
 */
export async function teamDashboardMembers(db: Db, top: number): Promise<{ members: RankedMemberRow[]; totals: TeamTotals }> {
  const found = await rows<RankedMemberRow & TeamTotals>(
    db,
    sql`WITH ${membersCte()},
      ranked AS (
        SELECT *,
          (count(id) OVER ())::int AS "representativesCount",
          (sum("totalDeals") OVER ())::int AS "opportunitiesCount",
          (sum("totalSales") OVER ())::float8 AS "totalAmount",
          (row_number() OVER (ORDER BY "totalSales" DESC, full_name COLLATE "C", id COLLATE "C"))::int AS "salesRank",
          (rank() OVER (ORDER BY (id IS NULL OR "techAverage" IS NULL), "techAverage" DESC))::int AS "technicalRank",
          (rank() OVER (ORDER BY (id IS NULL OR "commAverage" IS NULL), "commAverage" DESC))::int AS "commercialRank"
        FROM members
      )
      SELECT * FROM ranked
      WHERE "salesRank" <= ${top} OR "technicalRank" = 1 OR "commercialRank" = 1
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
): Promise<{ items: MemberRow[]; total: number }> {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as RepresentativeSortField];
  const pattern = q ? likePattern(q) : null;
  const found = await rows<MemberRow & { total: number }>(
    db,
    sql`WITH ${membersCte()}
      SELECT *, (count(*) OVER ())::int AS total FROM members
      ${pattern ? sql`WHERE full_name ILIKE ${pattern} OR email ILIKE ${pattern}` : sql``}
      ORDER BY ${column} ${descending ? sql`DESC` : sql`ASC`}, lower(full_name), id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  if (found.length === 0 && page > 1) {
    const [count] = await rows<{ total: number }>(
      db,
      sql`WITH ${membersCte()} SELECT count(*)::int AS total FROM members
        ${pattern ? sql`WHERE full_name ILIKE ${pattern} OR email ILIKE ${pattern}` : sql``}`,
    );
    return { items: [], total: count?.total ?? 0 };
  }
  return { items: found.map(({ total: _total, ...member }) => member), total: found[0]?.total ?? 0 };
}

export interface RepresentativeFigures extends MemberRow {
  quarterlyQuota: number | null;
  wonThisQuarter: number;
  /** win_rate_percentage of the rep_win_rate view; null without a closed deal. */
  viewWinRate: number | null;
}

/**
 * One representative's figures, quota, and the amount of won deals whose closing date lies in the
 * current quarter (UTC) and not after today: a deal marked won with a date ahead has not closed
 * yet. Read from the partial index of won deals by closing date.
 */
export async function representativeFigures(db: Db, id: string): Promise<RepresentativeFigures | null> {
  const [row] = await rows<RepresentativeFigures>(
    db,
    sql`WITH ${membersCte(id)}
      SELECT m.*,
        (SELECT quarterly_quota FROM rep_quotas WHERE user_id = ${id})::float8 AS "quarterlyQuota",
        coalesce((SELECT sum(amount) FROM opportunities
          WHERE owner_id = ${id} AND outcome = 'won'
            AND closing_date >= date_trunc('quarter', now() AT TIME ZONE 'UTC')::date
            AND closing_date <= (now() AT TIME ZONE 'UTC')::date), 0)::float8
          AS "wonThisQuarter",
        (SELECT win_rate_percentage FROM rep_win_rate WHERE owner_id = ${id})::float8 AS "viewWinRate"
      FROM members m WHERE m.id IS NOT NULL`,
  );
  return row ?? null;
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

const isRepresentativeId = (id: string) => and(eq(users.id, id), eq(users.role, ROLES.representative));

export async function isRepresentative(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(isRepresentativeId(id));
  return row !== undefined;
}

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
