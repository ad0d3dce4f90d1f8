import { z } from 'zod';

/**
 * What every CSV import shares (deals, accounts, contacts): the browser reads the file, guesses
 * which header feeds which field (its name or a known alias), a person corrects the mapping, and
 * the server checks each mapped row with the kind's row schema, answering a reason per refused row
 * with its line in the file (the header being line 1).
 */

/** A field a CSV import reads: the names a header may give it, and whether a file must have it. */
export interface ImportColumn<F extends string = string> {
  field: F;
  aliases: readonly string[];
  required?: boolean;
}

/** A header as compared: trimmed, lower case, `_ - .` read as spaces ("Deal_Value" is "deal value"). */
export const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ');

/** Maps each field to the first header that names it (exact field name or a known alias), or null; each header once. */
export function guessMapping<F extends string>(
  columns: readonly ImportColumn<F>[],
  headers: readonly string[],
): Record<F, string | null> {
  const mapping = {} as Record<F, string | null>;
  const taken = new Set<string>();
  for (const { field, aliases } of columns) {
    // Aliases read as headers do ('prochain rendez-vous' is 'prochain rendez vous' once read).
    const names = [field, ...aliases].map(headerKey);
    const found = headers.find((h) => !taken.has(h) && names.includes(headerKey(h))) ?? null;
    if (found) taken.add(found);
    mapping[field] = found;
  }
  return mapping;
}

/** The mapped rows: field → the cell's text, for the fields that were mapped. */
export function mapRows<F extends string>(
  rows: ReadonlyArray<Record<string, string>>,
  mapping: Record<F, string | null>,
): Array<Record<string, string>> {
  const pairs = (Object.entries(mapping) as Array<[F, string | null]>).filter((pair): pair is [F, string] => !!pair[1]);
  return rows.map((row) => Object.fromEntries(pairs.map(([field, header]) => [field, row[header] ?? ''])));
}

/** The fields a mapping leaves without a column although a file must have them. */
export const missingColumns = <F extends string>(columns: readonly ImportColumn<F>[], mapping: Record<F, string | null>): F[] =>
  columns.filter((column) => column.required && !mapping[column.field]).map((column) => column.field);

/** The body of an import: the mapped rows, at most `maxRows`. */
export const rowsRequestSchema = (maxRows: number) =>
  z.object({
    rows: z
      .array(z.record(z.string(), z.string().max(10_000)))
      .min(1, 'the file has no rows')
      .max(maxRows, `at most ${maxRows} rows per file`),
  });

export interface ImportRowError {
  /** Line in the file, the header being line 1. */
  row: number;
  field: string;
  message: string;
}

export const importRowErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });

/**
 * Validates every row with `schema`; the valid ones and a reason for each invalid one (row numbers as
 * in the file: `firstIndex` is where `rows` starts in it, when a file is validated a batch at a time).
 */
export function validateRows<T>(
  schema: z.ZodType<T, unknown>,
  rows: ReadonlyArray<Record<string, string>>,
  firstIndex = 0,
): { valid: T[]; errors: ImportRowError[] } {
  const valid: T[] = [];
  const errors: ImportRowError[] = [];
  rows.forEach((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) valid.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'row');
      errors.push({ row: firstIndex + index + 2, field, message: `${field} ${issue.message}` });
    }
  });
  return { valid, errors };
}
