import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { monthRange, PIPELINE_STATUSES, type PipelineSummary } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { opportunities as o } from '../../db/schema.ts';
import { iso } from '../opportunities/scope.ts';

const UPCOMING_LIMIT = 8;

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
  const calendarRange = monthRange(calendarMonth);
  const thisMonth = monthRange(currentMonth(now));
  const day = sql<string>`to_char(${o.next_meeting_date} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [totals, [cards], upcoming, days] = await Promise.all([
    db
      .select({
        status: o.pipeline_status,
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${o.amount}), 0)::float8`,
      })
      .from(o)
      .where(owned)
      .groupBy(o.pipeline_status),
    db
      .select({
        followUpCount: sql<number>`count(*) filter (where ${o.pipeline_status} = 'On-going' and lower(btrim(${o.lead_status})) = 'pending')::int`,
        companyCount: sql<number>`count(distinct ${o.client_company_name})::int`,
        companiesThisMonth: sql<number>`count(distinct ${o.client_company_name}) filter (where ${o.record_date} >= ${thisMonth.start} and ${o.record_date} < ${thisMonth.end})::int`,
      })
      .from(o)
      .where(owned),
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
    db
      .select({ date: day, lead_status: sql<string | null>`min(${o.lead_status})`, count: sql<number>`count(*)::int` })
      .from(o)
      .where(and(owned, gte(o.next_meeting_date, calendarRange.start), lt(o.next_meeting_date, calendarRange.end)))
      .groupBy(day)
      .orderBy(day),
  ]);

  const byStatus = new Map(totals.map((t) => [t.status, t]));
  return {
    totals: PIPELINE_STATUSES.map((status) => ({
      status,
      amount: Number(byStatus.get(status)?.amount ?? 0),
      count: byStatus.get(status)?.count ?? 0,
    })),
    openCount: byStatus.get('On-going')?.count ?? 0,
    followUpCount: cards?.followUpCount ?? 0,
    companyCount: cards?.companyCount ?? 0,
    companiesThisMonth: cards?.companiesThisMonth ?? 0,
    upcomingMeetings: upcoming.map((m) => ({ ...m, next_meeting_date: iso(m.next_meeting_date)! })),
    calendar: { month: calendarMonth, days },
  };
}
