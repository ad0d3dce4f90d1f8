import { describe, expect, it } from 'vitest';
import {
  guessColumnMapping,
  makeSampleRows,
  parseAmount,
  parseDate,
  SAMPLE_PRODUCT_NAMES,
  validateImportRows,
} from './csv-import.ts';
import { seededRandom } from './random.ts';

describe('parseAmount', () => {
  it.each([
    ['12500', 12500],
    ['$12,500', 12500],
    ['12 500', 12500],
    ['12500.5', 12500.5],
    [' $ 7,000.25 ', 7000.25],
    ['12500 USD', 12500],
    ['twelve', null],
    ['12.5.3', null],
    ['', null],
    ['1e5', null],
  ])('%j → %j', (raw, expected) => expect(parseAmount(raw)).toBe(expected));
});

describe('parseDate', () => {
  it.each([
    ['2026-03-14', '2026-03-14T00:00:00.000Z'],
    ['2026-03-14T10:30:00Z', '2026-03-14T10:30:00.000Z'],
    ['2026-03-14 10:30', new Date('2026-03-14T10:30').toISOString()],
    ['2026-02-30', null],
    ['14/03/2026', null],
    ['next tuesday', null],
  ])('%j', (raw, expected) => expect(parseDate(raw)?.toISOString() ?? null).toBe(expected));
});

describe('guessColumnMapping', () => {
  it('maps field names, spaced names and aliases, each header once', () => {
    const mapping = guessColumnMapping(['Company', 'Product', 'Deal Value', 'Contact', 'Next Meeting', 'Lead Status', 'Status']);
    expect(mapping).toMatchObject({
      client_company_name: 'Company',
      product: 'Product',
      amount: 'Deal Value',
      client_name: 'Contact',
      next_meeting_date: 'Next Meeting',
      lead_status: 'Lead Status',
      status: 'Status',
      account_manager: null,
    });
  });
  it('reads snake_case headers', () => {
    expect(guessColumnMapping(['client_company_name', 'amount']).client_company_name).toBe('client_company_name');
  });
});

describe('validateImportRows', () => {
  const good = { product: 'CRM Platform', client_company_name: 'Acme', amount: '$5,000', next_meeting_date: '2026-05-01' };
  it('keeps valid rows and reports each bad one with its line in the file', () => {
    const { valid, errors } = validateImportRows([
      good,
      { ...good, amount: 'lots' },
      { ...good, next_meeting_date: '31/12/2026' },
      { ...good, client_company_name: '  ' },
      { ...good, amount: '-5' },
    ]);
    expect(valid).toHaveLength(1);
    expect(valid[0]).toMatchObject({ amount: 5000, next_meeting_date: '2026-05-01T00:00:00.000Z', status: null });
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'amount'],
      [4, 'next_meeting_date'],
      [5, 'client_company_name'],
      [6, 'amount'],
    ]);
    expect(errors[0]!.message).toContain('is not an amount');
  });
  it("numbers a batch's rows as in the whole file", () => {
    const { errors } = validateImportRows([good, { ...good, amount: 'lots' }], 1_000);
    expect(errors.map((e) => e.row)).toEqual([1_003]);
  });
  it('reports a missing required column', () => {
    const { errors } = validateImportRows([{ product: 'X', amount: '1' }]);
    expect(errors[0]).toMatchObject({ row: 2, field: 'client_company_name' });
  });
});

describe('makeSampleRows', () => {
  it('makes the spec sample: 10 rows, amounts 5,000–105,000, meetings within 30 days, five products', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const rows = makeSampleRows(seededRandom(3), 'Alex Martin', now);
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.amount).toBeGreaterThanOrEqual(5000);
      expect(row.amount).toBeLessThanOrEqual(105000);
      const days = (row.next_meeting_date.getTime() - now.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(0);
      expect(days).toBeLessThanOrEqual(30);
      expect(row.account_manager).toBe('Alex Martin');
    }
    expect(new Set(rows.map((r) => r.product))).toEqual(new Set(SAMPLE_PRODUCT_NAMES));
  });
});
