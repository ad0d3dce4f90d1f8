import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { responses } from '../src/modules/calendar/caldav.ts';
import { eventStart } from '../src/modules/calendar/sync.ts';
import { PARIS_VTIMEZONE } from './caldav-target.ts';

/**
 * The multistatus answers of CalDAV servers other than radicale (which calendar.test.ts talks to):
 * the DAV: namespace under another prefix or as the default one, escaped and percent-encoded hrefs,
 * a member that failed — read the same way.
 */
describe('CalDAV multistatus', () => {
  it('reads a calendar collection under an upper-case prefix (as some servers write it)', () => {
    const xml = `<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
      <D:response><D:href>/dav/calendars/ana/work/</D:href><D:propstat><D:prop>
      <D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
      </D:multistatus>`;
    expect(responses(xml)).toEqual([{ href: '/dav/calendars/ana/work/', etag: null, calendar: true, ok: true }]);
  });

  it('reads members in the default namespace, with escaped ETags and encoded hrefs; a failed member is not ok', () => {
    const xml = `<multistatus xmlns="DAV:">
      <response><href>/cal/ana%20b/nexa-task-1.ics</href><propstat><prop><getetag>&quot;abc&quot;</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>
      <response><href>/cal/ana%20b/gone.ics</href><propstat><prop><getetag/></prop><status>HTTP/1.1 404 Not Found</status></propstat></response>
      </multistatus>`;
    expect(responses(xml)).toEqual([
      { href: '/cal/ana b/nexa-task-1.ics', etag: '"abc"', calendar: false, ok: true },
      { href: '/cal/ana b/gone.ics', etag: null, calendar: false, ok: false },
    ]);
  });

  it('does not take a plain collection for a calendar', () => {
    const xml = `<d:multistatus xmlns:d="DAV:"><d:response><d:href>/files/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
    expect(responses(xml)[0]).toMatchObject({ calendar: false });
  });
});

describe('a moved event read back', () => {
  const paris = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...PARIS_VTIMEZONE,
    'BEGIN:VEVENT',
    'UID:nexa-meeting-1@nexa',
    'DTSTAMP:20990101T000000Z',
    'DTSTART;TZID=Europe/Paris:20990711T163000',
    'SUMMARY:Meeting',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  it('takes its start in the zone the object defines, and leaves that zone out of ical.js’s process-wide registry', () => {
    // 16:30 in summer at +02:00: one person's calendar's zone must not become another's.
    expect(eventStart(paris)?.toISOString()).toBe('2099-07-11T14:30:00.000Z');
    expect(ICAL.TimezoneService.has('Europe/Paris')).toBe(false);
  });
});
