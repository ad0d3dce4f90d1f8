import { afterEach, describe, expect, it } from 'vitest';
import { currentHour, formatDate } from './format.ts';
import { isTimeZone } from '@nexa/domain/time-zone';
import { cookieValue } from './cookies.ts';
import { hintsFromRequest, NARROW_COOKIE, setRenderHints, TIME_ZONE_COOKIE } from './render-hints.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

afterEach(() => setRenderHints({ narrow: false }));

describe('cookieValue', () => {
  it('reads one value of a Cookie header, decoded', () => {
    const header = `session=abc; ${TIME_ZONE_COOKIE}=America%2FNew_York; other=1`;
    expect(cookieValue(header, TIME_ZONE_COOKIE)).toBe('America/New_York');
    expect(cookieValue(header, 'session')).toBe('abc');
    expect(cookieValue(header, 'missing')).toBeUndefined();
    // A name that only ends like the one asked for is another cookie.
    expect(cookieValue('x-nexa-tz=UTC', TIME_ZONE_COOKIE)).toBeUndefined();
    expect(cookieValue(`${TIME_ZONE_COOKIE}=%E0%A4%A`, TIME_ZONE_COOKIE)).toBeUndefined();
  });
});

describe('hintsFromRequest', () => {
  it('renders nothing on the server without a valid time zone', () => {
    expect(hintsFromRequest('session=abc', DESKTOP)).toBeUndefined();
    expect(hintsFromRequest(`${TIME_ZONE_COOKIE}=Mars%2FOlympus`, DESKTOP)).toBeUndefined();
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('')).toBe(false);
  });

  it('takes the width from its cookie, else guesses it from the user agent', () => {
    const zone = `${TIME_ZONE_COOKIE}=Europe%2FParis`;
    expect(hintsFromRequest(zone, PHONE)).toEqual({ timeZone: 'Europe/Paris', narrow: true });
    expect(hintsFromRequest(zone, DESKTOP)).toEqual({ timeZone: 'Europe/Paris', narrow: false });
    expect(hintsFromRequest(`${zone}; ${NARROW_COOKIE}=0`, PHONE)).toEqual({ timeZone: 'Europe/Paris', narrow: false });
    expect(hintsFromRequest(`${zone}; ${NARROW_COOKIE}=1`, DESKTOP)).toEqual({ timeZone: 'Europe/Paris', narrow: true });
  });
});

describe('dates written in the rendered zone', () => {
  // 20:30 on the 1st in UTC is 10:30 on the 2nd in Kiritimati (UTC+14).
  const instant = new Date('2026-03-01T20:30:00Z');

  it('formats a date without a zone in the hinted one', () => {
    setRenderHints({ timeZone: 'UTC', narrow: false });
    expect(formatDate(instant, { day: 'numeric', timeZone: undefined })).toBe('1');
    expect(currentHour(instant)).toBe(20);
    setRenderHints({ timeZone: 'Pacific/Kiritimati', narrow: false });
    expect(formatDate(instant, { day: 'numeric' })).toBe('2');
    expect(currentHour(instant)).toBe(10);
    // A zone given by the caller wins.
    expect(formatDate(instant, { day: 'numeric', timeZone: 'UTC' })).toBe('1');
  });
});
