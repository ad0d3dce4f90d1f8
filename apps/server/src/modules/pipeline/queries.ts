import { sql, type SQL } from 'drizzle-orm';
import type { Stage } from '@nexa/domain';
import { selectRows, type Db } from '../../db/client.ts';
import { read } from '../../db/prepared/reads.ts';
import {
  opportunities as o,
  repCompanies,
  repCompanyMonths,
  repMeetingDays,
  repStageTotals,
  teamSummaries,
} from '../../db/schema.ts';

const UPCOMING_LIMIT = 8;

export interface SummaryTotal {
  outcome: string;
  count: number | string;
  amount: number | string;
}
export interface UpcomingRow {
  id: number;
  client_company_name: string | null;
  client_name: string | null;
  product: string | null;
  lead_status: string | null;
  next_meeting_date: string;
}
export interface DayRow {
  date: string;
  lead_status: string | null;
  count: number;
}
export interface SummaryRow {
  /** json: node-postgres parses it, PGlite may hand back text. */
  totals: SummaryTotal[] | string;
  follow_up_count: number | string;
  company_count: number | string;
  companies_this_month: number | string;
  upcoming: UpcomingRow[] | string;
  days: DayRow[] | string;
}

/**
 * A representative's dashboard row: cards, next meetings and the calendar month starting on
 * calendarStart (YYYY-MM-01); thisMonthStart is the first day of the current month.
 */
export async function readPipelineRow(
  db: Db,
  owner: string,
  calendarStart: string,
  thisMonthStart: string,
  now: Date,
): Promise<SummaryRow | undefined> {
  // One statement, one round trip: the cards over kept-up summaries (team_summaries,
  // rep_companies, rep_company_months) and the follow-up partial index, the next meetings of open
  // deals (a won or lost deal has no upcoming meeting) in (owner, next meeting, id) index order, and the month's calendar from rep_meeting_days — a few
  // index entries each, whatever the number of the rep's opportunities (docs/decisions/009).
  const [row] = await selectRows<SummaryRow>(
    db,
    sql`
    select
      (select coalesce(json_agg(json_build_object('outcome', outcome, 'count', deals, 'amount', amount_sum::float8)), '[]'::json)
         from ${teamSummaries} where owner_key = ${owner}) as totals,
      (select count(*)::int from ${o} where ${o.owner_id} = ${owner}
         and ${o.outcome} = 'open' and lower(btrim(${o.lead_status})) = 'pending') as follow_up_count,
      (select count(*)::int from ${repCompanies} where owner_key = ${owner}) as company_count,
      (select count(*)::int from ${repCompanyMonths} where owner_key = ${owner}
         and month = ${thisMonthStart}::date) as companies_this_month,
      (select coalesce(json_agg(m order by m.next_meeting_date, m.id), '[]'::json) from (
         select ${o.id} as id, ${o.client_company_name} as client_company_name, ${o.client_name} as client_name,
           ${o.product} as product, ${o.lead_status} as lead_status, ${o.next_meeting_date} as next_meeting_date
         from ${o} where ${o.owner_id} = ${owner} and ${o.next_meeting_date} > ${now} and ${o.outcome} = 'open'
         order by ${o.next_meeting_date}, ${o.id} limit ${read.rows(UPCOMING_LIMIT)}) m) as upcoming,
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
         select to_char(day, 'YYYY-MM-DD') as date, min(nullif(lead_status, '')) as lead_status, sum(meetings)::int as count
         from ${repMeetingDays} where owner_key = ${owner}
           and day >= ${calendarStart}::date and day < (${calendarStart}::date + interval '1 month')
         group by day) d) as days`,
  );

  return row;
}

export interface StageTotalRow {
  stage: Stage;
  count: number | string;
  amount: number | string;
}
export interface CardRow {
  id: number;
  version: number;
  stage: Stage;
  owner_id: string | null;
  account_manager: string | null;
  product: string | null;
  client_company_name: string | null;
  amount: number | string | null;
  lead_status: string | null;
  next_meeting_date: string | null;
  closing_date: string | null;
}
export interface BoardRow {
  /** json: node-postgres parses it, PGlite may hand back text. */
  totals: StageTotalRow[] | string;
  columns: Array<{ stage: Stage; items: CardRow[] }> | string;
}

export interface BoardRead {
  /** The rows the board shows: the caller's scope, the representative asked for and the filters. */
  where: SQL;
  /** The representative whose kept-up stage totals stand for the filtered rows; null: the whole team. */
  summaryOwner: string | null;
  /** Whether the totals may be read from rep_stage_totals (no filter that they cannot answer). */
  summed: boolean;
  stages: readonly Stage[];
  offset: number;
  limit: number;
}

/**
 * The board in one statement: each stage's count and amount, and each stage's cards from the
 * offset in (next meeting, id) order — read in the order of the (owner, stage, next meeting, id)
 * index, a column at a time through a lateral join. Unfiltered, the totals are a few rows of the
 * kept-up rep_stage_totals; filtered, the matching rows are counted.
 */
export async function readBoard(db: Db, board: BoardRead): Promise<BoardRow | undefined> {
  const stages = sql.join(
    board.stages.map((stage) => read.constant(stage)),
    sql`, `,
  );
  const totals = board.summed
    ? sql`select stage, sum(deals)::int as count, sum(amount_sum)::float8 as amount from ${repStageTotals}
        where stage in (${stages}) ${board.summaryOwner === null ? sql`` : sql`and owner_key = ${read.value(board.summaryOwner, 'text')}`}
        group by stage`
    : sql`select ${o.stage} as stage, count(*)::int as count, coalesce(sum(${o.amount}), 0)::float8 as amount from ${o}
        where ${board.where} and ${o.stage} in (${stages}) group by ${o.stage}`;
  const [row] = await selectRows<BoardRow>(
    db,
    sql`
    select
      (select coalesce(json_agg(t), '[]'::json) from (${totals}) t) as totals,
      (select coalesce(json_agg(json_build_object('stage', s.stage, 'items', c.items) order by s.n), '[]'::json)
         from unnest(array[${stages}]::text[]) with ordinality as s(stage, n)
         cross join lateral (
           select coalesce(json_agg(card), '[]'::json) as items from (
             select ${o.id} as id, ${o.version} as version, ${o.stage} as stage, ${o.owner_id} as owner_id,
               ${o.account_manager} as account_manager, ${o.product} as product,
               ${o.client_company_name} as client_company_name,
               ${o.amount} as amount, ${o.lead_status} as lead_status,
               ${o.next_meeting_date} as next_meeting_date, ${o.closing_date} as closing_date
             from ${o} where ${board.where} and ${o.stage} = s.stage
             order by ${o.next_meeting_date} asc nulls last, ${o.id} asc
             limit ${read.rows(board.limit)} offset ${read.offset(board.offset)}) card) c) as columns`,
  );
  return row;
}
