import { z } from 'zod';
import { isCurrencyCode } from '../currency.ts';
import {
  fieldsWith,
  OPPORTUNITY_FIELDS,
  type FieldDeclaration,
  type FieldsWith,
  type IngestValue,
} from '../opportunity-fields.ts';
import { attendeesSchema } from './contacts-ingest.ts';
import { opportunityIdSchema } from './opportunity.ts';
import { MAX_DEAL_AMOUNT } from './opportunity-edit.ts';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';

/**
 * The call-analysis contract of issue 10 (docs/decisions/008): what a transcript analysis
 * produces, whichever provider wrote it, and the HTTP payloads around it. Shared by the
 * server (validates provider output and API input) and the web app (renders it).
 */

/** A name (company, product, representative, key): trimmed, one line, at most `max` characters. */
const singleLine = (max: number) => z.string().trim().max(max).refine(isSingleLine, INVALID_CHARACTERS);

export const transcriptLanguageSchema = z.enum(['en', 'fr']);
export type TranscriptLanguage = z.infer<typeof transcriptLanguageSchema>;

/** Transcript lines a point comes from: 1-based numbers into the transcript's lines. */
export const citationSchema = z.array(z.number().int().min(1)).max(50);

/**
 * Words of the cited lines the point stands on, as said: the evidence check (call-evidence.ts)
 * verifies they occur in those lines. Optional, so analyses stored before it still read.
 */
const quoteSchema = z.string().max(1000).optional();

export const technicalRequirementSchema = z.object({
  question: z.string().min(1).max(2000),
  response: z.string().min(1).max(4000),
  lines: citationSchema,
  quote: quoteSchema,
});

export const citedPointSchema = z.object({
  text: z.string().min(1).max(2000),
  lines: citationSchema,
  quote: quoteSchema,
});

export const speakerRoleSchema = z.enum(['rep', 'prospect']);
/** Which rule decided a speaker's role, strongest first (docs/decisions/019). */
export const roleRuleSchema = z.enum(['person', 'label', 'name', 'team', 'metadata', 'introduction', 'wording']);

/** Speaker name → role, as a person or an integration gives them. */
export const speakerRolesSchema = z
  .record(z.string().trim().min(1).max(200), speakerRoleSchema)
  .refine((roles) => Object.keys(roles).length <= 50, { message: 'at most 50 speakers' });

export const speakerDecisionSchema = z.object({
  speaker: z.string().min(1).max(200),
  role: speakerRoleSchema,
  rule: roleRuleSchema,
});

/** A question the prospect asked, with the representative's answer or null when none was given. */
export const prospectQuestionSchema = z.object({
  text: z.string().min(1).max(2000),
  lines: citationSchema,
  quote: quoteSchema,
  answer: z.string().min(1).max(4000).nullable(),
  answerLines: citationSchema,
});

export const nextStepSchema = citedPointSchema.extend({
  /** When it is due, if the call said (ISO date-time). */
  due: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** A qualification box: ticked only with at least one cited line. */
export const qualificationBoxSchema = z
  .object({ ticked: z.boolean(), text: z.string().max(2000).nullable(), lines: citationSchema, quote: quoteSchema })
  .refine((box) => !box.ticked || box.lines.length > 0, { message: 'a ticked box cites a line' });

/** MEDDICC's boxes, then budget and timeline. */
export const QUALIFICATION_BOXES = [
  'metrics',
  'economicBuyer',
  'decisionCriteria',
  'decisionProcess',
  'paperProcess',
  'identifyPain',
  'champion',
  'competition',
  'budget',
  'timeline',
] as const;
export type QualificationBox = (typeof QUALIFICATION_BOXES)[number];

/** BANT's boxes stored by earlier analyses, under their MEDDICC names. */
export const LEGACY_QUALIFICATION_BOXES = { authority: 'economicBuyer', need: 'identifyPain' } as const;

/** A stored qualification read with today's boxes: old names renamed, boxes it lacks empty. */
export function migrateQualification(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const given: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [old, now] of Object.entries(LEGACY_QUALIFICATION_BOXES)) {
    if (old in given) {
      if (!(now in given)) given[now] = given[old];
      delete given[old];
    }
  }
  for (const box of QUALIFICATION_BOXES) given[box] ??= { ticked: false, text: null, lines: [] };
  return given;
}

/** A stored analysis with its qualification migrated (migrateQualification). */
export function migrateStoredAnalysis(result: unknown): unknown {
  if (!result || typeof result !== 'object' || Array.isArray(result) || !('qualification' in result)) return result;
  const stored = result as Record<string, unknown>;
  return { ...stored, qualification: migrateQualification(stored.qualification) };
}

export const qualificationSchema = z.object(
  Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, qualificationBoxSchema])) as Record<
    QualificationBox,
    typeof qualificationBoxSchema
  >,
);

export const scoreSchema = z.object({
  /** 0–10, the scale of technical_scoring / commercial_scoring. */
  score: z.number().min(0).max(10),
  reasons: z.array(citedPointSchema).max(20),
});

/** The roles a call can suggest: those a person says of themselves or of a colleague. */
export const SUGGESTED_ROLES = [
  'economic_buyer',
  'champion',
  'decision_maker',
  'technical_evaluator',
  'legal_procurement',
  'blocker',
  'user',
] as const;
export type SuggestedRole = (typeof SUGGESTED_ROLES)[number];

export const committeeRoleSuggestionSchema = z.object({
  /** The transcript's speaker the role is about, when that person speaks in the call. */
  speaker: z.string().min(1).max(200).nullable(),
  /** The name the call gives the person ("Priya"), when it says one. */
  name: z.string().min(1).max(200).nullable(),
  role: z.enum(SUGGESTED_ROLES),
  lines: citationSchema.min(1),
  /** The words of the cited line the suggestion stands on, copied exactly. */
  quote: z.string().min(1).max(1000),
});
export type CommitteeRoleSuggestion = z.infer<typeof committeeRoleSuggestionSchema>;

/** Lead statuses an analysis may suggest (the words the workspaces' colour rules know). */
export const suggestedLeadStatusSchema = z.enum(['Hot', 'Warm', 'Cold', 'Qualified', 'Unqualified', 'Contacted', 'New']);

export const callAnalysisSchema = z.object({
  language: transcriptLanguageSchema,
  /** True for the offline analyzer: the UI says it is a quick, keyword-based analysis. */
  quick: z.boolean(),
  technicalRequirements: z.array(technicalRequirementSchema).max(100),
  commercialPoints: z.array(citedPointSchema).max(100),
  technicalScore: scoreSchema,
  commercialScore: scoreSchema,
  /** Coaching for the representative. */
  feedback: z.object({ technical: z.string().max(4000), commercial: z.string().max(4000) }),
  nextSteps: z.array(nextStepSchema).max(50),
  suggestedLeadStatus: z.object({ value: suggestedLeadStatusSchema, lines: citationSchema }).nullable(),
  /** ISO 8601 date-time when the call names the next meeting. */
  nextMeeting: z.object({ date: z.iso.datetime({ offset: true }), lines: citationSchema }).nullable(),
  // Added by issue 20; optional so analyses stored before still validate.
  /** Each speaker's role and the rule that decided it. */
  speakers: z.array(speakerDecisionSchema).max(50).optional(),
  /** The representative's share of the talk: by words, and by time where the transcript has timestamps. */
  talk: z.object({ repWords: z.number().min(0).max(100), repTime: z.number().min(0).max(100).nullable() }).optional(),
  /** "missing": the transcript names no speaker (subtitles without names), so no talk share and roles guessed per line (issue 34). */
  speakerNames: z.literal('missing').optional(),
  /** Every question the prospect asked, answered or not. */
  questions: z.array(prospectQuestionSchema).max(100).optional(),
  qualification: qualificationSchema.optional(),
  /** Buying roles the call suggests for the buyer's people, each with its cited line (issue 36): offered, never set. */
  committeeRoles: z.array(committeeRoleSuggestionSchema).max(50).optional(),
  /** Citations checked against the transcript; the points whose evidence did not check out were dropped. */
  citations: z.object({ checked: z.number().int().min(0), dropped: z.number().int().min(0) }).optional(),
});
export type CallAnalysis = z.infer<typeof callAnalysisSchema>;

// --- jobs ---

export const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);

export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.literal('transcript_analysis'),
  status: jobStatusSchema,
  progress: z.number().int().min(0).max(100),
  /** Set once the opportunity exists (at once for an existing one, on success for a new one). */
  opportunityId: z.number().int().nullable(),
  /** The deal as its owner names it ("company — product", dealName); null when not known or no longer theirs. */
  opportunityName: z.string().nullable(),
  /** The call_analyses row written on success. */
  analysisId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid() });

// --- rep: analyze a call ---

/** A new opportunity created with the analysis (instead of an existing opportunityId). */
export const newOpportunityFieldsSchema = z.object({
  client_company_name: singleLine(200).min(1),
  product: singleLine(200).min(1),
  amount: z.coerce.number().min(0).max(1_000_000_000_000).optional(),
});

/**
 * When the call took place: a day ("2026-11-18", the start of that day in the representative's
 * zone) or a date-time ("2026-11-18T15:00:00-05:00"; without an offset, a wall time in that zone).
 * Relative dates said in the call ("next Tuesday") are read from it. A date the transcript's own
 * header states wins over it.
 */
export const callDateSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/,
    'A date (YYYY-MM-DD) or an ISO date-time',
  )
  .refine((value) => {
    const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value.slice(0, 10) && value >= '2000';
  }, 'Not a calendar date');

/**
 * POST /api/call-analyses (rep). Multipart: a `transcript` file (.txt, .vtt, .srt, .docx; 2 MB)
 * or a `text` field, plus these fields. Exactly one of opportunityId and the new-opportunity fields.
 */
export const callAnalysisRequestFieldsSchema = z.object({
  language: transcriptLanguageSchema,
  opportunityId: opportunityIdSchema.optional(),
  client_company_name: singleLine(200).min(1).optional(),
  product: singleLine(200).min(1).optional(),
  amount: z.coerce.number().min(0).max(1_000_000_000_000).optional(),
  text: z
    .string()
    .max(2 * 1024 * 1024)
    .optional(),
  /**
   * Re-run an analysis of this opportunity on the same transcript (no file or text then), e.g.
   * with the speakers' roles swapped.
   */
  fromAnalysisId: z.uuid().optional(),
  /** When the call took place (callDateSchema; the form sends today by default). */
  call_date: callDateSchema.optional(),
  /** JSON object speaker name → "rep" | "prospect": the roles a person chose; they win over every rule. */
  speakerRoles: z
    .string()
    .max(20_000)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'speakerRoles must be a JSON object' });
        return z.NEVER;
      }
      const checked = speakerRolesSchema.safeParse(parsed);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: 'speakerRoles maps speaker names to "rep" or "prospect"' });
        return z.NEVER;
      }
      return checked.data;
    }),
});

/** A row of an opportunity's analysis history. */
export const callAnalysisSummarySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** The user who ran it, or null when an integration (API key) sent it. */
  createdBy: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  apiKeyName: z.string().nullable(),
  provider: z.string(),
  model: z.string().nullable(),
  language: transcriptLanguageSchema,
  transcriptName: z.string().nullable(),
});

/** GET /api/opportunities/:id/call-analyses: history (newest first) and the latest in full. */
export const callAnalysisHistorySchema = z.object({
  items: z.array(callAnalysisSummarySchema),
  latest: callAnalysisSummarySchema
    .extend({
      result: callAnalysisSchema,
      /** Only the cited lines, by line number ("12": "Prospect: do you support SSO?"). */
      citedLines: z.record(z.string(), z.string()),
      lineCount: z.number().int().nullable(),
    })
    .nullable(),
});
export type CallAnalysisHistory = z.infer<typeof callAnalysisHistorySchema>;

// --- managers: API keys ---

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const createApiKeyBodySchema = z.object({ name: singleLine(100).min(1) });
/** The full key appears in this answer only. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

// --- ingest API v1 ---

/**
 * The representative's e-mail, when the sender knows it: matched before the name, because a name
 * can be shared or mistyped and an e-mail designates one account.
 */
const accountManagerEmailSchema = z.email().max(254).optional();

/** What an integration may send for a field of this kind (opportunity-fields.ts: `ingested`). */
export function ingestSchemaOf(key: string, field: FieldDeclaration): z.ZodType {
  const required = !!field.ingested?.required;
  switch (field.kind) {
    case 'text':
    case 'longText': {
      const text = field.oneLine ? singleLine(field.max!) : z.string().trim().max(field.max!);
      return required ? text.min(1) : text.optional();
    }
    default: {
      const value =
        field.kind === 'money'
          ? z.number().min(0).max(MAX_DEAL_AMOUNT)
          : field.kind === 'date'
            ? z.iso.date()
            : field.kind === 'datetime'
              ? z.iso.datetime({ offset: true })
              : field.kind === 'choice'
                ? z.enum(field.options!)
                : field.kind === 'currency'
                  ? z.string().refine(isCurrencyCode, 'must be an ISO 4217 currency code: three upper-case letters')
                  : undefined;
      if (!value) throw new Error(`${key}: a field of kind ${field.kind} is not ingested`);
      return required ? value : value.optional();
    }
  }
}

type Declared = typeof OPPORTUNITY_FIELDS;
type IngestedField = FieldsWith<'ingested'>;

const { account_manager, ...ingestedFields } = Object.fromEntries(
  fieldsWith('ingested').map((key) => [key, ingestSchemaOf(key, OPPORTUNITY_FIELDS[key])]),
) as {
  [K in IngestedField]: Declared[K] extends { ingested: { required: true } }
    ? z.ZodType<IngestValue<Declared[K]>, IngestValue<Declared[K]>>
    : z.ZodOptional<z.ZodType<IngestValue<Declared[K]>, IngestValue<Declared[K]>>>;
};

/** POST /api/v1/call-insights: upsert by external_id (same request twice changes nothing). */
export const callInsightBodySchema = z.object({
  external_id: z.string().trim().min(1).max(200),
  account_manager,
  account_manager_email: accountManagerEmailSchema,
  ...ingestedFields,
  analysis: callAnalysisSchema.optional(),
});

/** POST /api/v1/transcripts: queue an analysis; answers 202 with the job. */
export const transcriptIngestBodySchema = z.object({
  external_id: z.string().trim().min(1).max(200),
  /** Needed when external_id is new: the opportunity is created with them. */
  account_manager: singleLine(200).min(1).optional(),
  account_manager_email: accountManagerEmailSchema,
  client_company_name: singleLine(200).min(1).optional(),
  product: singleLine(200).optional(),
  language: transcriptLanguageSchema,
  transcript: z
    .string()
    .min(1)
    .max(2 * 1024 * 1024),
  transcript_name: z.string().trim().max(200).optional(),
  /** The meeting tool's own knowledge of who is who (speaker name → "rep" | "prospect"). */
  speakers: speakerRolesSchema.optional(),
  /**
   * Who attended, as the meeting tool lists them (name, e-mail when known): a speaker with an
   * attendee's name is matched by that e-mail first, and an attendee with an e-mail who is no member
   * of the workspace becomes a contact of the deal's account.
   */
  attendees: attendeesSchema.optional(),
  /** When the call took place (callDateSchema); the time of the request when absent. */
  callDate: callDateSchema.optional(),
});
