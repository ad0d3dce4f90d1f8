import { describe, expect, it } from 'vitest';
import { findNextMeeting } from './meeting-date.ts';
import { parseTranscript } from './transcript.ts';

// A Monday.
const reference = new Date('2026-03-02T09:00:00Z');
const meeting = (text: string) => findNextMeeting(parseTranscript(text), reference)?.date.toISOString() ?? null;

describe('findNextMeeting', () => {
  it.each([
    // "Next Thursday" is the Thursday of the next calendar week (docs/call-analysis.md).
    ["Let's meet next Thursday at 3pm for the demo.", '2026-03-12T15:00:00.000Z'],
    ["Let's meet this Thursday at 3pm for the demo.", '2026-03-05T15:00:00.000Z'],
    ['Can we schedule the call on Tuesday at 11am?', '2026-03-03T11:00:00.000Z'],
    ['Let us talk again next week, Tuesday at 11am.', '2026-03-10T11:00:00.000Z'],
    ['Follow-up call on March 14 at 10:00.', '2026-03-14T10:00:00.000Z'],
    ['Meeting on the 2nd of April at 9am.', '2026-04-02T09:00:00.000Z'],
    ['Demo on 2026-05-20.', '2026-05-20T10:00:00.000Z'],
    ['Call tomorrow at 4:30 pm', '2026-03-03T16:30:00.000Z'],
    ['On se revoit mardi prochain à 14h pour une démo.', '2026-03-10T14:00:00.000Z'],
    ['On se revoit demain à 14h pour une démo.', '2026-03-03T14:00:00.000Z'],
    ['On se revoit mardi en huit à 14h ?', '2026-03-10T14:00:00.000Z'],
    ['Un atelier le mercredi 11, à 10 h heure de Montréal ?', '2026-03-11T14:00:00.000Z'],
    ['Rendez-vous le 12 mars à 9h30.', '2026-03-12T09:30:00.000Z'],
    ['Un point dans deux semaines ?', '2026-03-16T10:00:00.000Z'],
    ['Réunion le 1er février.', '2027-02-01T10:00:00.000Z'],
  ])('%s', (text, expected) => {
    expect(meeting(text)).toBe(expected);
  });

  it('needs a meeting word and a date, and takes the last one agreed', () => {
    expect(meeting('We went live on Tuesday.')).toBeNull();
    expect(meeting('We had a demo of another tool last month.')).toBeNull();
    expect(meeting('Great meeting, thanks.')).toBeNull();
    expect(meeting('Anna: Meet on Tuesday?\nTom: Tuesday is bad, let us meet on Thursday at 2pm.')).toBe(
      '2026-03-05T14:00:00.000Z',
    );
  });
});

describe('findNextMeeting in the representative’s zone', () => {
  it('reads the day from the call’s date in that zone and puts an unnamed hour at 10:00 there', () => {
    // Sunday 1 March, 22:00 in Los Angeles (already Monday in UTC): "tomorrow" is Monday 2 March.
    const sundayEvening = new Date('2026-03-02T06:00:00Z');
    const lines = parseTranscript('Let us meet tomorrow for the demo.');
    expect(findNextMeeting(lines, sundayEvening, 'America/Los_Angeles')?.date.toISOString()).toBe('2026-03-02T18:00:00.000Z');
  });
});
