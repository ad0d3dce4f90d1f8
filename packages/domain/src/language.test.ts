import { describe, expect, it } from 'vitest';
import { pickLanguage, preferredLanguageOf } from './language.ts';

describe('pickLanguage', () => {
  it.each([
    ['fr', 'en-US', 'fr'],
    ['en', 'fr-FR', 'en'],
    [null, 'fr-FR', 'fr'],
    [undefined, 'FR', 'fr'],
    [null, 'fr', 'fr'],
    [null, 'en-GB', 'en'],
    [null, 'de-DE', 'en'],
    ['de', 'fr-CA', 'fr'],
    ['', undefined, 'en'],
    [undefined, null, 'en'],
  ] as const)('stored %s, browser %s → %s', (stored, browser, expected) => {
    expect(pickLanguage(stored, browser)).toBe(expected);
  });
});

describe('preferredLanguageOf', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'fr-FR'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en-US'],
    ['en;q=0.5, fr;q=0.8', 'fr'],
    ['de;q=0.8, fr;q=0.8', 'de'],
    ['*, fr;q=0.5', 'fr'],
    ['fr;q=0, en', 'en'],
    ['fr;q=abc, en;q=0.1', 'en'],
    [' fr-CA ', 'fr-CA'],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredLanguageOf(header)).toBe(expected);
  });
});
