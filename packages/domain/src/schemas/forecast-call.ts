import { z } from 'zod';
import { MAX_QUARTERLY_QUOTA } from '../team-metrics.ts';
import { quarterSchema } from './insights.ts';

const amount = z.number().int().min(0).max(MAX_QUARTERLY_QUOTA);
const figures = z.object({ commit: z.number(), bestCase: z.number() });

/** PUT /api/forecast-call: this week's call for the current quarter. */
export const forecastCallBodySchema = z
  .object({
    commit: amount,
    bestCase: amount,
    note: z.string().trim().max(2000).default(''),
  })
  .refine((call) => call.bestCase >= call.commit, { message: 'Best case must not be below commit', path: ['bestCase'] });

/** PUT /api/insights/forecast-calls/:id: the manager's adjustment of a representative's latest call. */
export const forecastCallAdjustmentSchema = z
  .object({ commit: amount, bestCase: amount })
  .refine((call) => call.bestCase >= call.commit, { message: 'Best case must not be below commit', path: ['bestCase'] });

export const forecastCallSchema = z.object({
  /** Monday (UTC) of the week the call was made in. */
  week: z.string(),
  commit: z.number(),
  bestCase: z.number(),
  note: z.string(),
  submittedAt: z.string(),
  adjusted: figures.nullable(),
});
export type ForecastCall = z.infer<typeof forecastCallSchema>;

/** GET/PUT /api/forecast-call: the representative's view. */
export const ownForecastCallSchema = z.object({
  quarter: quarterSchema,
  week: z.string(),
  system: z.object({ won: z.number(), commit: z.number(), bestCase: z.number() }),
  proposed: figures,
  /** This week's call, if made. */
  current: forecastCallSchema.nullable(),
  /** Every call of the quarter, newest first (one per week). */
  history: z.array(forecastCallSchema),
});
export type OwnForecastCall = z.infer<typeof ownForecastCallSchema>;

/** GET /api/insights/forecast-calls: submitted, system and adjusted figures per representative and team. */
export const teamForecastCallsSchema = z.object({
  quarter: quarterSchema,
  week: z.string(),
  /** The team's due day (ISO weekday, 1 = Monday … 7 = Sunday). */
  dueDay: z.number().int(),
  representatives: z.array(
    z.object({
      id: z.string(),
      full_name: z.string(),
      /** Their latest call of the quarter. */
      submitted: forecastCallSchema.nullable(),
      /** Whether that call is this week's. */
      submittedThisWeek: z.boolean(),
      /** This week's call is not made and its due day has begun in their zone (their setting; UTC without one). */
      overdue: z.boolean(),
      /** What the deals' categories say (proposedCall of the forecast's figures). */
      system: figures,
      /** Last quarter's accuracy (callAccuracy), null without a call then. */
      accuracy: z.number().int().nullable(),
    }),
  ),
  team: z.object({ submitted: figures, system: figures, adjusted: figures }),
});
export type TeamForecastCalls = z.infer<typeof teamForecastCallsSchema>;

/** GET /api/forecast-call/reminder: whether the signed-in representative is reminded of this week's call. */
export const forecastCallReminderSchema = z.object({
  /** Monday (UTC) of the week a call made now belongs to. */
  week: z.string(),
  /** The team's due day (ISO weekday, 1 = Monday … 7 = Sunday). */
  dueDay: z.number().int(),
  /** When this week's call falls due: the start of the due day in `timeZone`. */
  dueAt: z.string(),
  /** The zone the day is read in: the person's setting, else their browser's, else UTC. */
  timeZone: z.string(),
  /** This week's call (for the current quarter) is made. */
  submitted: z.boolean(),
  /** Not submitted, and the due day has begun: show the reminder. */
  remind: z.boolean(),
});
export type ForecastCallReminder = z.infer<typeof forecastCallReminderSchema>;
