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

export const TIME_ZONE_COOKIE = 'nexa-tz';
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

/** A value of a `Cookie` header (or `document.cookie`). */
export function cookieValue(header: string, name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = header.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return undefined;
  }
}

export function isTimeZone(value: string | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
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
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const set = (name: string, value: string) => {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${HINT_MAX_AGE_S}; SameSite=Lax${secure}`;
  };
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) set(TIME_ZONE_COOKIE, zone);
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  set(NARROW_COOKIE, narrow ? '1' : '0');
}
