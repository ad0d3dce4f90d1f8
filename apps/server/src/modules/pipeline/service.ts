import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { PIPELINE_STATUSES, type PipelineSummary } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db } from '../../db/client.ts';
import { opportunities as o, repCompanies, repCompanyMonths, repMeetingDays, teamSummaries } from '../../db/schema.ts';
import { iso } from '../opportunities/scope.ts';

const UPCOMING_LIMIT = 8;

interface SummaryTotal {
  status: string;
  count: number | string;
  amount: number | string;
}
interface CardsRow {
  /** json: node-postgres parses it, PGlite may hand back text. */
  totals: SummaryTotal[] | string;
  follow_up_count: number | string;
  company_count: number | string;
  companies_this_month: number | string;
}

const parseJson = <T>(value: T | string | undefined): T | [] =>
  value === undefined ? [] : typeof value === 'string' ? (JSON.parse(value) as T) : value;

const currentMonth = (now: Date) => now.toISOString().slice(0, 7);

/** The rep dashboard's figures (spec §2), each computed by the database over the rep's own rows. */
export async function pipelineSummary(
  db: Db,
  actor: Actor,
  month: string | undefined,
  now = new Date(),
): Promise<PipelineSummary> {
  const owned = eq(o.owner_id, actor.userId);
  const calendarMonth = month ?? currentMonth(now);
  const thisMonthStart = `${currentMonth(now)}-01`;

  // The cards in one statement over kept-up summaries (team_summaries, rep_companies,
  // rep_company_months) and the follow-up partial index: a few index entries, whatever the
  // number of the rep's opportunities (docs/decisions/009).
  const cardsQuery = selectRows<CardsRow>(
    db,
    sql`
    select
      (select coalesce(json_agg(json_build_object('status', pipeline_status, 'count', deals, 'amount', amount_sum::float8)), '[]'::json)
         from ${teamSummaries} where owner_key = ${actor.userId}) as totals,
      (select count(*)::int from ${o} where ${o.owner_id} = ${actor.userId}
         and ${o.pipeline_status} = 'On-going' and lower(btrim(${o.lead_status})) = 'pending') as follow_up_count,
      (select count(*)::int from ${repCompanies} where owner_key = ${actor.userId}) as company_count,
      (select count(*)::int from ${repCompanyMonths} where owner_key = ${actor.userId}
         and month = ${thisMonthStart}::date) as companies_this_month`,
  );
  const [cardsResult, upcoming, days] = await Promise.all([
    cardsQuery,
    db
      .select({
        id: o.id,
        client_company_name: o.client_company_name,
        client_name: o.client_name,
        product: o.product,
        lead_status: o.lead_status,
        next_meeting_date: o.next_meeting_date,
      })
      .from(o)
      .where(and(owned, gt(o.next_meeting_date, now)))
      .orderBy(asc(o.next_meeting_date), asc(o.id))
      .limit(UPCOMING_LIMIT),
    selectRows<{ date: string; lead_status: string | null; count: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as date, min(nullif(lead_status, '')) as lead_status, sum(meetings)::int as count
        from ${repMeetingDays} where owner_key = ${actor.userId}
          and day >= ${calendarMonth + '-01'}::date and day < (${calendarMonth + '-01'}::date + interval '1 month')
        group by day order by day`,
    ),
  ]);

  const cards = cardsResult[0];
  const totals: PipelineSummary['totals'] = PIPELINE_STATUSES.map((status) => {
    const found = parseJson<SummaryTotal[]>(cards?.totals).find((t) => t.status === status);
    return { status, count: Number(found?.count ?? 0), amount: Number(found?.amount ?? 0) };
  });
  return {
    totals,
    openCount: totals[0]!.count,
    followUpCount: Number(cards?.follow_up_count ?? 0),
    companyCount: Number(cards?.company_count ?? 0),
    companiesThisMonth: Number(cards?.companies_this_month ?? 0),
    upcomingMeetings: upcoming.map((m) => ({ ...m, next_meeting_date: iso(m.next_meeting_date)! })),
    calendar: { month: calendarMonth, days },
  };
}
