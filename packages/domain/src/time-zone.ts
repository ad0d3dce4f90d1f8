/**
 * The cookie in which the web app keeps the browser's own zone (on every start): the server renders
 * signed-in pages in it, and reads a person's week in it when they have not chosen a zone.
 */
export const TIME_ZONE_COOKIE = 'nexa-tz';

/** Zones already found valid: the platform knows a few hundred, so the set stays small. */
const known = new Set<string>(['UTC']);

/**
 * True for a time zone name the platform knows (IANA: 'Europe/Paris', 'America/New_York', 'UTC').
 * A module of its own, without zod: the web app's entry chunk checks the zone cookie with it.
 * Making a formatter loads zone data (~0.1 ms); the call analysis asks for every line it reads, so a
 * valid name is remembered. An unknown one is not, so arbitrary input cannot grow the set.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  if (known.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  known.add(value);
  return true;
}
