import { OUTCOMES, PIPELINE_STATUS_OF_OUTCOME, type PipelineSummary } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, type Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { readPipelineRow, type DayRow, type SummaryTotal, type UpcomingRow } from './queries.ts';

const currentMonth = (now: Date) => now.toISOString().slice(0, 7);

/** The rep dashboard's figures, each computed by the database over the rep's own rows. */
export async function pipelineSummary(
  db: Db,
  actor: Actor,
  month: string | undefined,
  now = new Date(),
): Promise<PipelineSummary> {
  const owner = actor.userId;
  const calendarStart = `${month ?? currentMonth(now)}-01`;
  const thisMonthStart = `${currentMonth(now)}-01`;

  const row = await readPipelineRow(db, owner, calendarStart, thisMonthStart, now);

  const totals: PipelineSummary['totals'] = OUTCOMES.map((outcome) => {
    const found = jsonValue<SummaryTotal[]>(row?.totals).find((t) => t.outcome === outcome);
    return { status: PIPELINE_STATUS_OF_OUTCOME[outcome], count: Number(found?.count ?? 0), amount: Number(found?.amount ?? 0) };
  });
  return {
    totals,
    openCount: totals[0]!.count,
    followUpCount: Number(row?.follow_up_count ?? 0),
    companyCount: Number(row?.company_count ?? 0),
    companiesThisMonth: Number(row?.companies_this_month ?? 0),
    upcomingMeetings: jsonValue<UpcomingRow[]>(row?.upcoming).map((m) => ({
      ...m,
      next_meeting_date: iso(m.next_meeting_date)!,
    })),
    calendar: { month: calendarStart.slice(0, 7), days: jsonValue<DayRow[]>(row?.days) },
  };
}
