import { isLanguage, type Language } from '@nexa/domain/language';

/**
 * The build pre-renders the public pages to static HTML in each language (apps/web/build/prerender.ts,
 * decision 010) and marks the root element with the language it rendered: the browser hydrates
 * that page only when it runs in the same language.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The language of the static HTML the server sent, or undefined when the page was not pre-rendered. */
export function prerenderedLanguage(): Language | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.getElementById('root')?.getAttribute(PRERENDERED_ATTRIBUTE);
  return isLanguage(value) ? value : undefined;
}
