/** The site's languages: en and fr, English by default. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Where a visitor's own choice is kept: a cookie, so the server can send a pre-rendered page in
 * that language (decision 010), under the same name as the older local-storage entry.
 */
export const LANGUAGE_COOKIE = 'language';
/** A year: the choice outlives the session, as the local-storage entry did. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The visitor's stored choice, else French when the browser's language is French, else
 * English. The browser calls it with `navigator.language`, the server with the first language of
 * the request's Accept-Language header — the same preference read from two places.
 */
export function pickLanguage(stored: string | null | undefined, browserLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.trim().toLowerCase().startsWith('fr') ? 'fr' : DEFAULT_LANGUAGE;
}

/**
 * The language a browser prefers most in an Accept-Language header: the highest quality, the
 * earlier one on a tie (RFC 9110 §12.5.4); `*` and languages refused with q=0 are skipped.
 */
export function preferredLanguageOf(header: string | null | undefined): string | undefined {
  let best: { tag: string; q: number } | undefined;
  for (const part of header?.split(',') ?? []) {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!tag || tag === '*' || !(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag;
}
