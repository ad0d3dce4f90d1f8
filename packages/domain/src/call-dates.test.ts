import { describe, expect, it } from 'vitest';
import { datesIn } from './call-dates.ts';

// A Tuesday.
const reference = new Date('2026-11-24T10:00:00Z');
const first = (text: string) => datesIn(text, reference)[0]?.date ?? null;

describe('datesIn', () => {
  it('reads English dates and times, a bare hour as the afternoon', () => {
    expect(first('Can we talk next Tuesday at 3?')).toBe('2026-12-01T15:00:00.000Z');
    expect(first('Shall we meet next Thursday at 10am?')).toBe('2026-11-26T10:00:00.000Z');
    expect(first('We need it live by the end of March.')).toBe('2027-03-31T12:00:00.000Z');
    expect(first('If we can go live before 30 September, we sign.')).toBe('2027-09-30T12:00:00.000Z');
  });

  it('reads quarters in both languages (chrono has none)', () => {
    expect(first('go-live in Q2')).toBe('2027-06-30T12:00:00.000Z');
    expect(first('a rollout in Q4')).toBe('2026-12-31T12:00:00.000Z');
    expect(first('mise en production au T3 2027')).toBe('2027-09-30T12:00:00.000Z');
    expect(first('lancement au deuxième trimestre')).toBe('2027-06-30T12:00:00.000Z');
  });

  it('reads French dates, "fin mars" included', () => {
    expect(first("On signe d'ici fin mars.")).toBe('2027-03-31T12:00:00.000Z');
    expect(first('On se revoit mardi prochain à 15h ?')).toBe('2026-12-01T15:00:00.000Z');
    expect(first('Le pilote démarre début janvier.')).toBe('2027-01-01T12:00:00.000Z');
    expect(datesIn('mardi prochain à 15h', reference)).toHaveLength(1);
  });

  it('ignores what is not a date in a call', () => {
    expect(datesIn('Give me a second, I can do that in a minute.', reference)).toEqual([]);
    expect(datesIn('We have 5,000 devices at 3 sites.', reference)).toEqual([]);
  });
});
