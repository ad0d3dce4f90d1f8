import { foldText, type AnalysisLanguage, type BenefitCardId } from '@nexa/domain';
import { CARD_BENEFITS, GENERIC_CARDS, GENERIC_SITUATION, PHRASES, SECTORS, SIZE_NOTES, type Sector } from './offline-texts.ts';
import type { AnalysisInput, AnalysisProvider, ProviderAnalysis } from './provider.ts';

const words = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function stemMatches(word: string, stem: string): boolean {
  return stem.endsWith('$') ? word === stem.slice(0, -1) : word.startsWith(stem);
}

/** The first sector (in table order) one of whose stems starts a word of the text. */
export function detectSector(text: string | null | undefined): Sector | null {
  if (!text) return null;
  const found = words(text);
  return SECTORS.find((sector) => sector.stems.some((stem) => found.some((word) => stemMatches(word, stem)))) ?? null;
}

/** 'small', 'large' or null from a company size on record ('1-10', '5000+', 'Enterprise', 'PME'). */
export function sizeBand(size: string | null | undefined): 'small' | 'large' | null {
  if (!size) return null;
  const folded = foldText(size);
  const numbers = (folded.replace(/[\s,.](?=\d{3}\b)/g, '').match(/\d+/g) ?? []).map(Number);
  if (numbers.length) {
    const top = Math.max(...numbers) * (/\d\s*k\b/.test(folded) ? 1000 : 1);
    return top <= 50 ? 'small' : top >= 1000 ? 'large' : null;
  }
  if (/\b(enterprise|large|grande|grand compte|eti)\b/.test(folded)) return 'large';
  if (/\b(small|startup|start-up|smb|pme|tpe|micro)\b/.test(folded)) return 'small';
  return null;
}

/**
 * Writes a diagnosis with no network and no model: the same input always gives the same text.
 * It says what it is (a quick offline estimate) and reasons only from what it can know: the
 * words of the name, the sector and size on record, and Nexa's six benefits.
 */
export function offlineDiagnosis(input: AnalysisInput): ProviderAnalysis {
  const lang: AnalysisLanguage = input.language;
  const name = input.companyName;
  const recordedIndustry = input.context?.industry?.trim() || null;
  const sector = detectSector(recordedIndustry) ?? detectSector(name);
  const band = sizeBand(input.context?.size);

  let cards: BenefitCardId[] = [...(sector?.cards ?? GENERIC_CARDS)];
  // Size changes the second benefit: a small team needs a quick start, a large one managers' insight.
  const sizeCard: BenefitCardId | null =
    band === 'small' ? 'rapid-implementation' : band === 'large' ? 'management-insights' : null;
  if (sizeCard && !cards.includes(sizeCard)) cards = [cards[0]!, sizeCard];

  const intro = PHRASES.intro[lang](name, (recordedIndustry ? PHRASES.basisRecord : PHRASES.basisName)[lang]);
  const sectorLine = recordedIndustry
    ? PHRASES.sectorFromRecord[lang](name, recordedIndustry)
    : sector
      ? PHRASES.sectorFromName[lang](name, sector.label[lang])
      : '';
  const situation = [sectorLine, (sector?.situation ?? GENERIC_SITUATION)[lang], band ? SIZE_NOTES[band][lang] : '']
    .filter(Boolean)
    .join(' ');
  const changes = [PHRASES.whatChanges[lang], ...cards.map((id) => CARD_BENEFITS[id][lang])].join(' ');

  return { diagnosis: [intro, situation, changes, PHRASES.closing[lang]].join('\n\n'), cardIds: cards };
}

export function createOfflineProvider(): AnalysisProvider {
  return {
    name: 'offline',
    // Cheap and local, and it reads the sector on record, which may change: never cached.
    cacheScope: null,
    analyze: async (input) => offlineDiagnosis(input),
  };
}
