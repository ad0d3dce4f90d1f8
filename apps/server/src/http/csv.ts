import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

// A cell starting with = + - @ (or a tab/CR) is a formula to a spreadsheet: quote it as text.
const FORMULA_START = /^[=+\-@\t\r]/;
// A spreadsheet may also cut a cell where this file does not: Excel in French (and every locale
// whose decimal mark is the comma) splits on `;`, a paste splits on tabs and lines, a careless
// reader on commas inside quotes. Whatever follows such a separator (after spaces or quotes) must
// not start a formula either: `Acme;=cmd|…` becomes `Acme;'=cmd|…`.
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)([=+\-@])/g;
// Cells the file's own separator would not quote but a semicolon or tab reader would cut.
const OTHER_SEPARATOR = /[;\t]/;

const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_SEPARATOR, "$1'$2");

/**
 * A CSV file a spreadsheet opens safely: a byte-order mark (Excel then reads UTF-8), CRLF lines,
 * no cell a spreadsheet would run as a formula, whatever separator it splits on, and a cell holding
 * a semicolon or a tab quoted so it stays one cell there.
 */
export function safeCsv<Row>(columns: ReadonlyArray<keyof Row & string>, rows: ReadonlyArray<Row>): string {
  const data = rows.map((row) => columns.map((c) => neutralise(row[c] === null || row[c] === undefined ? '' : String(row[c]))));
  const quotes = (value: unknown) => typeof value === 'string' && OTHER_SEPARATOR.test(value);
  return `\uFEFF${Papa.unparse({ fields: [...columns], data }, { newline: '\r\n', quotes })}`;
}

/** A download's Content-Disposition, with an ASCII name and the exact one for browsers that read it. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * A download of at most `max` rows, read as `max + 1` so that `X-Export-Truncated: true` can say
 * there were more: `type` is the media type (UTF-8), `render` writes the rows kept.
 */
export function cappedDownload<Row>(
  reply: FastifyReply,
  file: { type: string; name: string },
  rows: readonly Row[],
  max: number,
  render: (rows: readonly Row[]) => string,
) {
  return reply
    .type(`${file.type}; charset=utf-8`)
    .header('content-disposition', attachment(file.name))
    .header('x-export-truncated', String(rows.length > max))
    .send(render(rows.slice(0, max)));
}
