import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n.ts';

// i18next loads the active language's messages only (no fallback language, decision 010): every
// message must exist in every language, with every plural form that language's grammar uses.
const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const namespacesOf = (language: string) =>
  Object.keys(files)
    .filter((file) => file.startsWith(`./${language}/`))
    .map((file) => file.slice(`./${language}/`.length))
    .sort();

describe('locales', () => {
  it('every language has the same namespaces', () => {
    for (const language of LANGUAGES) expect(namespacesOf(language)).toEqual(namespacesOf('en'));
  });

  for (const namespace of namespacesOf('en')) {
    it(`${namespace}: the same messages in every language, with each language's plural forms`, () => {
      const plain = (language: string) => keysOf(files[`./${language}/${namespace}`]).filter((key) => !PLURAL.test(key));
      const plurals = (language: string) =>
        new Set(
          keysOf(files[`./${language}/${namespace}`])
            .filter((key) => PLURAL.test(key))
            .map((key) => key.replace(PLURAL, '')),
        );
      for (const language of LANGUAGES) {
        expect(plain(language).sort(), language).toEqual(plain('en').sort());
        expect([...plurals(language)].sort(), language).toEqual([...plurals('en')].sort());
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const keys = new Set(keysOf(files[`./${language}/${namespace}`]));
        for (const base of plurals(language)) {
          for (const category of categories)
            expect(keys.has(`${base}_${category}`), `${language} ${base}_${category}`).toBe(true);
        }
      }
    });
  }
});
