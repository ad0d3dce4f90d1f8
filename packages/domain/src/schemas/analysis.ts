import { z } from 'zod';
import { BENEFIT_CARD_IDS, COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_MIN_LENGTH, companyNameProblem } from '../cards.ts';

export const ANALYSIS_LANGUAGES = ['en', 'fr'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

/** Who wrote a diagnosis: a live model behind an OpenAI-compatible API, or the offline analyzer. */
export const ANALYSIS_PROVIDERS = ['openai', 'offline'] as const;
export type AnalysisProviderName = (typeof ANALYSIS_PROVIDERS)[number];

export const benefitCardIdSchema = z.enum(BENEFIT_CARD_IDS);

/**
 * POST /api/analysis/company. The name is kept as typed (it is logged as the search query);
 * it must hold 2–100 characters once cleaned and trimmed.
 */
export const companyAnalysisRequestSchema = z.object({
  companyName: z
    .string()
    .max(COMPANY_NAME_MAX_LENGTH * 4)
    .refine((name) => companyNameProblem(name) === null, {
      message: `must hold ${COMPANY_NAME_MIN_LENGTH}–${COMPANY_NAME_MAX_LENGTH} characters once trimmed`,
    }),
  language: z.enum(ANALYSIS_LANGUAGES).default('en'),
});
export type CompanyAnalysisRequest = z.input<typeof companyAnalysisRequestSchema>;

export const companyAnalysisResponseSchema = z.object({
  /** The diagnosis as plain text, paragraphs separated by a blank line. */
  analysis: z.string(),
  recommendedCards: z.array(benefitCardIdSchema).max(2),
  provider: z.enum(ANALYSIS_PROVIDERS),
  language: z.enum(ANALYSIS_LANGUAGES),
  /** True when the answer came from the 24-hour cache. */
  cached: z.boolean(),
  /** True when the search could not be logged; the analysis is still given. */
  searchLogFailed: z.boolean(),
});
export type CompanyAnalysisResponse = z.infer<typeof companyAnalysisResponseSchema>;

export const DIAGNOSIS_MIN_LENGTH = 40;
export const DIAGNOSIS_MAX_LENGTH = 4000;

/**
 * What a language model must answer: its JSON, after repair. Unknown card ids are tolerated
 * here and dropped by recommendCards(); a diagnosis that is missing, too short or too long is not.
 */
export const modelAnalysisSchema = z.object({
  diagnosis: z.string().trim().min(DIAGNOSIS_MIN_LENGTH).max(DIAGNOSIS_MAX_LENGTH),
  cards: z.array(z.string()).max(6).catch([]),
});
export type ModelAnalysis = z.infer<typeof modelAnalysisSchema>;
