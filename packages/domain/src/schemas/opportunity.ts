import { z } from 'zod';
import { CHANGE_SOURCES } from '../deal-history.ts';
import { OUTCOMES, PIPELINE_STATUSES, STAGES } from '../pipeline-model.ts';

/** An opportunity on the wire: the specification's field names (secured_call_insight) plus ownership. */
export const opportunitySchema = z.object({
  id: z.number().int(),
  owner_id: z.string().nullable(),
  account_manager: z.string().nullable(),
  product: z.string().nullable(),
  /** The status text as it was received. */
  status: z.string().nullable(),
  /** The canonical stage, decided from the status when the row was written (resolvePipeline). */
  stage: z.enum(STAGES),
  /** open / won / lost: what every figure counts. */
  outcome: z.enum(OUTCOMES),
  /** The outcome as the spec's pipeline group (normaliseStatus of the status). */
  pipeline_status: z.enum(PIPELINE_STATUSES),
  lead_status: z.string().nullable(),
  amount: z.number().nullable(),
  client_company_name: z.string().nullable(),
  client_name: z.string().nullable(),
  next_meeting_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  company_industry: z.string().nullable(),
  company_size: z.string().nullable(),
  domain_website: z.string().nullable(),
  company_summary: z.string().nullable(),
  record_date: z.string(),
  technical_scoring: z.number().nullable(),
  commercial_scoring: z.number().nullable(),
  technical_answers: z.string().nullable(),
  commercial_answers: z.string().nullable(),
  technical_feedback: z.string().nullable(),
  commercial_feedback: z.string().nullable(),
  technical_attached_file: z.string().nullable(),
  created_at: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** The largest id a PostgreSQL integer column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A deal's id as a path segment or a form field: decimal digits, as the API writes it. Number() also
 * reads `0x10`, `0o20`, `1.6e1`, `+16`, ` 16` and `016` as 16; an id has one spelling, every other is
 * a 400. The document shows it as the integer it is (the digits pattern is this schema's business).
 */
export const opportunityIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a deal id: a positive whole number in decimal digits')
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID, 'Expected a deal id: a positive whole number in decimal digits'))
  .meta({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID, pattern: undefined });

export const opportunityIdParamsSchema = z.object({ id: opportunityIdSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** A row of a list: what the tables show, without the long call-analysis texts. */
export const opportunityListItemSchema = opportunitySchema.pick({
  id: true,
  owner_id: true,
  account_manager: true,
  product: true,
  status: true,
  stage: true,
  outcome: true,
  pipeline_status: true,
  lead_status: true,
  amount: true,
  client_company_name: true,
  client_name: true,
  next_meeting_date: true,
  closing_date: true,
  record_date: true,
});
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;

/**
 * The detail: the opportunity, what editing it needs, and its owner's win rate (closed-won ÷ closed,
 * rounded; null when none is closed). PATCH answers the same shape.
 */
export const opportunityDetailSchema = opportunitySchema.extend({
  owner_win_rate: z.number().nullable(),
  /** Bumped by every change: an edit names the version it saw (stale → 409). */
  version: z.number().int(),
  notes: z.string().nullable(),
  close_reason: z.string().nullable(),
  stage_changed_at: z.string(),
  last_activity_at: z.string(),
  /** field → who last wrote it: a machine never replaces a person's value, it suggests. */
  field_sources: z.record(z.string(), z.enum(CHANGE_SOURCES)),
});
export type OpportunityDetail = z.infer<typeof opportunityDetailSchema>;
