import { describe, expect, it } from 'vitest';
import { isCurrencyCode } from './currency.ts';
import { guessColumnMapping, importCellOf } from './csv-import.ts';
import {
  currencyOf,
  EXPORT_COLUMNS,
  fieldsWith,
  OPPORTUNITY_FIELDS,
  type FieldDeclaration,
  type OpportunityFieldKey,
} from './opportunity-fields.ts';
import { ingestSchemaOf } from './schemas/call-insights.ts';
import { editSchemaOf } from './schemas/opportunity-edit.ts';

const declared = Object.entries(OPPORTUNITY_FIELDS) as Array<[OpportunityFieldKey, FieldDeclaration]>;

describe('the declaration', () => {
  it('numbers the export’s columns 1, 2, 3… with no gap or repeat', () => {
    const columns = fieldsWith('exported').map((key) => (OPPORTUNITY_FIELDS[key] as FieldDeclaration).exported!.column);
    expect([...columns].sort((a, b) => a - b)).toEqual(columns.map((_, i) => i + 1));
    expect(EXPORT_COLUMNS.slice(0, 2)).toEqual([
      { field: 'id', header: 'id' },
      { field: 'owner_id', header: 'representative' },
    ]);
  });

  it('lets no import header name two fields', () => {
    const names = fieldsWith('imported').flatMap((key) => [
      ...new Set([key.replaceAll('_', ' '), ...OPPORTUNITY_FIELDS[key].imported.aliases]),
    ]);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    // Each field is found by each of its names.
    for (const key of fieldsWith('imported'))
      for (const alias of OPPORTUNITY_FIELDS[key].imported.aliases)
        expect(guessColumnMapping([alias.toUpperCase()])[key], alias).not.toBeNull();
  });

  it('puts in the forms only fields a person sets, and in the new-deal form only those a new deal takes', () => {
    for (const [key, field] of declared) {
      if (!field.form) continue;
      expect(field.editable, key).toBeDefined();
      if (field.form.create) expect(field.editable?.create, key).not.toBe('never');
    }
  });

  it('gives each choice its options, its initial value among them', () => {
    for (const [key, field] of declared) {
      if (field.kind !== 'choice') continue;
      expect(field.options?.length, key).toBeGreaterThan(1);
      if (field.initial) expect(field.options, key).toContain(field.initial);
    }
  });

  it('gives texts people or machines write a longest length', () => {
    for (const [key, field] of declared)
      if ((field.editable || field.imported || field.ingested) && ['text', 'longText', 'owner'].includes(field.kind))
        expect(field.max, key).toBeGreaterThan(0);
  });

  it('names as a money field’s currency a currency field, whose initial value is a known code', () => {
    for (const [key, field] of declared) {
      if (field.kind === 'currency') expect(isCurrencyCode(field.initial), key).toBe(true);
      if (field.kind !== 'money' || !field.currency) continue;
      expect((OPPORTUNITY_FIELDS as Record<string, FieldDeclaration>)[field.currency]?.kind, key).toBe('currency');
    }
  });
});

describe('currencyOf', () => {
  it('is the workspace’s currency for a deal that names none', () => {
    expect(currencyOf({ amount: 10 })).toBe('USD');
  });
});

// Each kind's rule in each channel, on fields made up for the test: a kind no field has yet is ready
// for the first that has it.
describe('the kinds', () => {
  const currency: FieldDeclaration = { kind: 'currency', initial: 'USD', notNull: true };
  const choice: FieldDeclaration = { kind: 'choice', options: ['Low', 'High'], initial: 'Low', notNull: true };

  it('currency: three upper-case letters of a known code, a cell in any case, empty for the default', () => {
    const edit = editSchemaOf('c', currency);
    expect(edit.safeParse('EUR').success).toBe(true);
    for (const bad of ['eur', 'XYZ', 'EURO', '', null]) expect(edit.safeParse(bad).success, String(bad)).toBe(false);
    const cellOf = importCellOf('c', currency);
    expect(cellOf.parse(' eur ')).toBe('EUR');
    expect(cellOf.parse('')).toBeUndefined();
    expect(cellOf.safeParse('euros').error?.issues[0]?.message).toBe('"euros" is not a currency code (ISO 4217)');
    const ingest = ingestSchemaOf('c', currency);
    expect(ingest.parse(undefined)).toBeUndefined();
    expect(ingest.safeParse('eur').success).toBe(false);
  });

  it('choice: one of its options (a cell in any case)', () => {
    expect(editSchemaOf('k', choice).safeParse('High').success).toBe(true);
    expect(editSchemaOf('k', choice).safeParse('high').success).toBe(false);
    expect(importCellOf('k', choice).parse('HIGH')).toBe('High');
    expect(importCellOf('k', choice).safeParse('Medium').success).toBe(false);
    expect(ingestSchemaOf('k', choice).safeParse('Medium').success).toBe(false);
  });

  it('text: a name is one line wherever it is written', () => {
    const name: FieldDeclaration = { kind: 'text', max: 20, oneLine: true, imported: { aliases: [] } };
    expect(editSchemaOf('n', name).safeParse('Ada\nBcc').error?.issues[0]?.message).toBe('invalid_characters');
    expect(importCellOf('n', name).safeParse('Ada\nBcc').success).toBe(false);
    expect(ingestSchemaOf('n', name).safeParse('Ada\nBcc').success).toBe(false);
    expect(importCellOf('n', name).parse('  ')).toBeNull();
  });

  it('money: a required cell is refused empty, an optional one is null', () => {
    const required: FieldDeclaration = { kind: 'money', imported: { aliases: [], required: true } };
    expect(importCellOf('m', required).safeParse('').error?.issues[0]?.message).toBe('is required');
    expect(importCellOf('m', { kind: 'money', imported: { aliases: [] } }).parse('')).toBeNull();
    expect(importCellOf('m', required).parse('$1,200.50')).toBe(1200.5);
  });

  it('refuses to let people write a kind they never set', () => {
    expect(() => editSchemaOf('x', { kind: 'score' })).toThrow(/score/);
    expect(() => importCellOf('x', { kind: 'id' })).toThrow(/id/);
  });
});
