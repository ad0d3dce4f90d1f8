import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guessMapping, headerKey, mapRows, missingColumns, validateRows } from './csv-mapping.ts';

const columns = [
  { field: 'name', aliases: ['company'], required: true },
  { field: 'domain', aliases: ['website', 'web site'] },
] as const;

describe('csv mapping', () => {
  it('reads headers as words', () => {
    expect(headerKey('  Web_Site ')).toBe('web site');
    expect(headerKey('e-mail')).toBe('e mail');
  });
  it('guesses each field from its name or an alias, each header once', () => {
    expect(guessMapping(columns, ['Company', 'Website', 'Notes'])).toEqual({ name: 'Company', domain: 'Website' });
    expect(guessMapping(columns, ['Notes'])).toEqual({ name: null, domain: null });
  });
  it('names the required fields left unmapped and maps rows by the chosen headers', () => {
    expect(missingColumns(columns, { name: null, domain: 'Website' })).toEqual(['name']);
    expect(mapRows([{ Company: 'Acme', Website: 'acme.com', Notes: 'x' }], { name: 'Company', domain: null })).toEqual([
      { name: 'Acme' },
    ]);
  });
  it('reports a refused row with its line in the file (header = line 1) and the field', () => {
    const schema = z.object({ name: z.string().min(1, 'is required') });
    const { valid, errors } = validateRows(schema, [{ name: 'A' }, { name: '' }], 100);
    expect(valid).toEqual([{ name: 'A' }]);
    expect(errors).toEqual([{ row: 103, field: 'name', message: 'name is required' }]);
  });
});
