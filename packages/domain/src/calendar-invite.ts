/**
 * iCalendar files (RFC 5545): the demo booking's invite, a deal's next meeting, the per-person feed
 * and the events of a CalDAV calendar (decision 042). Times
 * are written in UTC ("…Z"), so every calendar shows the event at the right moment in its own zone
 * whatever the zone of the person who downloaded it.
 */
export interface CalendarEvent {
  /** Stable for one event, so a second download updates it instead of adding another. */
  uid: string;
  start: Date | string;
  durationMinutes: number;
  title: string;
  description?: string;
  url?: string;
  /** When the file was written (DTSTAMP); passed in so the same event gives the same file. */
  stamp: Date;
  productId?: string;
}

/** 20261124T153000Z */
const utc = (value: Date | string) =>
  new Date(value)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and line breaks. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** How many bytes a string takes in UTF-8 (the domain runs without DOM or Node types). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Lines longer than 75 octets continue on the next line after a space (counted in UTF-8 bytes). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = utf8Length(ch);
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarInvite(event: CalendarEvent): string {
  return calendarFile([event], { productId: event.productId });
}

export interface CalendarFileOptions {
  productId?: string;
  /**
   * METHOD:PUBLISH for a file a person opens or subscribes to; null for an object stored on a
   * CalDAV server, which must carry no METHOD (RFC 4791 §4.1).
   */
  method?: 'PUBLISH' | null;
  /** The calendar's name in subscribing apps (X-WR-CALNAME). */
  name?: string;
}

/**
 * iCalendar text with any number of events: the one writer of the project's .ics (the booking
 * invite, a deal's meeting, the per-person feed and the events written to a CalDAV calendar).
 */
export function calendarFile(events: readonly CalendarEvent[], options: CalendarFileOptions = {}): string {
  const method = options.method === undefined ? 'PUBLISH' : options.method;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${options.productId ?? 'nexa'}`,
    ...(method ? [`METHOD:${method}`] : []),
    ...(options.name ? [`X-WR-CALNAME:${text(options.name)}`] : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function eventLines(event: CalendarEvent): string[] {
  const start = new Date(event.start);
  if (Number.isNaN(start.getTime())) throw new RangeError(`not a date: ${String(event.start)}`);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(new Date(start.getTime() + event.durationMinutes * 60_000))}`,
    `SUMMARY:${text(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
  ];
}
