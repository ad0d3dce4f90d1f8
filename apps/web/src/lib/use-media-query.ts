import { useSyncExternalStore } from 'react';
import { NARROW_QUERY, renderHints } from './render-hints.ts';

/** Tables become cards below this width (Tailwind's `md`). */
export const CARDS_BELOW = NARROW_QUERY;

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Whether a CSS media query matches now, following changes. Layouts that differ in structure
 * (a table or a list of cards) render one of the two instead of hiding the other with CSS, so
 * the page carries one copy of each row.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    // What a server-rendered page was rendered with, so hydration matches it (lib/render-hints.ts).
    () => query === NARROW_QUERY && renderHints().narrow,
  );
}
