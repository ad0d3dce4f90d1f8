import { describe, expect, it } from 'vitest';
import { defaultDue, fromInput, isTyping, toInput } from './task-time.ts';

describe('task times', () => {
  it('defaults a new task to 17:00 today before 16:00, else to 09:00 tomorrow, in the zone', () => {
    expect(defaultDue(Date.parse('2026-11-27T10:00:00Z'), 'Europe/Paris')).toBe(Date.parse('2026-11-27T16:00:00Z'));
    expect(defaultDue(Date.parse('2026-11-27T16:30:00Z'), 'Europe/Paris')).toBe(Date.parse('2026-11-28T08:00:00Z'));
  });

  it("round-trips an input's value in the zone", () => {
    expect(toInput('2026-11-27T16:00:00.000Z', 'America/New_York')).toBe('2026-11-27T11:00');
    expect(fromInput('2026-11-27T11:00', 'America/New_York')).toBe('2026-11-27T16:00:00.000Z');
    expect(fromInput('', 'UTC')).toBeNull();
  });

  it('knows a field being typed in', () => {
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('li'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
