import { describe, expect, it } from 'vitest';
import { draftToInput, emptyDraft, talkTime, toggleRole } from './contact-logic.ts';

describe('contacts pages’ rules', () => {
  it('reads a talk time as m:ss, h:mm:ss past an hour, nothing without one', () => {
    expect(talkTime(0)).toBe('0:00');
    expect(talkTime(65.4)).toBe('1:05');
    expect(talkTime(3725)).toBe('1:02:05');
    expect(talkTime(null)).toBeNull();
    expect(talkTime(Number.NaN)).toBeNull();
  });

  it('sends the form as the server checks it', () => {
    expect(draftToInput(emptyDraft)).toEqual({ ok: false, error: 'required' });
    expect(draftToInput({ ...emptyDraft, full_name: 'Priya', email: 'nope' })).toEqual({ ok: false, error: 'invalid' });
    expect(draftToInput({ ...emptyDraft, full_name: ' Priya Sharma ', email: 'Priya@Acme.com', language: 'fr' })).toEqual({
      ok: true,
      value: { full_name: 'Priya Sharma', title: null, email: 'priya@acme.com', phone: null, language: 'fr', time_zone: null },
    });
  });

  it('keeps ticked roles in one order', () => {
    expect(toggleRole(['champion'], 'economic_buyer', true)).toEqual(['economic_buyer', 'champion']);
    expect(toggleRole(['economic_buyer', 'champion'], 'economic_buyer', false)).toEqual(['champion']);
  });
});
