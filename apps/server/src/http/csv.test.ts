import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { safeCsv } from './csv.ts';

type Row = { name: string; notes: string | null; amount: number | null };
const COLUMNS = ['name', 'notes', 'amount'] as const;

/** The cells a spreadsheet sees when it splits each line on `delimiter` (honouring quotes). */
const cellsAs = (csv: string, delimiter: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true })
    .data.slice(1)
    .flat();
/** The cells of a reader that splits on the separator and ignores quoting altogether. */
const naiveCells = (csv: string, delimiter: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .flatMap((line) => line.split(delimiter))
    .map((cell) => cell.replace(/^[\s"]*/, ''));

const formula = (cell: string) => /^[=+\-@]/.test(cell);

describe('safeCsv', () => {
  const hostile = [
    "Acme;=cmd|' /C calc'!A0",
    'Acme,=HYPERLINK("http://evil")',
    'Acme\t@SUM(1+1)*cmd|"/C calc"!A0',
    'Acme; +1+cmd|" /C calc"!A0',
    'Acme;"=cmd|\' /C calc\'!A0"',
    'line one\n-2+3+cmd|" /C calc"!A0',
    '=1+1',
    '\t=1+1',
  ];

  it.each([',', ';', '\t'])('no cell runs as a formula in a spreadsheet splitting on %j', (delimiter) => {
    const csv = safeCsv<Row>(
      COLUMNS,
      hostile.map((name) => ({ name, notes: name, amount: 1 })),
    );
    for (const cell of [...cellsAs(csv, delimiter), ...naiveCells(csv, delimiter)]) {
      expect(formula(cell), JSON.stringify(cell)).toBe(false);
    }
  });

  it('keeps a cell holding a semicolon whole for a spreadsheet splitting on semicolons', () => {
    const csv = safeCsv<Row>(COLUMNS, [{ name: 'Acme; Beta', notes: null, amount: 5 }]);
    // One cell per line for a semicolon reader (the file's commas are not its separator).
    const [cell, ...others] = cellsAs(csv, ';');
    expect(others).toEqual([]);
    expect(cell).toMatch(/^Acme; Beta/);
    expect(cellsAs(csv, ',')).toEqual(['Acme; Beta', '', '5']);
  });

  it('leaves ordinary text, dates and numbers as they are', () => {
    const rows: Row[] = [
      { name: 'Ada Lovelace', notes: '2030-03-20, follow-up', amount: 20000 },
      { name: "O'Brien & Co", notes: 'a-b@example.com', amount: null },
    ];
    expect(cellsAs(safeCsv(COLUMNS, rows), ',')).toEqual([
      'Ada Lovelace',
      '2030-03-20, follow-up',
      '20000',
      "O'Brien & Co",
      'a-b@example.com',
      '',
    ]);
  });
});
