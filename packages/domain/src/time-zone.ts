/**
 * True for a time zone name the platform knows (IANA: 'Europe/Paris', 'America/New_York', 'UTC').
 * A module of its own, without zod: the web app's entry chunk checks the zone cookie with it.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
