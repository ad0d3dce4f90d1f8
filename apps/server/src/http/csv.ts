import Papa from 'papaparse';

// A cell starting with = + - @ (or a tab/CR) is a formula to a spreadsheet: quote it as text.
const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A CSV file a spreadsheet opens safely: a byte-order mark (Excel then reads UTF-8), CRLF lines,
 * and no cell a spreadsheet would run as a formula.
 */
export function safeCsv<Row>(columns: ReadonlyArray<keyof Row & string>, rows: ReadonlyArray<Row>): string {
  const data = rows.map((row) => columns.map((c) => neutralise(row[c] === null || row[c] === undefined ? '' : String(row[c]))));
  return `\uFEFF${Papa.unparse({ fields: [...columns], data }, { newline: '\r\n' })}`;
}

/** A download's Content-Disposition, with an ASCII name and the exact one for browsers that read it. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
