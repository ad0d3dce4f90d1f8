import { z } from 'zod';
import { CHANGE_SOURCES } from '../deal-history.ts';
import { isCurrencyCode } from '../currency.ts';
import { fieldsWith, OPPORTUNITY_FIELDS, type EditValue, type FieldDeclaration, type FieldsWith } from '../opportunity-fields.ts';
import { STAGES } from '../pipeline-model.ts';
import { opportunityDetailSchema } from './opportunity.ts';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';

/**
 * Creating and editing a deal: one schema per request, used by the web forms and by the server,
 * which validates everything again. Messages are translation keys under opportunities:validation.
 */
export const DEAL_VALIDATION = {
  required: 'required',
  tooLong: 'too_long',
  invalidAmount: 'invalid_amount',
  invalidDate: 'invalid_date',
  closingDateRequired: 'closing_date_required',
  stageMismatch: 'stage_mismatch',
  nothingToChange: 'nothing_to_change',
  invalidCharacters: INVALID_CHARACTERS,
  invalidCurrency: 'invalid_currency',
} as const;

/** The largest amount numeric(14,2) holds. */
export const MAX_DEAL_AMOUNT = 999_999_999_999.99;

const requiredText = (max: number) =>
  z.string({ error: DEAL_VALIDATION.required }).trim().min(1, DEAL_VALIDATION.required).max(max, DEAL_VALIDATION.tooLong);

const amount = z
  .number({ error: DEAL_VALIDATION.invalidAmount })
  .finite(DEAL_VALIDATION.invalidAmount)
  .min(0, DEAL_VALIDATION.invalidAmount)
  .max(MAX_DEAL_AMOUNT, DEAL_VALIDATION.invalidAmount)
  .transform((v) => Math.round(v * 100) / 100)
  .nullable();

const closingDate = z.iso.date({ error: DEAL_VALIDATION.invalidDate }).nullable();

/** What a person may write in a field of this kind (opportunity-fields.ts); messages are DEAL_VALIDATION's codes. */
export function editSchemaOf(key: string, field: FieldDeclaration): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'longText': {
      const max = field.max!;
      const text = field.editable?.filled ? requiredText(max) : z.string().trim().max(max, DEAL_VALIDATION.tooLong);
      const checked = field.oneLine ? text.refine(isSingleLine, DEAL_VALIDATION.invalidCharacters) : text;
      // Optional text: empty means none (null).
      return field.editable?.filled ? checked : checked.nullish().transform((v) => (v ? v : null));
    }
    case 'money':
      return amount;
    case 'choice':
      return z.enum(field.options!);
    case 'date':
      return closingDate;
    case 'datetime':
      return z.iso.datetime({ offset: true, error: DEAL_VALIDATION.invalidDate }).nullable();
    case 'owner':
      return z.string().trim().min(1, DEAL_VALIDATION.required).max(field.max!);
    case 'currency':
      return z.string({ error: DEAL_VALIDATION.invalidCurrency }).refine(isCurrencyCode, DEAL_VALIDATION.invalidCurrency);
    default:
      throw new Error(`${key}: a field of kind ${field.kind} is not set by people`);
  }
}

type Declared = typeof OPPORTUNITY_FIELDS;
type EditableKey = FieldsWith<'editable'>;

/** Every field a person may set on a deal (opportunity-fields.ts: `editable`), with its rule. */
export const dealFieldSchemas = Object.fromEntries(
  fieldsWith('editable').map((key) => [key, editSchemaOf(key, OPPORTUNITY_FIELDS[key])]),
) as { [K in EditableKey]: z.ZodType<EditValue<Declared[K]>, EditValue<Declared[K]>> };

/** The fields a person edits (their history is recorded one by one). */
export const EDITABLE_FIELDS = fieldsWith('editable');
export type EditableField = EditableKey;

const dealFields = z.strictObject(dealFieldSchemas);

type OnCreate<When> = { [K in EditableKey]: Declared[K] extends { editable: { create: When } } ? K : never }[EditableKey];

/** The editable fields whose `create` is `when`, as the `true` map omit and required take. */
const onCreate = <When extends 'never' | 'required'>(when: When) =>
  Object.fromEntries(
    EDITABLE_FIELDS.filter((key) => (OPPORTUNITY_FIELDS[key] as FieldDeclaration).editable?.create === when).map((key) => [
      key,
      true as const,
    ]),
  ) as Record<OnCreate<When>, true>;

/**
 * POST /api/opportunities. A representative's deal is theirs; a manager names its owner. The status
 * text follows the stage. Unknown fields are refused rather than ignored, so a typo never reads as saved.
 */
export const createOpportunitySchema = dealFields.omit(onCreate('never')).partial().required(onCreate('required'));
export type CreateOpportunityInput = z.input<typeof createOpportunitySchema>;
export type CreateOpportunity = z.output<typeof createOpportunitySchema>;

/** PATCH /api/opportunities/:id: the version the client last saw and only the fields that change. */
export const opportunityPatchSchema = dealFields
  .partial()
  .extend({ version: z.number({ error: DEAL_VALIDATION.required }).int().min(1) })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'version'), {
    message: DEAL_VALIDATION.nothingToChange,
  });
export type OpportunityPatchInput = z.input<typeof opportunityPatchSchema>;
export type OpportunityPatch = z.output<typeof opportunityPatchSchema>;

/** 409 on a stale version: the current row, for the "changed since you opened it" dialog. */
export const conflictSchema = z.object({
  error: z.object({ code: z.literal('conflict'), message: z.string() }),
  current: z.unknown(),
});

/** One entry of a deal's history (GET /api/opportunities/:id/history). */
export const opportunityChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  source: z.enum(CHANGE_SOURCES),
  actor_id: z.string().nullable(),
  /** The person's name, when a person made the change and still exists. */
  actor_name: z.string().nullable(),
  api_key_id: z.string().nullable(),
  api_key_name: z.string().nullable(),
  call_analysis_id: z.string().nullable(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type OpportunityChange = z.infer<typeof opportunityChangeSchema>;

export const opportunityHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A value a machine offered for a field a person set, waiting for a decision. */
export const opportunitySuggestionSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  value: z.unknown(),
  source: z.enum(CHANGE_SOURCES),
  call_analysis_id: z.string().nullable(),
  created_at: z.string(),
});
export type OpportunitySuggestion = z.infer<typeof opportunitySuggestionSchema>;

export const suggestionDecisionSchema = z.strictObject({
  /** The suggestions to decide; all pending ones when absent ("accept all"). */
  ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
  decision: z.enum(['accept', 'dismiss']),
  /** The close date a person gives when an accepted status closes the deal (the suggestion had none). */
  closing_date: closingDate.optional(),
});

/**
 * A suggestion "accept all" left pending: a status that would close the deal without a close date.
 * The others are accepted; this one waits for the person to give the date.
 */
export const heldSuggestionSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  value: z.unknown(),
  code: z.enum([DEAL_VALIDATION.closingDateRequired]),
});
export type HeldSuggestion = z.infer<typeof heldSuggestionSchema>;

/** The answer to a decision: the deal as it now is and what was left waiting. */
export const suggestionDecisionResultSchema = opportunityDetailSchema.extend({ held: z.array(heldSuggestionSchema) });
export type SuggestionDecisionResult = z.infer<typeof suggestionDecisionResultSchema>;

/** A deal in the "recently deleted" list (restorable for DELETED_DEAL_DAYS days). */
export const DELETED_DEAL_DAYS = 30;
export const deletedOpportunitySchema = z.object({
  id: z.number().int(),
  owner_id: z.string().nullable(),
  account_manager: z.string().nullable(),
  product: z.string().nullable(),
  client_company_name: z.string().nullable(),
  amount: z.number().nullable(),
  stage: z.enum(STAGES),
  deleted_at: z.string(),
  deleted_by: z.string().nullable(),
});
export type DeletedOpportunity = z.infer<typeof deletedOpportunitySchema>;
