import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '@nexa/domain/language';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { prerenderedLanguage } from './prerendered.ts';
import { cookieValue, setCookie } from './cookies.ts';

export { LANGUAGES, type Language };

// The pre-renderer (apps/web/build/prerender.ts) runs this module in Node, with no document.
const inBrowser = typeof document !== 'undefined';

/**
 * Keeps the visitor's choice where the server reads it (a cookie: the next page arrives
 * pre-rendered in that language) and in local storage, where visits before the cookie kept it.
 */
function rememberLanguage(language: Language) {
  setCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_S);
  try {
    localStorage.setItem(LANGUAGE_COOKIE, language);
  } catch {
    // Storage can be blocked; the cookie still holds the choice.
  }
}

/** The visitor's own choice: the cookie, else local storage (then copied to the cookie for the server). */
function storedLanguage(): Language | undefined {
  const cookie = cookieValue(document.cookie, LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_COOKIE);
  } catch {
    // Storage can be blocked; fall through to the browser's language.
  }
  if (!isLanguage(stored)) return undefined;
  rememberLanguage(stored);
  return stored;
}

/**
 * The stored choice, else French when the browser is French, else English. On a
 * pre-rendered page the server has already read the browser's language (Accept-Language) and
 * painted the page in it; that reading wins over `navigator.language`, so the page hydrates in the
 * language it shows.
 */
export function detectLanguage(): Language {
  if (!inBrowser) return DEFAULT_LANGUAGE;
  return pickLanguage(storedLanguage(), prerenderedLanguage() ?? navigator.language);
}

export function setLanguage(language: Language): Promise<unknown> {
  rememberLanguage(language);
  return i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'fr' ? 'fr' : 'en';
}

i18next.on('languageChanged', (lng) => {
  if (inBrowser) document.documentElement.lang = lng;
});

/**
 * Settles once the detected language's common namespace is loaded. Only the active language's
 * namespaces are fetched, each as its own small chunk: no fallback language, which i18next would
 * fetch as well — src/locales/locales.test.ts makes sure no message is missing in any language.
 */
export const i18nReady = i18next
  .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export default i18next;
