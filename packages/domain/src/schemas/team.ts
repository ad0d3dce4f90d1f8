import { z } from 'zod';
import { MAX_QUARTERLY_QUOTA, REPRESENTATIVE_SORTS } from '../team-metrics.ts';
import { CHANGE_SOURCES } from '../deal-history.ts';
import { OUTCOMES, PIPELINE_STATUSES, STAGES } from '../pipeline-model.ts';
import { singleLineName } from './text.ts';

/**
 * The manager workspace's wire shapes (GET /api/team, /api/team/representatives,
 * /api/team/representatives/:id, PUT …/quota). Kept apart from the metric rules so the web app
 * can import those without bundling zod.
 */

export const teamMemberSchema = z.object({
  /** The representative's user id; null for the Unassigned group. */
  id: z.string().nullable(),
  full_name: z.string(),
  email: z.string().nullable(),
  location: z.string(),
  /** Pipeline, all deals: the amounts of every deal, open, won and lost (docs/metrics.md). */
  totalSales: z.number(),
  /** Won revenue: the amounts of the won deals, whatever their closing date. */
  wonAmount: z.number(),
  totalDeals: z.number().int(),
  conversionRate: z.number().int(),
  techScore: z.number().nullable(),
  commScore: z.number().nullable(),
  winRate: z.number().int().nullable(),
  /** 'closed-deals' from rep_win_rate, 'scores' from the fallback, null when neither exists. */
  winRateSource: z.enum(['closed-deals', 'scores']).nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamPipelineEntrySchema = z.object({
  id: z.string().nullable(),
  full_name: z.string(),
  onGoing: z.number(),
  closedWin: z.number(),
  closedLost: z.number(),
});
export type TeamPipelineEntry = z.infer<typeof teamPipelineEntrySchema>;

export const teamLeaderSchema = z.object({ id: z.string(), full_name: z.string(), score: z.number() });

export const teamOverviewSchema = z.object({
  representativesCount: z.number().int(),
  opportunitiesCount: z.number().int(),
  totalAmount: z.number(),
  technicalLeader: teamLeaderSchema.nullable(),
  commercialLeader: teamLeaderSchema.nullable(),
  pipeline: z.array(teamPipelineEntrySchema),
  representatives: z.array(teamMemberSchema),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const representativesQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(REPRESENTATIVE_SORTS).default('full_name'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type RepresentativesQuery = z.infer<typeof representativesQuerySchema>;

export const representativesPageSchema = z.object({
  items: z.array(teamMemberSchema),
  /** Rows matching the search, the Unassigned group included (what the pages are counted on). */
  total: z.number().int(),
  /** The representatives among them, without the Unassigned group: the dashboard's count, unsearched. */
  representatives: z.number().int(),
});
export type RepresentativesPage = z.infer<typeof representativesPageSchema>;

export const recentOpportunitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product: z.string().nullable(),
  amount: z.number().nullable(),
  status: z.string().nullable(),
  stage: z.enum(STAGES),
  outcome: z.enum(OUTCOMES),
  pipeline_status: z.enum(PIPELINE_STATUSES),
  lead_status: z.string().nullable(),
  technical_scoring: z.number().nullable(),
  commercial_scoring: z.number().nullable(),
  record_date: z.string(),
});
export type RecentOpportunity = z.infer<typeof recentOpportunitySchema>;

/** A change to one of the representative's deals, from the deal's history. */
export const recentActivitySchema = z.object({
  /** The change's id; the deal is opportunity_id. */
  id: z.number().int(),
  opportunity_id: z.number().int(),
  type: z.literal('change'),
  date: z.string(),
  source: z.enum(CHANGE_SOURCES),
  /** A field name, or an event of the deal (created, deleted, restored, suggestion_dismissed). */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  actor_name: z.string().nullable(),
  client_name: z.string().nullable(),
  client_company_name: z.string().nullable(),
  product: z.string().nullable(),
  lead_status: z.string().nullable(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

export const representativeDetailSchema = z.object({
  representative: teamMemberSchema,
  metrics: z.object({
    quotaAttainment: z.number().int(),
    quarterlyQuota: z.number().int(),
    quotaIsDefault: z.boolean(),
    wonThisQuarter: z.number(),
    commitThisQuarter: z.number(),
    gapToQuota: z.number(),
    winRate: z.number().int().nullable(),
    winRateSource: z.enum(['closed-deals', 'scores']).nullable(),
    avgDealSize: z.number(),
    salesCycle: z.number().int(),
    salesCycleIsDefault: z.boolean(),
  }),
  recentOpportunities: z.array(recentOpportunitySchema),
  recentActivities: z.array(recentActivitySchema),
});
export type RepresentativeDetail = z.infer<typeof representativeDetailSchema>;

export const representativeParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const quotaUpdateSchema = z.object({
  quarterlyQuota: z.number().int().positive().max(MAX_QUARTERLY_QUOTA),
});
export type QuotaUpdate = z.infer<typeof quotaUpdateSchema>;

/**
 * GET/PUT /api/team/representatives/:id/account-manager-names: the names incoming deals are matched
 * on. Only a manager sets them, so a representative's own rename never moves a deal.
 */
export const accountManagerNamesSchema = z.object({
  account_manager_name: singleLineName(200),
  account_manager_aliases: z.array(singleLineName(200)).max(20),
});
export type AccountManagerNames = z.infer<typeof accountManagerNamesSchema>;
/** The names as stored: '' until a manager sets one (an invitation may leave it unset). */
export const storedAccountManagerNamesSchema = accountManagerNamesSchema.extend({ account_manager_name: z.string() });
