/**
 * Currencies: ISO 4217 codes, as the runtime knows them. An amount is in a currency; a deal that
 * names none is in US dollars, the workspace's currency.
 */

/** The workspace's currency, and every deal's until it names another. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * The codes in use today, from the runtime's own list (Node 24 and current browsers), so the server
 * and the page agree without a list of our own to keep; ordered A–Z.
 */
export const CURRENCY_CODES: readonly string[] = /* @__PURE__ */ Intl.supportedValuesOf('currency');

// Pure: a page that only formats money (DEFAULT_CURRENCY) does not build the list.
const KNOWN = /* @__PURE__ */ new Set(CURRENCY_CODES);

/** Three upper-case letters that name a known currency ('usd' and 'XYZ' are not). */
export const isCurrencyCode = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Z]{3}$/.test(value) && KNOWN.has(value);
