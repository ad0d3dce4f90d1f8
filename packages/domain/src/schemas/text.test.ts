import { describe, expect, it } from 'vitest';
import { isSingleLine } from './text.ts';

describe('isSingleLine', () => {
  it('accepts names in any script, with spaces, apostrophes and punctuation', () => {
    for (const name of ['Ada Lovelace', "Zoë O'Brien-Dupont", '李小龍', 'Acme; Beta, Inc.', 'Ünïcödé  name']) {
      expect(isSingleLine(name)).toBe(true);
    }
  });

  it('refuses line breaks and every control character', () => {
    for (const name of [
      'Ada\r\nBcc: x@evil.test',
      'Ada\nB',
      'Ada\rB',
      'Ada\tB',
      'Ada\0',
      'Ada\u007f',
      'Ada\u0085',
      'A\u2028B',
      'A\u2029B',
    ]) {
      expect(isSingleLine(name), JSON.stringify(name)).toBe(false);
    }
  });
});
