import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { opportunities as o, repCompanies, repCompanyMonths, repMeetingDays, teamSummaries } from '../../db/schema.ts';

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
  // The meetings' limit is written into the text, as db/prepared/literal-limit.ts explains.
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
         order by ${o.next_meeting_date}, ${o.id} limit ${sql.raw(String(UPCOMING_LIMIT))}) m) as upcoming,
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
         select to_char(day, 'YYYY-MM-DD') as date, min(nullif(lead_status, '')) as lead_status, sum(meetings)::int as count
         from ${repMeetingDays} where owner_key = ${owner}
           and day >= ${calendarStart}::date and day < (${calendarStart}::date + interval '1 month')
         group by day) d) as days`,
  );

  return row;
}
