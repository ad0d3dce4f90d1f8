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

/** The element holding a server-rendered page's data (src/entry-server.tsx), read once before hydration. */
export const PAGE_STATE_ID = 'nexa-page-state';

/** What the server rendered a signed-in page with, or undefined on any other page. */
export function serverRenderedState<T>(): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return undefined;
  }
}
