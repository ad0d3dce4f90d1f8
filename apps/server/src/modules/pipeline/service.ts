import { and, asc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { monthRange, type PipelineSummary } from '@nexa/domain';
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

  const perStatus = (status: string) => ({
    count: sql<number>`count(*) filter (where ${o.pipeline_status} = ${status})::int`,
    amount: sql<number>`coalesce(sum(${o.amount}) filter (where ${o.pipeline_status} = ${status}), 0)::float8`,
  });
  // One pass over the rep's entries of the covering index (migration 0002) for every card.
  const perCompany = db
    .select({
      name: o.client_company_name,
      recentlyRecorded: sql<boolean>`bool_or(${o.record_date} >= ${thisMonth.start} and ${o.record_date} < ${thisMonth.end})`.as(
        'recently_recorded',
      ),
    })
    .from(o)
    .where(and(owned, isNotNull(o.client_company_name)))
    .groupBy(o.client_company_name)
    .as('per_company');
  const [[cards], [companies], upcoming, days] = await Promise.all([
    db
      .select({
        ongoingCount: perStatus('On-going').count,
        ongoingAmount: perStatus('On-going').amount,
        wonCount: perStatus('Closed-Win').count,
        wonAmount: perStatus('Closed-Win').amount,
        lostCount: perStatus('Closed-Lost').count,
        lostAmount: perStatus('Closed-Lost').amount,
        followUpCount: sql<number>`count(*) filter (where ${o.pipeline_status} = 'On-going' and lower(btrim(${o.lead_status})) = 'pending')::int`,
      })
      .from(o)
      .where(owned),
    db
      .select({
        companyCount: sql<number>`count(*)::int`,
        companiesThisMonth: sql<number>`count(*) filter (where ${perCompany.recentlyRecorded})::int`,
      })
      .from(perCompany),
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

  const totals: PipelineSummary['totals'] = [
    { status: 'On-going', count: cards?.ongoingCount ?? 0, amount: Number(cards?.ongoingAmount ?? 0) },
    { status: 'Closed-Win', count: cards?.wonCount ?? 0, amount: Number(cards?.wonAmount ?? 0) },
    { status: 'Closed-Lost', count: cards?.lostCount ?? 0, amount: Number(cards?.lostAmount ?? 0) },
  ];
  return {
    totals,
    openCount: totals[0]!.count,
    followUpCount: cards?.followUpCount ?? 0,
    companyCount: companies?.companyCount ?? 0,
    companiesThisMonth: companies?.companiesThisMonth ?? 0,
    upcomingMeetings: upcoming.map((m) => ({ ...m, next_meeting_date: iso(m.next_meeting_date)! })),
    calendar: { month: calendarMonth, days },
  };
}
