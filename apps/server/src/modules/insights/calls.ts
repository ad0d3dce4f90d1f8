import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ROLES, quarterFor, quarterStart, representativeParamsSchema, weekStart, type Quarter } from '@nexa/domain';
import { callAccuracy, callReminder, proposedCall, type CallFigures } from '@nexa/domain/forecast-call';
import {
  forecastCallAdjustmentSchema,
  forecastCallBodySchema,
  forecastCallReminderSchema,
  ownForecastCallSchema,
  teamForecastCallsSchema,
  type ForecastCall,
  type OwnForecastCall,
  type TeamForecastCalls,
} from '@nexa/domain/schemas/forecast-call';
import { actorOf } from '../../auth/access.ts';
import { selectRows, type Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { ownCallReminder, personTimeZone } from './call-reminder.ts';
import { readSettings } from './queries.ts';
import { getForecast } from './service.ts';

/**
 * Forecast calls (issue 38, migration 0030): a representative's weekly commit and best case for the
 * current quarter, proposed from the deals' categories; the manager's view beside the system's
 * figures, with an adjustment and last quarter's accuracy (docs/metrics.md, "Forecast calls").
 */

interface CallRow {
  user_id: string;
  week: string;
  commit_amount: number | string;
  best_case_amount: number | string;
  note: string;
  submitted_at: string | Date;
  adjusted_commit: number | string | null;
  adjusted_best_case: number | string | null;
}

const toCall = (row: CallRow): ForecastCall => ({
  week: String(row.week).slice(0, 10),
  commit: Number(row.commit_amount),
  bestCase: Number(row.best_case_amount),
  note: row.note,
  submittedAt: new Date(row.submitted_at).toISOString(),
  adjusted:
    row.adjusted_commit === null ? null : { commit: Number(row.adjusted_commit), bestCase: Number(row.adjusted_best_case) },
});

const CALL_COLUMNS = sql.raw(`user_id, to_char(week, 'YYYY-MM-DD') AS week, commit_amount, best_case_amount, note,
  submitted_at, adjusted_commit, adjusted_best_case`);

/** The quarter before `quarter`: accuracy compares its last calls with what was won in it. */
function previousQuarter(quarter: Quarter): { start: string; end: string } {
  const end = new Date(Date.parse(`${quarter.start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { start: quarterStart(end), end };
}

export async function ownCall(db: Db, userId: string, defaultQuota: number, now = new Date()): Promise<OwnForecastCall> {
  const quarter = quarterFor('current', now);
  const week = weekStart(now);
  // The representative's row of the current quarter's forecast (won, commit, best case).
  const forecast = await getForecast(db, 'current', defaultQuota, now);
  const figures = forecast.representatives.find((r) => r.id === userId)?.figures ?? { won: 0, commit: 0, bestCase: 0 };
  const system = { won: figures.won, commit: figures.commit, bestCase: figures.bestCase };
  const history = (
    await selectRows<CallRow>(
      db,
      sql`SELECT ${CALL_COLUMNS} FROM forecast_calls WHERE user_id = ${userId} AND quarter = ${quarter.start}::date ORDER BY week DESC`,
    )
  ).map(toCall);
  return {
    quarter,
    week,
    system,
    proposed: proposedCall(system),
    current: history.find((call) => call.week === week) ?? null,
    history,
  };
}

export async function submitCall(
  db: Db,
  userId: string,
  call: { commit: number; bestCase: number; note: string },
  now = new Date(),
): Promise<void> {
  const quarter = quarterFor('current', now);
  // A second call in a week replaces the first, and any adjustment of it: the manager adjusts what stands.
  await selectRows(
    db,
    sql`INSERT INTO forecast_calls (user_id, quarter, week, commit_amount, best_case_amount, note, submitted_at)
      VALUES (${userId}, ${quarter.start}::date, ${weekStart(now)}::date, ${call.commit}, ${call.bestCase}, ${call.note}, ${now})
      ON CONFLICT (user_id, quarter, week) DO UPDATE SET commit_amount = excluded.commit_amount,
        best_case_amount = excluded.best_case_amount, note = excluded.note, submitted_at = excluded.submitted_at,
        adjusted_commit = NULL, adjusted_best_case = NULL, adjusted_by = NULL, adjusted_at = NULL`,
  );
}

export async function teamCalls(db: Db, defaultQuota: number, now = new Date()): Promise<TeamForecastCalls> {
  const quarter = quarterFor('current', now);
  const week = weekStart(now);
  const previous = previousQuarter(quarter);
  const [forecast, latest, lastPrevious, wonPrevious, zones, settings] = await Promise.all([
    getForecast(db, 'current', defaultQuota, now),
    selectRows<CallRow>(
      db,
      sql`SELECT DISTINCT ON (user_id) ${CALL_COLUMNS} FROM forecast_calls
        WHERE quarter = ${quarter.start}::date ORDER BY user_id, week DESC`,
    ),
    selectRows<CallRow>(
      db,
      sql`SELECT DISTINCT ON (user_id) ${CALL_COLUMNS} FROM forecast_calls
        WHERE quarter = ${previous.start}::date ORDER BY user_id, week DESC`,
    ),
    selectRows<{ owner_key: string; amount: number | string }>(
      db,
      sql`SELECT owner_key, sum(amount_sum)::float8 AS amount FROM won_days
        WHERE day BETWEEN ${previous.start}::date AND ${previous.end}::date GROUP BY owner_key`,
    ),
    // The representatives' own zones, for whether their call is overdue (UTC for those with none).
    selectRows<{ id: string; time_zone: string }>(
      db,
      sql`SELECT id, time_zone FROM users WHERE role = ${ROLES.representative} AND time_zone IS NOT NULL`,
    ),
    readSettings(db),
  ]);
  const zoneOf = new Map(zones.map((z) => [z.id, z.time_zone]));
  const dueDay = settings.forecastCallDueDay;
  const team = {
    submitted: { commit: 0, bestCase: 0 },
    system: { commit: 0, bestCase: 0 },
    adjusted: { commit: 0, bestCase: 0 },
  };
  const add = (to: CallFigures, figures: CallFigures) => {
    to.commit += figures.commit;
    to.bestCase += figures.bestCase;
  };
  const representatives = forecast.representatives
    .filter((r): r is typeof r & { id: string } => r.id !== null)
    .map((r) => {
      const row = latest.find((c) => c.user_id === r.id);
      const submitted = row ? toCall(row) : null;
      const system = proposedCall(r.figures);
      const before = lastPrevious.find((c) => c.user_id === r.id);
      const called = before ? Number(before.adjusted_commit ?? before.commit_amount) : null;
      const won = Number(wonPrevious.find((w) => w.owner_key === r.id)?.amount ?? 0);
      add(team.system, system);
      if (submitted) {
        add(team.submitted, submitted);
        add(team.adjusted, submitted.adjusted ?? submitted);
      }
      const submittedThisWeek = submitted?.week === week;
      // The manager cannot know a representative's browser: their chosen zone, else UTC.
      const timeZone = personTimeZone(zoneOf.get(r.id));
      return {
        id: r.id,
        full_name: r.full_name,
        submitted,
        submittedThisWeek,
        overdue: callReminder({ now, dueDay, timeZone, submitted: submittedThisWeek }).remind,
        system,
        accuracy: called === null ? null : callAccuracy(called, won),
      };
    });
  return { quarter, week, dueDay, representatives, team };
}

export async function adjustCall(db: Db, userId: string, managerId: string, figures: CallFigures, now = new Date()) {
  const quarter = quarterFor('current', now);
  const updated = await selectRows<{ user_id: string }>(
    db,
    sql`UPDATE forecast_calls SET adjusted_commit = ${figures.commit}, adjusted_best_case = ${figures.bestCase},
        adjusted_by = ${managerId}, adjusted_at = ${now}
      WHERE (user_id, quarter, week) = (SELECT user_id, quarter, week FROM forecast_calls
        WHERE user_id = ${userId} AND quarter = ${quarter.start}::date ORDER BY week DESC LIMIT 1)
      RETURNING user_id`,
  );
  if (updated.length === 0) throw new AppError('not_found', 'No forecast call from this representative this quarter');
}

export const forecastCallRoutes: FastifyPluginAsyncZod<{ db: Db; defaultQuarterlyQuota: number }> = async (
  app,
  { db, defaultQuarterlyQuota },
) => {
  const tags = ['insights'];
  app.get(
    '/api/forecast-call',
    {
      config: { access: [ROLES.representative] },
      schema: { tags, summary: "The representative's forecast call this week", response: { 200: ownForecastCallSchema } },
    },
    async (request) => ownCall(db, actorOf(request).userId, defaultQuarterlyQuota),
  );
  app.put(
    '/api/forecast-call',
    {
      config: { access: [ROLES.representative] },
      schema: {
        tags,
        summary: "Submit this week's forecast call (commit, best case, note)",
        body: forecastCallBodySchema,
        response: { 200: ownForecastCallSchema },
      },
    },
    async (request) => {
      const userId = actorOf(request).userId;
      await submitCall(db, userId, request.body);
      return ownCall(db, userId, defaultQuarterlyQuota);
    },
  );
  app.get(
    '/api/forecast-call/reminder',
    {
      config: { access: [ROLES.representative] },
      schema: {
        tags,
        summary: "Whether the representative is reminded of this week's forecast call (due day passed, not submitted)",
        response: { 200: forecastCallReminderSchema },
      },
    },
    async (request) => ownCallReminder(db, actorOf(request).userId, request.headers.cookie),
  );
  app.get(
    '/api/insights/forecast-calls',
    {
      config: { access: [ROLES.manager] },
      schema: { tags, summary: 'Forecast calls per representative and team', response: { 200: teamForecastCallsSchema } },
    },
    async () => teamCalls(db, defaultQuarterlyQuota),
  );
  app.put(
    '/api/insights/forecast-calls/:id',
    {
      config: { access: [ROLES.manager] },
      schema: {
        tags,
        operationId: 'adjustForecastCall',
        summary: "Adjust a representative's latest forecast call",
        params: representativeParamsSchema,
        body: forecastCallAdjustmentSchema,
        response: { 200: teamForecastCallsSchema },
      },
    },
    async (request) => {
      await adjustCall(db, request.params.id, actorOf(request).userId, request.body);
      return teamCalls(db, defaultQuarterlyQuota);
    },
  );
};
