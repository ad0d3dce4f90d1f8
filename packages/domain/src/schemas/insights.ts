import { z } from 'zod';
import { COACHING_BOXES } from '../stored-call-evidence.ts';
import { RISK_CODES } from '../deal-risk.ts';
import { DEFAULT_CHAMPION_SILENT_CALLS } from '../committee.ts';
import { FORECAST_CATEGORIES, FORECAST_GROUPS } from '../forecast.ts';
import { STAGES } from '../pipeline-model.ts';

/**
 * The manager's insights (forecast, deals at risk, trends, coaching) and the settings behind them:
 * wire shapes shared by the server and the web app.
 */

export const quarterKeySchema = z.enum(['current', 'next']);

/** A quarter as the API writes it (Quarter of forecast.ts). */
export const quarterSchema = z.object({ start: z.string(), end: z.string(), label: z.string() });

export const forecastFiguresSchema = z.object({
  won: z.number(),
  commit: z.number(),
  bestCase: z.number(),
  pipeline: z.number(),
  weighted: z.number(),
  quota: z.number(),
  gap: z.number(),
});
export type ForecastFiguresWire = z.infer<typeof forecastFiguresSchema>;

export const forecastSchema = z.object({
  quarter: quarterSchema,
  team: forecastFiguresSchema,
  /** Each representative, then the Unassigned group (id null) when it has deals in the quarter. */
  representatives: z.array(z.object({ id: z.string().nullable(), full_name: z.string(), figures: forecastFiguresSchema })),
  /**
   * The team's gap read the other way: the sum of each representative's gap (sumOfShortfalls of
   * quota.ts), where team.gap lets one representative's excess cover another's shortfall.
   */
  shortfall: z.number(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const FORECAST_FIGURES = ['won', 'commit', 'bestCase', 'pipeline', 'weighted'] as const;
export type ForecastFigure = (typeof FORECAST_FIGURES)[number];

/** A representative's id, or "unassigned" for deals without a representative. */
const representativeFilter = z.string().trim().min(1).max(200).optional();

export const forecastQuerySchema = z.object({ quarter: quarterKeySchema.default('current') });

export const forecastDealsQuerySchema = z.object({
  quarter: quarterKeySchema.default('current'),
  figure: z.enum(FORECAST_FIGURES),
  representative: representativeFilter,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type ForecastDealsQuery = z.infer<typeof forecastDealsQuerySchema>;

export const insightDealSchema = z.object({
  id: z.number().int(),
  client_company_name: z.string().nullable(),
  product: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  amount: z.number().nullable(),
  stage: z.enum(STAGES),
  forecast_group: z.enum(FORECAST_GROUPS),
  closing_date: z.string().nullable(),
});
export type InsightDeal = z.infer<typeof insightDealSchema>;

export const forecastDealsSchema = z.object({
  items: z.array(insightDealSchema.extend({ weighted: z.number() })),
  total: z.number().int(),
  /** The figure's value, the sum over every deal listed (all pages). */
  sum: z.number(),
});
export type ForecastDeals = z.infer<typeof forecastDealsSchema>;

export const FORECAST_CHANGE_KINDS = ['added', 'won', 'lost', 'slipped', 'pulled_in', 'moved', 'amount', 'removed'] as const;

const snapshotSideSchema = z.object({
  forecast_group: z.enum(FORECAST_GROUPS),
  amount: z.number().nullable(),
  quarter: z.string().nullable(),
});

export const forecastChangesSchema = z.object({
  /** Monday of the week the comparison starts from, and when its snapshot was taken. */
  week: z.string(),
  since: z.string(),
  counts: z.object(
    Object.fromEntries(FORECAST_CHANGE_KINDS.map((kind) => [kind, z.number().int()])) as Record<
      (typeof FORECAST_CHANGE_KINDS)[number],
      z.ZodNumber
    >,
  ),
  items: z.array(
    z.object({
      kind: z.enum(FORECAST_CHANGE_KINDS),
      deal: insightDealSchema,
      before: snapshotSideSchema.nullable(),
      after: snapshotSideSchema.nullable(),
    }),
  ),
});
export type ForecastChanges = z.infer<typeof forecastChangesSchema>;

export const citedLineSchema = z.object({
  analysisId: z.string(),
  opportunityId: z.number().int(),
  line: z.number().int(),
  text: z.string(),
});

export const riskWarningSchema = z.object({
  code: z.enum(RISK_CODES),
  evidence: z.object({
    date: z.string().optional(),
    days: z.number().int().optional(),
    stage: z.enum(STAGES).optional(),
    callsRead: z.number().int().optional(),
    lines: z.array(citedLineSchema).optional(),
    /** The contacts a committee rule is about (the silent champions). */
    contacts: z.array(z.object({ id: z.number().int(), full_name: z.string() })).optional(),
    /** The calls a committee rule read, newest first. */
    calls: z.array(z.object({ analysisId: z.string(), createdAt: z.string() })).optional(),
  }),
});
export type RiskWarningWire = z.infer<typeof riskWarningSchema>;

export const risksQuerySchema = z.object({
  representative: representativeFilter,
  /** The last deal of the previous page ("amount:id"), for the next one. */
  after: z
    .string()
    .regex(/^-?\d+(?:\.\d+)?:\d+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type RisksQuery = z.infer<typeof risksQuerySchema>;

export const risksPageSchema = z.object({
  items: z.array(z.object({ deal: insightDealSchema, warnings: z.array(riskWarningSchema).min(1) })),
  /** Pass as `after` for more; null at the end. */
  next: z.string().nullable(),
});
export type RisksPage = z.infer<typeof risksPageSchema>;

/** One deal's warnings, and its forecast call (settable while the deal is open). */
export const dealRisksSchema = z.object({
  warnings: z.array(riskWarningSchema),
  open: z.boolean(),
  forecast_category: z.enum(FORECAST_CATEGORIES).nullable(),
  forecast_group: z.enum(FORECAST_GROUPS),
});
export type DealRisks = z.infer<typeof dealRisksSchema>;

const percent = z.number().int().min(0).max(100);

export const insightSettingsSchema = z.object({
  stageProbabilities: z.object(
    Object.fromEntries(STAGES.map((s) => [s, percent])) as Record<(typeof STAGES)[number], typeof percent>,
  ),
  riskThresholds: z.object({
    noActivityDays: z.number().int().min(1).max(365),
    stuckInStageDays: z.number().int().min(1).max(730),
    /** "Champion went silent": no line from the champion in the deal's last N calls (committee.ts). */
    championSilentCalls: z.number().int().min(1).max(10).default(DEFAULT_CHAMPION_SILENT_CALLS),
  }),
  /** The day of the week forecast calls fall due (ISO: 1 = Monday … 7 = Sunday); reminders start then. */
  forecastCallDueDay: z.number().int().min(1).max(7),
});
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

/**
 * PUT /api/insights/settings: the same, the due day optional (left out, it keeps its stored value),
 * so a client written before the setting existed saves its other settings as before.
 */
export const insightSettingsUpdateSchema = insightSettingsSchema.partial({ forecastCallDueDay: true });
export type InsightSettingsUpdate = z.infer<typeof insightSettingsUpdateSchema>;

export const trendsQuerySchema = z.object({ representative: representativeFilter });

export const trendPointSchema = z.object({
  week: z.string(),
  pipelineCreated: z.number(),
  wonAmount: z.number(),
  /** Won ÷ closed in the week, percent; null without a closed deal. */
  winRate: z.number().int().nullable(),
  /** Days from record to closing over deals closed in the week; null without one. */
  averageCycle: z.number().int().nullable(),
  technicalScore: z.number().nullable(),
  commercialScore: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const trendsSchema = z.object({ points: z.array(trendPointSchema) });
export type Trends = z.infer<typeof trendsSchema>;

const callRefSchema = z.object({
  analysisId: z.string(),
  opportunityId: z.number().int(),
  client_company_name: z.string().nullable(),
  createdAt: z.string(),
});

export const coachingSchema = z.object({
  calls: z.array(callRefSchema.extend({ technicalScore: z.number().nullable(), commercialScore: z.number().nullable() })),
  /** Qualification boxes by how many of these calls left them empty, most first. */
  emptyBoxes: z.array(z.object({ box: z.enum(COACHING_BOXES), count: z.number().int(), calls: z.array(callRefSchema) })),
});
export type Coaching = z.infer<typeof coachingSchema>;

export const forecastCategoryBodySchema = z.object({
  /** null returns the deal to the category its stage gives. */
  category: z.enum(FORECAST_CATEGORIES).nullable(),
});

export const forecastCategorySchema = z.object({
  forecast_category: z.enum(FORECAST_CATEGORIES).nullable(),
  forecast_group: z.enum(FORECAST_GROUPS),
});
