import { and, eq, sql } from 'drizzle-orm';
import {
  OUTCOME_OF_STAGE,
  OUTCOMES,
  PIPELINE_STATUS_OF_OUTCOME,
  ROLES,
  STAGES,
  type Board,
  type BoardCard,
  type BoardQuery,
  type PipelineSummary,
  type Stage,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, type Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { opportunities } from '../../db/schema.ts';
import { read } from '../../db/prepared/reads.ts';
import { FILTER_VALUE_TYPES, filterValues, listFilters } from '../opportunities/filters.ts';
import { visibleTo } from '../opportunities/scope.ts';
import {
  readBoard,
  readPipelineRow,
  type CardRow,
  type DayRow,
  type StageTotalRow,
  type SummaryTotal,
  type UpcomingRow,
} from './queries.ts';

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

/**
 * The pipeline board: a column per stage with every matching deal's count and amount and its first
 * cards. A representative sees their own deals; a manager the team's, or one representative's.
 */
export async function pipelineBoard(db: Db, actor: Actor, query: BoardQuery): Promise<Board> {
  const stages = query.stage ? [query.stage] : STAGES;
  const isManager = actor.role === ROLES.manager;
  // A representative naming someone else asks for rows they cannot see: an empty board.
  if (!isManager && query.owner && query.owner !== actor.userId) return emptyBoard(stages);
  const owner = isManager ? (query.owner ?? null) : actor.userId;

  const values = filterValues(query);
  // The values of the call (how each travels: db/prepared/reads.ts). The stage asked for is the
  // column being read, not a filter: the stage totals still answer.
  const filters = listFilters({ ...query, stage: undefined }, (name) =>
    name === 'pattern' ? read.pattern(values[name] ?? null) : read.value(values[name] ?? null, FILTER_VALUE_TYPES[name]),
  );
  const where =
    and(
      visibleTo(actor, read.value(actor.userId, 'text')),
      owner === null ? undefined : eq(opportunities.owner_id, read.value(owner, 'text')),
      ...Object.values(filters).map((f) => f.condition),
    ) ?? sql`true`;
  // The stage totals answer a status filter (a stage or a pipeline group) but no other.
  const { status, ...others } = filters;
  const summed = Object.keys(others).length === 0 && (!status || status.form !== 'r');

  const row = await readBoard(db, { where, summaryOwner: owner, summed, stages, offset: query.offset, limit: query.limit });
  const totals = jsonValue<StageTotalRow[]>(row?.totals);
  const columns = jsonValue<Array<{ stage: Stage; items: CardRow[] }>>(row?.columns);
  const kept = (stage: Stage) =>
    !summed || !values.status || values.status === stage || values.status === OUTCOME_OF_STAGE[stage];
  return {
    columns: stages.map((stage) => {
      const total = kept(stage) ? totals.find((t) => t.stage === stage) : undefined;
      return {
        stage,
        count: Number(total?.count ?? 0),
        amount: Number(total?.amount ?? 0),
        items: (columns.find((c) => c.stage === stage)?.items ?? []).map(toCard),
      };
    }),
  };
}

const emptyBoard = (stages: readonly Stage[]): Board => ({
  columns: stages.map((stage) => ({ stage, count: 0, amount: 0, items: [] })),
});

const toCard = (row: CardRow): BoardCard => ({
  ...row,
  amount: row.amount === null ? null : Number(row.amount),
  next_meeting_date: iso(row.next_meeting_date),
});
