import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Advances the fake clock inside act(), so React applies every timer's state update. */
export const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

/** Pretends the tab is hidden or visible and tells the page, as the browser does. */
export function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

/** Makes `prefers-reduced-motion: reduce` match (or not) for the next render. */
export function setReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

/**
 * The clock every timeline test drives: fake timers, motion allowed and the tab visible at the start
 * of each test, and everything put back after it. Call once at the top of a test file.
 */
export function withTimelineClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => {
    setTabHidden(false);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
