import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX_LENGTH } from './file-name.ts';

describe('cleanFileName', () => {
  it('keeps a plain name as it is, accents and spaces included', () => {
    expect(cleanFileName('CV Léa Dubois (2026).pdf')).toBe('CV Léa Dubois (2026).pdf');
  });

  it('keeps only the last path segment, with either slash', () => {
    expect(cleanFileName('C:\\Users\\ada\\cv.docx')).toBe('cv.docx');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('folder/call.txt/')).toBe('call.txt');
  });

  it.each([
    ['RLO', 'cv\u202Efdp.exe'],
    ['LRE/RLE/PDF/LRO', '\u202A\u202Bcv\u202C\u202Dfdp.exe'],
    ['isolates LRI/RLI/FSI/PDI', '\u2066c\u2067v\u2068fdp\u2069.exe'],
    ['LRM and RLM', 'cv\u200E\u200Ffdp.exe'],
    ['the Arabic letter mark', 'cv\u061Cfdp.exe'],
  ])('drops bidirectional controls (%s)', (_name, input) => {
    expect(cleanFileName(input)).toBe('cvfdp.exe');
  });

  it('drops control characters, DEL and the double quote', () => {
    expect(cleanFileName('a\u0000b\u0007c\u001fd\u007fe\u0085f"g.txt')).toBe('abcdefg.txt');
  });

  it('keeps the end of a long name, without cutting a character in two', () => {
    const long = `${'😀'.repeat(300)}.pdf`;
    const cleaned = cleanFileName(long);
    expect(Array.from(cleaned)).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(cleaned.endsWith('😀.pdf')).toBe(true);
    // No lone surrogate: every character survived whole.
    expect(cleaned).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('is empty when nothing is left', () => {
    expect(cleanFileName('\u202E"/')).toBe('');
  });
});
