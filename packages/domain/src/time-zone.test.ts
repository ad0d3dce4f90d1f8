import { describe, expect, it } from 'vitest';
import { isTimeZone } from './time-zone.ts';

describe('isTimeZone', () => {
  it('knows IANA names, asked once or many times', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(isTimeZone('Europe/Paris')).toBe(true);
      expect(isTimeZone('America/Toronto')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
    }
  });

  it('refuses what is not a zone, however often it is asked', () => {
    for (let i = 0; i < 3; i += 1) {
      for (const value of ['Mars/Olympus', '', ' ', 'Europe/Paris\n', 42, null, undefined]) {
        expect(isTimeZone(value)).toBe(false);
      }
    }
  });
});
