import { isTimeZone, TIME_ZONE_COOKIE } from '@nexa/domain/time-zone';
import { cookieValue, setCookie } from './cookies.ts';

/**
 * What a page rendered on the server assumed about the browser it was for: the time zone its dates
 * are written in and whether its screen is narrow (cards instead of tables). The browser keeps both
 * in cookies (`rememberRenderHints`, on every start); the server renders with them and writes them
 * into the page, and the browser hydrates with the same values before going on with its own — so
 * the first render matches the HTML node for node (src/entry-server.tsx, decision 024).
 */
export interface RenderHints {
  /** IANA zone for dates formatted without one; undefined: the runtime's own (the browser's). */
  timeZone?: string;
  narrow: boolean;
}

export { TIME_ZONE_COOKIE };
export const NARROW_COOKIE = 'nexa-narrow';
const HINT_MAX_AGE_S = 400 * 24 * 60 * 60;
/** Below this width tables become cards (Tailwind's `md`): what "narrow" means. */
export const NARROW_QUERY = '(max-width: 767.98px)';

let current: RenderHints = { narrow: false };

/** The hints the page being rendered (server) or hydrated (browser) was rendered with. */
export const renderHints = (): RenderHints => current;

export function setRenderHints(hints: RenderHints): void {
  current = hints;
}

/**
 * The hints a request's cookies carry, or undefined without a valid time zone: without it the
 * server cannot write dates as this browser would, so it leaves the page to the browser. A phone's
 * first visit (no width cookie yet) is guessed from its user agent.
 */
export function hintsFromRequest(cookieHeader: string, userAgent: string): RenderHints | undefined {
  const timeZone = cookieValue(cookieHeader, TIME_ZONE_COOKIE);
  if (!isTimeZone(timeZone)) return undefined;
  const narrow = cookieValue(cookieHeader, NARROW_COOKIE);
  return { timeZone, narrow: narrow === undefined ? /\bMobile\b/.test(userAgent) : narrow === '1' };
}

/** Keeps this browser's time zone and width where the server reads them (the next page it renders). */
export function rememberRenderHints(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) setCookie(TIME_ZONE_COOKIE, zone, HINT_MAX_AGE_S);
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  setCookie(NARROW_COOKIE, narrow ? '1' : '0', HINT_MAX_AGE_S);
}
