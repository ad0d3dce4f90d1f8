/**
 * Demo slots: availability is configuration, expressed as wall-clock hours in a
 * reference time zone. Pure and Intl-only, so the same rules run in the browser and the server,
 * and daylight-saving changes are the time zone database's business, not ours.
 */
export interface SlotAvailability {
  /** IANA zone the hours are expressed in, e.g. America/New_York. */
  timeZone: string;
  /** Days of the week offered, 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  /** First slot start and end of the day, minutes after midnight (wall clock in timeZone). */
  startMinute: number;
  endMinute: number;
  /** Length of one slot in minutes. */
  slotMinutes: number;
  /** How far ahead a slot may be booked, in days from now: the calendar offers no more. */
  horizonDays: number;
}

export const DEFAULT_SLOT_AVAILABILITY: SlotAvailability = {
  timeZone: 'America/New_York',
  weekdays: [2, 3, 5],
  startMinute: 10 * 60,
  endMinute: 18 * 60,
  slotMinutes: 30,
  horizonDays: 60,
};

/** The longest range one slot query may cover. */
export const MAX_SLOT_RANGE_DAYS = 62;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time of an instant in a zone. */
export function wallTimeIn(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: −5 h). */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const w = wallTimeIn(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time in a zone (for a time skipped by DST, the instant just after). */
export function instantOfWallTime(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = guess - zoneOffsetAt(guess, timeZone);
  const second = guess - zoneOffsetAt(first, timeZone);
  return second;
}

const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Whether an instant is the start of an offered slot (ignoring whether it is past or booked). */
export function isSlotStart(instant: number, availability: SlotAvailability = DEFAULT_SLOT_AVAILABILITY): boolean {
  if (!Number.isFinite(instant) || instant % MINUTE !== 0) return false;
  const w = wallTimeIn(instant, availability.timeZone);
  if (!availability.weekdays.includes(weekdayOf(w.year, w.month, w.day))) return false;
  const minuteOfDay = w.hour * 60 + w.minute;
  if (minuteOfDay < availability.startMinute || minuteOfDay + availability.slotMinutes > availability.endMinute) return false;
  if ((minuteOfDay - availability.startMinute) % availability.slotMinutes !== 0) return false;
  // A wall time repeated or skipped by a DST change must map back to the same instant.
  return instantOfWallTime(w.year, w.month, w.day, minuteOfDay, availability.timeZone) === instant;
}

export type SlotRefusal = 'not_a_slot' | 'past' | 'too_far';

/** Why a requested slot cannot be booked, or null when it can (booking conflicts are the database's). */
export function slotRefusal(
  instant: number,
  now: number,
  availability: SlotAvailability = DEFAULT_SLOT_AVAILABILITY,
): SlotRefusal | null {
  if (!isSlotStart(instant, availability)) return 'not_a_slot';
  // A slot that has started can no longer be chosen.
  if (instant <= now) return 'past';
  if (instant > now + availability.horizonDays * DAY) return 'too_far';
  return null;
}

export interface SlotQuery {
  /** Range of slot starts, [from, to). */
  from: number;
  to: number;
  now: number;
  /** Start instants already booked. */
  booked?: ReadonlySet<number>;
  availability?: SlotAvailability;
}

/** Free slot starts (UTC ms) in [from, to), in order: offered, not started, not booked. */
export function freeSlots({ from, to, now, booked = new Set(), availability = DEFAULT_SLOT_AVAILABILITY }: SlotQuery): number[] {
  const end = Math.min(to, from + MAX_SLOT_RANGE_DAYS * DAY, now + availability.horizonDays * DAY + 1);
  const result: number[] = [];
  const first = wallTimeIn(from, availability.timeZone);
  // Walk calendar days of the reference zone; Date.UTC normalises day overflow into months.
  for (let offset = 0; ; offset++) {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const dayStart = instantOfWallTime(y, m, day, 0, availability.timeZone);
    if (dayStart >= end) break;
    if (!availability.weekdays.includes(d.getUTCDay())) continue;
    for (const start of daySlotStarts(y, m, day, availability)) {
      if (start < from || start >= end || start <= now || booked.has(start)) continue;
      result.push(start);
    }
  }
  return result;
}

/**
 * The slot starts of one calendar day. The zone's offset is read at the first and last slot: when
 * they agree (every day but a DST change inside the hours) the others follow by arithmetic,
 * which keeps a two-month listing to a few Intl calls a day.
 */
function daySlotStarts(year: number, month: number, day: number, availability: SlotAvailability): number[] {
  const { startMinute, endMinute, slotMinutes, timeZone } = availability;
  const minutes: number[] = [];
  for (let minute = startMinute; minute + slotMinutes <= endMinute; minute += slotMinutes) minutes.push(minute);
  if (minutes.length === 0) return [];
  const first = instantOfWallTime(year, month, day, minutes[0]!, timeZone);
  const last = instantOfWallTime(year, month, day, minutes.at(-1)!, timeZone);
  if (
    last - first === (minutes.at(-1)! - minutes[0]!) * MINUTE &&
    isSlotStart(first, availability) &&
    isSlotStart(last, availability)
  ) {
    return minutes.map((minute) => first + (minute - minutes[0]!) * MINUTE);
  }
  // A wall time skipped by the change maps onto a later one: keep each instant once.
  const starts = minutes
    .map((minute) => instantOfWallTime(year, month, day, minute, timeZone))
    .filter((start) => isSlotStart(start, availability));
  return [...new Set(starts)];
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * Reads availability from configuration text: days "tue,wed,fri", hours "10:00-18:00".
 * Throws a message naming what is wrong.
 */
export function parseSlotAvailability(input: {
  timeZone: string;
  days: string;
  hours: string;
  slotMinutes: number;
  horizonDays?: number;
}): SlotAvailability {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: input.timeZone });
  } catch {
    throw new Error(`unknown time zone ${input.timeZone}`);
  }
  const weekdays = input.days
    .split(',')
    .map((d) => d.trim().toLowerCase().slice(0, 3))
    .filter(Boolean)
    .map((d) => {
      const index = WEEKDAY_NAMES.indexOf(d as (typeof WEEKDAY_NAMES)[number]);
      if (index < 0) throw new Error(`unknown day ${d}`);
      return index;
    });
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(input.hours.trim());
  if (!match) throw new Error('hours must look like 10:00-18:00');
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
  const startMinute = h1 * 60 + m1;
  const endMinute = h2 * 60 + m2;
  if (endMinute > 24 * 60 || startMinute >= endMinute) throw new Error('hours must end after they start, within a day');
  if (!Number.isInteger(input.slotMinutes) || input.slotMinutes < 5 || input.slotMinutes > endMinute - startMinute) {
    throw new Error('slot length must fit the hours');
  }
  return {
    timeZone: input.timeZone,
    weekdays: [...new Set(weekdays)].sort(),
    startMinute,
    endMinute,
    slotMinutes: input.slotMinutes,
    horizonDays: input.horizonDays ?? DEFAULT_SLOT_AVAILABILITY.horizonDays,
  };
}

/** The short name of a zone at an instant in a locale, e.g. "EST" / "EDT" / "UTC−5". */
export function zoneShortName(instant: number, timeZone: string, locale = 'en-US'): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
