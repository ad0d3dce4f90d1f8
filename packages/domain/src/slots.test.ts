import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_AVAILABILITY,
  freeSlots,
  instantOfWallTime,
  isSlotStart,
  parseSlotAvailability,
  slotRefusal,
  zoneShortName,
} from './slots.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

describe('instantOfWallTime', () => {
  it('maps New York wall time to UTC in winter (−5) and summer (−4)', () => {
    expect(iso(instantOfWallTime(2026, 1, 13, 600, 'America/New_York'))).toBe('2026-01-13T15:00:00.000Z');
    expect(iso(instantOfWallTime(2026, 7, 14, 600, 'America/New_York'))).toBe('2026-07-14T14:00:00.000Z');
  });
});

describe('freeSlots', () => {
  it('offers Tue, Wed and Fri 10:00–18:00 New York in 30-minute slots (16 a day)', () => {
    // Week of Mon 2026-01-12.
    const slots = freeSlots({
      from: at('2026-01-12T00:00:00Z'),
      to: at('2026-01-19T00:00:00Z'),
      now: at('2026-01-12T00:00:00Z') - 1,
    });
    expect(slots).toHaveLength(48);
    expect(iso(slots[0]!)).toBe('2026-01-13T15:00:00.000Z');
    expect(iso(slots[15]!)).toBe('2026-01-13T22:30:00.000Z');
    expect(iso(slots[16]!)).toBe('2026-01-14T15:00:00.000Z');
    expect(iso(slots[32]!)).toBe('2026-01-16T15:00:00.000Z');
  });

  it('follows daylight saving: 10:00 New York is 15:00 UTC before 8 March 2026 and 14:00 UTC after', () => {
    const slots = freeSlots({
      from: at('2026-03-03T00:00:00Z'),
      to: at('2026-03-12T00:00:00Z'),
      now: at('2026-03-03T00:00:00Z') - 1,
    });
    const firsts = slots.filter((s) => new Date(s).getUTCMinutes() === 0).map(iso);
    expect(firsts).toContain('2026-03-06T15:00:00.000Z'); // Fri, EST
    expect(firsts).toContain('2026-03-10T14:00:00.000Z'); // Tue, EDT
    expect(slots.filter((s) => iso(s).startsWith('2026-03-10'))).toHaveLength(16);
  });

  it('follows the autumn change (1 November 2026)', () => {
    const slots = freeSlots({
      from: at('2026-10-30T00:00:00Z'),
      to: at('2026-11-05T00:00:00Z'),
      now: at('2026-10-30T00:00:00Z') - 1,
    });
    expect(iso(slots[0]!)).toBe('2026-10-30T14:00:00.000Z'); // Fri, EDT
    expect(slots.map(iso)).toContain('2026-11-03T15:00:00.000Z'); // Tue, EST
  });

  it('handles a DST change inside the offered hours without inventing or repeating a slot', () => {
    const night = parseSlotAvailability({ timeZone: 'America/New_York', days: 'sun', hours: '00:00-04:00', slotMinutes: 60 });
    const spring = freeSlots({
      from: at('2026-03-08T00:00:00Z'),
      to: at('2026-03-09T12:00:00Z'),
      now: at('2026-03-08T00:00:00Z') - 1,
      availability: night,
    }).map(iso);
    // 02:00 does not exist that night: 00:00 EST, 01:00 EST, 03:00 EDT.
    expect(spring).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
    const autumn = freeSlots({
      from: at('2026-11-01T00:00:00Z'),
      to: at('2026-11-02T12:00:00Z'),
      now: at('2026-11-01T00:00:00Z') - 1,
      availability: night,
    }).map(iso);
    expect(new Set(autumn).size).toBe(autumn.length);
    expect(autumn[0]).toBe('2026-11-01T04:00:00.000Z'); // 00:00 EDT
  });

  it('leaves out started, past and booked slots', () => {
    const now = at('2026-01-13T15:10:00Z'); // 10:10 New York: the 10:00 slot has started
    const booked = new Set([at('2026-01-13T16:00:00Z')]);
    const slots = freeSlots({ from: at('2026-01-13T00:00:00Z'), to: at('2026-01-14T00:00:00Z'), now, booked }).map(iso);
    expect(slots[0]).toBe('2026-01-13T15:30:00.000Z');
    expect(slots).not.toContain('2026-01-13T15:00:00.000Z');
    expect(slots).not.toContain('2026-01-13T16:00:00.000Z');
    expect(slots).toHaveLength(14);
  });

  it('keeps to [from, to) and caps a long range', () => {
    const slots = freeSlots({
      from: at('2026-01-13T15:30:00Z'),
      to: at('2026-01-13T16:30:00Z'),
      now: at('2026-01-13T15:30:00Z') - 1,
    }).map(iso);
    expect(slots).toEqual(['2026-01-13T15:30:00.000Z', '2026-01-13T16:00:00.000Z']);
    const year = freeSlots({
      from: at('2026-01-01T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
      now: at('2026-01-01T00:00:00Z') - 1,
    });
    expect(year.length).toBeLessThanOrEqual(Math.ceil((62 / 7) * 3) * 16);
  });

  it('uses configured availability in another zone', () => {
    const availability = parseSlotAvailability({ timeZone: 'Europe/Paris', days: 'mon', hours: '09:00-10:00', slotMinutes: 20 });
    const slots = freeSlots({
      from: at('2026-06-01T00:00:00Z'),
      to: at('2026-06-02T00:00:00Z'),
      now: at('2026-06-01T00:00:00Z') - 1,
      availability,
    });
    expect(slots.map(iso)).toEqual(['2026-06-01T07:00:00.000Z', '2026-06-01T07:20:00.000Z', '2026-06-01T07:40:00.000Z']);
  });
});

describe('slotRefusal', () => {
  const now = at('2026-01-13T12:00:00Z');
  it('accepts a future slot start', () => {
    expect(slotRefusal(at('2026-01-14T20:30:00Z'), now)).toBeNull();
  });
  it('refuses a past or started slot', () => {
    expect(slotRefusal(at('2026-01-09T15:00:00Z'), now)).toBe('past');
    expect(slotRefusal(at('2026-01-13T15:00:00Z'), at('2026-01-13T15:00:00Z'))).toBe('past');
  });
  it('refuses a slot past the booking horizon, and offers none there', () => {
    // 2026-03-13 is a Friday 59 days after now; 2026-03-20 is 66 days after.
    expect(slotRefusal(at('2026-03-13T15:00:00Z'), now)).toBeNull();
    expect(slotRefusal(at('2026-03-20T14:00:00Z'), now)).toBe('too_far');
    const offered = freeSlots({ from: at('2026-03-01T00:00:00Z'), to: at('2026-03-31T00:00:00Z'), now });
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.max(...offered)).toBeLessThanOrEqual(now + 60 * 24 * 3600_000);
  });
  it('refuses times off the grid, outside hours or on closed days', () => {
    expect(slotRefusal(at('2026-01-14T15:15:00Z'), now)).toBe('not_a_slot');
    expect(slotRefusal(at('2026-01-14T23:00:00Z'), now)).toBe('not_a_slot'); // 18:00: ends after hours
    expect(slotRefusal(at('2026-01-14T14:30:00Z'), now)).toBe('not_a_slot'); // 09:30
    expect(slotRefusal(at('2026-01-15T15:00:00Z'), now)).toBe('not_a_slot'); // Thursday
    expect(isSlotStart(at('2026-01-14T15:00:00.500Z'), DEFAULT_SLOT_AVAILABILITY)).toBe(false);
  });
});

describe('parseSlotAvailability', () => {
  it('reads the default configuration', () => {
    expect(
      parseSlotAvailability({ timeZone: 'America/New_York', days: 'tue,wed,fri', hours: '10:00-18:00', slotMinutes: 30 }),
    ).toEqual(DEFAULT_SLOT_AVAILABILITY);
  });
  it('names what is wrong', () => {
    expect(() => parseSlotAvailability({ timeZone: 'Mars/Base', days: 'tue', hours: '10:00-18:00', slotMinutes: 30 })).toThrow(
      /time zone/,
    );
    expect(() => parseSlotAvailability({ timeZone: 'UTC', days: 'tus', hours: '10:00-18:00', slotMinutes: 30 })).toThrow(/day/);
    expect(() => parseSlotAvailability({ timeZone: 'UTC', days: 'tue', hours: '18:00-10:00', slotMinutes: 30 })).toThrow(/hours/);
  });
});

describe('zoneShortName', () => {
  it('names the reference zone as it is at that instant', () => {
    expect(zoneShortName(at('2026-01-13T15:00:00Z'), 'America/New_York')).toBe('EST');
    expect(zoneShortName(at('2026-07-14T14:00:00Z'), 'America/New_York')).toBe('EDT');
  });
});
