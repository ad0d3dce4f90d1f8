/**
 * The company analysis's pure rules: the six benefit cards, which of them a diagnosis
 * recommends, and what counts as a company name. No zod here on purpose: the landing page
 * imports this file and must stay light.
 */
import { escapeRegExp } from './unicode-words.ts';

export const BENEFIT_CARD_IDS = [
  'crm',
  'data-capture',
  'call-gaps',
  'deal-visibility',
  'management-insights',
  'rapid-implementation',
] as const;
export type BenefitCardId = (typeof BENEFIT_CARD_IDS)[number];

/** At most two cards are highlighted. */
export const MAX_RECOMMENDED_CARDS = 2;

export function isBenefitCardId(value: unknown): value is BenefitCardId {
  return typeof value === 'string' && (BENEFIT_CARD_IDS as readonly string[]).includes(value);
}

/**
 * Words (English and French, lower case, without accents) that point at each card. Matched
 * at the start of a word, so a stem covers its inflections ('requirement' → 'requirements').
 */
export const CARD_KEYWORDS: Record<BenefitCardId, readonly string[]> = {
  crm: [
    'crm',
    'salesforce',
    'hubspot',
    'pipedrive',
    'data entry',
    'manual entry',
    'admin work',
    'record keeping',
    'saisie',
    'mise a jour',
    'mises a jour',
    'fiche client',
    'fiches client',
    'administrati',
  ],
  'data-capture': [
    'requirement',
    'specification',
    'technical detail',
    'technical question',
    'capture',
    'note-taking',
    'note taking',
    'integration',
    'compliance',
    'exigence',
    'cahier des charges',
    'prise de notes',
    'detail technique',
    'details techniques',
    'question technique',
    'questions techniques',
    'conformite',
  ],
  'call-gaps': [
    'follow-up',
    'follow up',
    'between calls',
    'sales engineer',
    'pre-sales',
    'presales',
    'response time',
    'quote',
    'proposal',
    'relance',
    'entre les appels',
    'avant-vente',
    'ingenieur commercial',
    'ingenieurs commerciaux',
    'devis',
    'delai de reponse',
    'delais de reponse',
  ],
  'deal-visibility': [
    'visibility',
    'forecast',
    'pipeline',
    'sales cycle',
    'stakeholder',
    'decision-maker',
    'decision maker',
    'deal status',
    'visibilite',
    'prevision',
    'cycle de vente',
    'cycles de vente',
    'decideur',
    'parties prenantes',
    'partie prenante',
  ],
  'management-insights': [
    'manager',
    'coach',
    'onboarding',
    'ramp-up',
    'ramp up',
    'scoring',
    'performance',
    'management',
    'encadrement',
    'montee en competence',
    'formation',
  ],
  'rapid-implementation': [
    'quick start',
    'rollout',
    'roll out',
    'deploy',
    'implementation',
    'small team',
    'startup',
    'start-up',
    'growing team',
    'deploiement',
    'mise en place',
    'mise en oeuvre',
    'petite equipe',
    'jeune pousse',
    'en croissance',
  ],
};

/** Lower case, accents removed, so English and French keywords match however they are written. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

const CARD_PATTERNS: ReadonlyArray<readonly [BenefitCardId, RegExp]> = BENEFIT_CARD_IDS.map(
  (id) => [id, new RegExp(`(?<![\\p{L}\\p{N}])(?:${CARD_KEYWORDS[id].map(escapeRegExp).join('|')})`, 'gu')] as const,
);

/** How many keyword hits each card has in a text (every card present, 0 when none). */
export function cardKeywordScores(text: string): Record<BenefitCardId, number> {
  const folded = foldText(text);
  const scores = {} as Record<BenefitCardId, number>;
  for (const [id, pattern] of CARD_PATTERNS) scores[id] = folded.match(pattern)?.length ?? 0;
  return scores;
}

/**
 * The cards to highlight for a diagnosis, at most two. The provider's own structured choice
 * wins when it names at least one valid card (unknown ids and duplicates are dropped);
 * otherwise the cards whose keywords appear most in the diagnosis, ties broken by the cards'
 * fixed order, so the same text always gives the same cards.
 */
export function recommendCards(diagnosis: string, providerIds?: readonly unknown[] | null): BenefitCardId[] {
  const chosen = [...new Set((providerIds ?? []).filter(isBenefitCardId))].slice(0, MAX_RECOMMENDED_CARDS);
  if (chosen.length > 0) return chosen;
  const scores = cardKeywordScores(diagnosis);
  return BENEFIT_CARD_IDS.filter((id) => scores[id] > 0)
    .map((id, index) => ({ id, index, score: scores[id] }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_RECOMMENDED_CARDS)
    .map((c) => c.id);
}

// --- company names ---

export const COMPANY_NAME_MIN_LENGTH = 2;
export const COMPANY_NAME_MAX_LENGTH = 100;

/**
 * The company name as it is analysed: control and invisible formatting characters (bidi
 * overrides, zero-width joiners) removed, whitespace collapsed, trimmed.
 */
export function cleanCompanyName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

export type CompanyNameProblem = 'required' | 'too_short' | 'too_long';

/** Why a typed name cannot be analysed, or null when it can (2–100 characters once cleaned). */
export function companyNameProblem(raw: string): CompanyNameProblem | null {
  const length = [...cleanCompanyName(raw)].length;
  if (length === 0) return 'required';
  if (length < COMPANY_NAME_MIN_LENGTH) return 'too_short';
  if (length > COMPANY_NAME_MAX_LENGTH) return 'too_long';
  return null;
}

/**
 * The key two spellings of one company share ("Société Générale", "societe  generale",
 * "SOCIETE-GENERALE"): folded, punctuation turned into single spaces.
 */
export function normaliseCompanyName(raw: string): string {
  const cleaned = foldText(cleanCompanyName(raw));
  const words = cleaned.replace(/[^\p{L}\p{N}&]+/gu, ' ').trim();
  return words || cleaned;
}
