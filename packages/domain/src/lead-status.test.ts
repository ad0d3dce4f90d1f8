import { describe, expect, it } from 'vitest';
import {
  activityMark,
  distinctLeadStatuses,
  leadBadgeTone,
  leadStatusKey,
  leadTemperature,
  meetingDotTone,
  statusIconTone,
} from './lead-status.ts';
import { resolvePipeline } from './pipeline-model.ts';

describe('lead status rules', () => {
  it.each([
    ['Hot Lead', 'HOT'],
    ['warm', 'WARM'],
    ['COLD LEAD', 'COLD'],
    ['Qualified', 'Qualified'],
    ['', 'N/A'],
    [null, 'N/A'],
  ])('temperature of %s is %s', (input, expected) => expect(leadTemperature(input)).toBe(expected));

  it.each([
    ['Hot Lead', 'red'],
    ['Warm', 'orange'],
    ['Cold Lead', 'blue'],
    ['Closed Won', 'green'],
    ['Closed Lost', 'red'],
    ['Pending', 'grey'],
  ])('badge of %s is %s', (input, expected) => expect(leadBadgeTone(input)).toBe(expected));

  it.each([
    ['Warm Lead', 'yellow'],
    ['Hot', 'red'],
    ['Qualified', 'green'],
    ['Unqualified', 'red'],
    ['Disqualified', 'red'],
    ['New', 'blue'],
    ['Contacted', 'yellow'],
    ['Pending', 'grey'],
    [null, 'grey'],
  ])('calendar dot of %s is %s', (input, expected) => expect(meetingDotTone(input)).toBe(expected));

  it.each([
    ['Closed Won', 'CLOSED WON'],
    ['Closed Lost', 'CLOSED LOST'],
    ['Hot Lead', 'HOT'],
    ['Pending', '?'],
  ])('activity mark of %s is %s', (input, expected) => expect(activityMark(input)).toBe(expected));

  it.each([
    ['Negotiation', 'amber'],
    ['Qualified', 'amber'],
    ['Closed-Win', 'green'],
    ['Closed Won', 'green'],
    ['Closed-Lost', 'red'],
    ['perdu', 'red'],
    ['On-going', 'info'],
  ])('status icon of %s is %s', (input, expected) => expect(statusIconTone(resolvePipeline(input).stage)).toBe(expected));

  it('keeps one lead status per meaning, whatever its spelling', () => {
    expect(distinctLeadStatuses(['Warm', 'Warm Lead', 'hot lead', 'HOT', 'Qualified', 'qualified ', 'Cold'])).toEqual([
      'Warm',
      'hot lead',
      'Qualified',
      'Cold',
    ]);
  });
});

describe('leadStatusKey: one lead-status list (issue 33)', () => {
  it.each([
    ['Cold', 'COLD'],
    ['Cold Lead', 'COLD'],
    ['cold lead', 'COLD'],
    ['Hot Lead', 'HOT'],
    ['warm', 'WARM'],
    ['Pending', 'PENDING'],
    [' Pending ', 'PENDING'],
  ])('%s is filtered as %s', (input, expected) => expect(leadStatusKey(input)).toBe(expected));
});
