import { z } from 'zod';
import { fieldsWith, type FieldsWith } from './opportunity-fields.ts';
import { PIPELINE_STATUSES, STAGES } from './pipeline-model.ts';

/**
 * What a list may be sorted by (a whitelist: the value goes into ORDER BY): the sortable fields
 * (opportunity-fields.ts), then `live`: open deals first by next meeting, then the won and lost
 * ones (the lists' default).
 */
export const OPPORTUNITY_SORT_FIELDS: ReadonlyArray<FieldsWith<'sortable'> | 'live'> = [...fieldsWith('sortable'), 'live'];
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];

const sortValues = OPPORTUNITY_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);

/** "All" or empty means no filter. */
const filterText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v && v.toLowerCase() !== 'all' ? v : undefined));

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, 'must be a real date')
  .optional();

/** An amount bound in dollars; empty means none. */
const amountBound = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().finite().min(0).max(1_000_000_000_000).optional(),
);

/**
 * The opportunities' filters (no page, size or sort), shared by every view of them (the list, its
 * CSV export, the pipeline board), so a filtered URL means the same rows wherever it is opened.
 */
export const opportunityFilterFields = {
  q: filterText,
  product: filterText,
  /** A pipeline status (On-going, Closed-Win, Closed-Lost), a stage, or a raw status as written. */
  status: filterText,
  /** A canonical stage. */
  stage: z.enum(STAGES).optional(),
  lead_status: filterText,
  client_company_name: filterText,
  /**
   * The representative (a user id, or "unassigned"). A representative's own scope still applies,
   * so from one of them any other id finds nothing.
   */
  owner_id: z.string().trim().min(1).max(200).optional(),
  amount_min: amountBound,
  amount_max: amountBound,
  /** Range on next_meeting_date, inclusive days. */
  from: isoDay,
  to: isoDay,
  /** Range on closing_date, inclusive days. */
  closing_from: isoDay,
  closing_to: isoDay,
};

type Ranges = {
  from?: string;
  to?: string;
  closing_from?: string;
  closing_to?: string;
  amount_min?: number;
  amount_max?: number;
};

/** Each range's start after its end is refused, naming the start's field. */
export const withOrderedRanges = <T extends z.ZodType<Ranges>>(schema: T) =>
  schema
    .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to', path: ['from'] })
    .refine((v) => !v.closing_from || !v.closing_to || v.closing_from <= v.closing_to, {
      message: 'closing_from must not be after closing_to',
      path: ['closing_from'],
    })
    .refine((v) => v.amount_min === undefined || v.amount_max === undefined || v.amount_min <= v.amount_max, {
      message: 'amount_min must not be above amount_max',
      path: ['amount_min'],
    });

const sortShape = { sort: z.enum(sortValues as unknown as [string, ...string[]]).default('live') };

/** The export's query: the list's filters and order, without paging. */
export const opportunityExportQuerySchema = withOrderedRanges(z.object({ ...opportunityFilterFields, ...sortShape }));
export type OpportunityFiltersQuery = z.infer<typeof opportunityExportQuerySchema>;

export const opportunityListQuerySchema = withOrderedRanges(
  z.object({
    ...opportunityFilterFields,
    ...sortShape,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  }),
);
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;

export function parseSort(sort: string): { field: OpportunitySortField; descending: boolean } {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as OpportunitySortField, descending };
}

export const opportunityFacetsSchema = z.object({
  products: z.array(z.string()),
  statuses: z.array(z.string()),
  lead_statuses: z.array(z.string()),
  industries: z.array(z.string()),
});
export type OpportunityFacets = z.infer<typeof opportunityFacetsSchema>;

export const pipelineQuerySchema = z.object({
  /** The calendar's month, YYYY-MM; the current month when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
    .optional(),
});

const meetingSchema = z.object({
  id: z.number().int(),
  client_company_name: z.string().nullable(),
  client_name: z.string().nullable(),
  product: z.string().nullable(),
  lead_status: z.string().nullable(),
  next_meeting_date: z.string(),
});

export const pipelineSummarySchema = z.object({
  totals: z.array(z.object({ status: z.enum(PIPELINE_STATUSES), amount: z.number(), count: z.number().int() })),
  openCount: z.number().int(),
  followUpCount: z.number().int(),
  companyCount: z.number().int(),
  companiesThisMonth: z.number().int(),
  upcomingMeetings: z.array(meetingSchema),
  calendar: z.object({
    month: z.string(),
    days: z.array(z.object({ date: z.string(), lead_status: z.string().nullable(), count: z.number().int() })),
  }),
});
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;
export type UpcomingMeeting = z.infer<typeof meetingSchema>;

export const companyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  q: filterText,
  industry: filterText,
  product: filterText,
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const DEFAULT_INDUSTRY = 'Technology';

export const companySchema = z.object({
  name: z.string(),
  /** Its account (issue 36): the account page of My Companies. */
  account_id: z.number().int().nullable(),
  industry: z.string(),
  clients: z.array(z.string()),
  recent_products: z.array(z.string()),
  lead_statuses: z.array(z.string()),
  total_value: z.number(),
  next_meeting_date: z.string().nullable(),
  opportunity_count: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** Win rate: share of closed-won among closed deals, rounded percent; null when none is closed. */
export function winRatePercent(won: number, lost: number): number | null {
  const closed = won + lost;
  return closed ? Math.round((won / closed) * 100) : null;
}

/** First day of the month (UTC) and of the next one, for a YYYY-MM string. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}
