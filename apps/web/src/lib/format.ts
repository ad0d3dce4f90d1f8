import { DEFAULT_CURRENCY } from '@nexa/domain/currency';
import { currentLanguage } from './i18n.ts';
import { renderHints } from './render-hints.ts';

const locale = () => (currentLanguage() === 'fr' ? 'fr-FR' : 'en-US');

// A formatter is costly to build (it loads the locale's data) and cheap to use: a dashboard formats a
// few hundred values as it renders, so each kind is built once per locale, options and zone.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n${locale()}${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale(), options)));
  return format;
}

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${language}${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/**
 * An amount in the active locale, in US dollars ($12,500 / 12 500 $US) unless `currency` (an ISO
 * 4217 code, currencyOf of the deal) names another: €12,500 / 12 500 €.
 */
export function formatMoney(amount: number | null | undefined, options: { cents?: boolean; currency?: string } = {}): string {
  const digits = options.cents ? 2 : 0;
  return numberFormat({
    style: 'currency',
    currency: options.currency ?? DEFAULT_CURRENCY,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount ?? 0);
}

const currencyNames = new Map<string, Intl.DisplayNames>();

/** A currency's name in the active locale (Euro / euro), or its code when the runtime knows none. */
export function currencyName(code: string): string {
  let names = currencyNames.get(locale());
  if (!names) currencyNames.set(locale(), (names = new Intl.DisplayNames(locale(), { type: 'currency' })));
  return names.of(code) ?? code;
}

/**
 * Dollars in a few characters for chart axes: $2.6M / 2,6 M$US. A full French amount
 * ("2 600 000 $US") does not fit an axis and was cut to its last digits.
 */
export function formatCompactMoney(amount: number): string {
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(amount);
}

export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** A 0–10 score, to one decimal where it has one: 7 / 6.8 / 6,8. */
export function formatScore(value: number): string {
  return numberFormat({ maximumFractionDigits: 1 }).format(value);
}

/** A rate given in percent (0–100): 43% / 43 %. */
export function formatPercent(value: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

export function formatDate(
  value: string | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  // On the server, the browser's zone (lib/render-hints.ts); in the browser, undefined: its own.
  return dateTimeFormat(locale(), { ...options, timeZone: options.timeZone ?? renderHints().timeZone }).format(date);
}

/** The hour of the day (0–23) where the page is read: the browser's zone, or the one the server rendered for. */
export function currentHour(now = new Date()): number {
  const hour = dateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: renderHints().timeZone }).format(now);
  return Number(hour);
}

let displayTimeZone: string | undefined;

/** The signed-in person's chosen zone for times (meetings); undefined: the browser's own. */
export function setDisplayTimeZone(timeZone: string | null | undefined) {
  displayTimeZone = timeZone ?? undefined;
}

export function formatDateTime(value: string | Date | null | undefined) {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short', timeZone: displayTimeZone });
}

/**
 * The name of an ISO weekday (1 = Monday … 7 = Sunday) in the active language: Thursday / jeudi.
 * Read off a Monday-started week in UTC, so no zone can move it to the day before.
 */
export function formatWeekday(isoDay: number): string {
  return dateTimeFormat(locale(), { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoDay));
}
