import { describe, expect, it } from 'vitest';
import { calendarFile, calendarInvite, utf8Length } from './calendar-invite.ts';

const stamp = new Date('2026-11-24T10:00:00Z');

describe('calendarInvite', () => {
  it('writes one event in UTC with CRLF lines', () => {
    const ics = calendarInvite({
      uid: 'deal-42@nexa',
      // 10:30 in New York (UTC−5 in December) is 15:30 UTC: every calendar then shows its own local time.
      start: '2026-12-01T10:30:00-05:00',
      durationMinutes: 30,
      title: 'Northwind; CRM, follow-up',
      description: 'Line one\nLine two \\ done',
      stamp,
    });
    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        'PRODID:nexa',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:deal-42@nexa',
        'DTSTAMP:20261124T100000Z',
        'DTSTART:20261201T153000Z',
        'DTEND:20261201T160000Z',
        'SUMMARY:Northwind\\; CRM\\, follow-up',
        'DESCRIPTION:Line one\\nLine two \\\\ done',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const ics = calendarInvite({ uid: 'u', start: '2026-12-01T15:00:00Z', durationMinutes: 60, title: 'é'.repeat(80), stamp });
    const summary = ics
      .split('\r\n')
      .filter((line, i, all) => line.startsWith('SUMMARY') || all[i - 1]?.startsWith('SUMMARY') || line.startsWith(' '));
    for (const line of summary) expect(utf8Length(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${'é'.repeat(80)}`);
  });

  it('counts UTF-8 bytes as the folding rule needs them', () => {
    expect([utf8Length('a'), utf8Length('é'), utf8Length('€'), utf8Length('😀'), utf8Length('aé€😀')]).toEqual([1, 2, 3, 4, 10]);
  });

  it('refuses a start that is not a date', () => {
    expect(() => calendarInvite({ uid: 'u', start: 'soon', durationMinutes: 30, title: 't', stamp })).toThrow(RangeError);
  });
});

describe('calendarFile', () => {
  const event = (uid: string, start: string) => ({ uid, start, durationMinutes: 30, title: uid, stamp });

  it('writes every event in one calendar, named for subscribers', () => {
    const ics = calendarFile([event('a@nexa', '2026-12-01T09:00:00Z'), event('b@nexa', '2026-12-02T09:00:00Z')], {
      name: 'Nexa; tasks',
    });
    const lines = ics.split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('X-WR-CALNAME:Nexa\\; tasks');
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual(['UID:a@nexa', 'UID:b@nexa']);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('leaves METHOD out of an object stored on a CalDAV server, and an empty feed is still a calendar', () => {
    expect(calendarFile([event('a@nexa', '2026-12-01T09:00:00Z')], { method: null })).not.toContain('METHOD');
    expect(calendarFile([])).toBe(
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:nexa', 'METHOD:PUBLISH', 'END:VCALENDAR', ''].join('\r\n'),
    );
  });
});
