import { BENEFIT_CARD_IDS } from '@nexa/domain';
import { describe, expect, it } from 'vitest';
import { detectSector, offlineDiagnosis, sizeBand } from '../src/ai/offline-provider.ts';
import { SECTORS } from '../src/ai/offline-texts.ts';

const run = (
  companyName: string,
  language: 'en' | 'fr',
  context: { industry: string | null; size: string | null } | null = null,
) => offlineDiagnosis({ companyName, language, context });

describe('offline analyzer', () => {
  it.each([
    ['Initech Software', 'software'],
    ['Crédit Mutuel', 'finance'],
    ['Acme Pharma Labs', 'health'],
    ['Airbus', null],
    ['Mediacorp', null],
    ['Nordic Steel Works', 'manufacturing'],
    ['SolarCity', 'energy'],
    ['Orange Télécom', 'telecom'],
    ['Geodis Logistics', 'logistics'],
    ['Conseil & Associés', 'services'],
  ])('reads the sector of %s from its words: %s', (name, sector) => {
    expect(detectSector(name)?.id ?? null).toBe(sector);
  });

  it.each([
    ['1-10', 'small'],
    ['51-200', null],
    ['5,000+', 'large'],
    ['10 000', 'large'],
    ['5k+', 'large'],
    ['Enterprise', 'large'],
    ['PME', 'small'],
    [null, null],
  ])('reads the size band of %s: %s', (size, band) => {
    expect(sizeBand(size)).toBe(band);
  });

  it('is deterministic and says it is a quick offline estimate, in both languages', () => {
    const en = run('Initech Software', 'en');
    expect(run('Initech Software', 'en')).toEqual(en);
    expect(en.diagnosis.split('\n\n')).toHaveLength(4);
    expect(en.diagnosis).toMatch(
      /^Quick analysis of Initech Software\. This is an offline estimate written without a live AI model/,
    );
    expect(en.diagnosis).toContain('For a diagnosis based on your own calls, book a demo.');
    const fr = run('Initech Software', 'fr');
    expect(fr.diagnosis).toMatch(
      /^Analyse rapide de Initech Software\. Il s'agit d'une estimation hors ligne, rédigée sans modèle d'IA en direct/,
    );
    expect(fr.diagnosis).toContain('Ce que Nexa changerait :');
    expect(fr.cardIds).toEqual(en.cardIds);
  });

  it('writes every sector in both languages with two valid cards and no holes', () => {
    for (const sector of SECTORS) {
      for (const language of ['en', 'fr'] as const) {
        const { diagnosis, cardIds } = run('Test Co', language, { industry: sector.stems[0]!.replace('$', ''), size: null });
        expect(diagnosis).toContain(sector.situation[language]);
        expect(diagnosis).not.toMatch(/undefined|null|\{\{|\$\{/);
        expect(cardIds).toHaveLength(2);
        for (const id of cardIds) expect(BENEFIT_CARD_IDS).toContain(id);
      }
    }
  });

  it('lets size change the second benefit: quick rollout for a small team, insight for a large one', () => {
    expect(run('Initech Software', 'en', { industry: null, size: '1-10' }).cardIds).toEqual([
      'data-capture',
      'rapid-implementation',
    ]);
    expect(run('Initech Software', 'en', { industry: null, size: '10000' }).cardIds).toEqual([
      'data-capture',
      'management-insights',
    ]);
  });
});
