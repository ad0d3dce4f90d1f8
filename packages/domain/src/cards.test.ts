import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BENEFIT_CARD_IDS,
  cardKeywordScores,
  cleanCompanyName,
  companyNameProblem,
  MAX_RECOMMENDED_CARDS,
  normaliseCompanyName,
  recommendCards,
} from './cards.ts';
import { companyAnalysisRequestSchema, modelAnalysisSchema } from './schemas/analysis.ts';

describe('recommendCards', () => {
  it('takes the provider ids when they are valid, in the provider order', () => {
    expect(recommendCards('anything', ['deal-visibility', 'crm'])).toEqual(['deal-visibility', 'crm']);
  });

  it('drops unknown and duplicate provider ids and keeps at most two', () => {
    expect(recommendCards('', ['nope', 'crm', 'crm', 42, 'call-gaps', 'data-capture'])).toEqual(['crm', 'call-gaps']);
  });

  it('falls back to keywords when no provider id is valid', () => {
    const text = 'Your reps spend hours on CRM data entry and updating Salesforce after each call; the pipeline is opaque.';
    expect(recommendCards(text, ['bogus'])).toEqual(['crm', 'deal-visibility']);
  });

  it('reads French keywords, with or without accents', () => {
    const text =
      "Vos commerciaux perdent du temps sur la saisie dans le CRM. Les exigences techniques et le cahier des charges se perdent ; la prise de notes n'est pas fiable.";
    expect(recommendCards(text)).toEqual(['data-capture', 'crm']);
    expect(recommendCards('Un déploiement rapide, une mise en place simple.')).toEqual(['rapid-implementation']);
    expect(recommendCards('Un deploiement rapide, une mise en place simple.')).toEqual(['rapid-implementation']);
  });

  it('breaks ties by the fixed card order', () => {
    expect(recommendCards('coaching for the manager; forecast and pipeline')).toEqual(['deal-visibility', 'management-insights']);
    expect(recommendCards('crm. forecast. coaching.')).toEqual(['crm', 'deal-visibility']);
  });

  it('matches keywords at the start of a word only', () => {
    expect(cardKeywordScores('information')['management-insights']).toBe(0);
    expect(cardKeywordScores('a formation')['management-insights']).toBe(1);
  });

  it('returns no card for a text without keywords', () => {
    expect(recommendCards('Hello world.')).toEqual([]);
  });

  it('is deterministic, bounded and only returns known ids (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.anything(), { maxLength: 5 }), (text, ids) => {
        const first = recommendCards(text, ids);
        expect(recommendCards(text, ids)).toEqual(first);
        expect(first.length).toBeLessThanOrEqual(MAX_RECOMMENDED_CARDS);
        expect(new Set(first).size).toBe(first.length);
        for (const id of first) expect(BENEFIT_CARD_IDS).toContain(id);
      }),
    );
  });
});

describe('company names', () => {
  it('cleans control and invisible characters and collapses whitespace', () => {
    expect(cleanCompanyName('  Acme\u202e\u200b  Corp\n\tInc ')).toBe('Acme Corp Inc');
  });

  it('accepts 2–100 characters once trimmed', () => {
    expect(companyNameProblem('   ')).toBe('required');
    expect(companyNameProblem(' a ')).toBe('too_short');
    expect(companyNameProblem(' ab ')).toBeNull();
    expect(companyNameProblem('x'.repeat(100))).toBeNull();
    expect(companyNameProblem('x'.repeat(101))).toBe('too_long');
  });

  it('gives one key to spellings of one company', () => {
    const key = normaliseCompanyName('Société Générale');
    expect(normaliseCompanyName('  SOCIETE-GENERALE ')).toBe(key);
    expect(normaliseCompanyName('societe   generale')).toBe(key);
    expect(normaliseCompanyName('AT&T')).toBe('at&t');
    expect(normaliseCompanyName('!!')).toBe('!!');
  });
});

describe('analysis schemas', () => {
  it('refuses a name outside 2–100 characters and defaults the language to en', () => {
    expect(companyAnalysisRequestSchema.safeParse({ companyName: ' x ' }).success).toBe(false);
    expect(companyAnalysisRequestSchema.parse({ companyName: ' Acme ' })).toEqual({ companyName: ' Acme ', language: 'en' });
    expect(companyAnalysisRequestSchema.safeParse({ companyName: 'Acme', language: 'de' }).success).toBe(false);
  });

  it('accepts a model answer with odd cards but not one without a diagnosis', () => {
    const diagnosis = 'A diagnosis long enough to be a real answer from the model.';
    expect(modelAnalysisSchema.parse({ diagnosis, cards: 'crm' })).toEqual({ diagnosis, cards: [] });
    expect(modelAnalysisSchema.safeParse({ cards: ['crm'] }).success).toBe(false);
    expect(modelAnalysisSchema.safeParse({ diagnosis: 'short', cards: [] }).success).toBe(false);
  });
});
