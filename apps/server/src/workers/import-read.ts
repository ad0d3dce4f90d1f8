import { createHash } from 'node:crypto';
// The one module it needs, not the package's index: the thread starts faster.
import { importRequestSchema, REQUIRED_IMPORT_FIELDS, validateImportRows, type ImportResult } from '@nexa/domain/csv-import';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http/json-body.ts';

/** Rows validated (and later written) per step of an import. */
export const IMPORT_BATCH = 1_000;
const MAX_REPORTED_ERRORS = 1_000;

/** An import body, read and checked: its valid rows a batch at a time, ready to write. */
export interface ReadImport {
  ok: true;
  /** sha256 of the body, hex: the same Idempotency-Key with another file is refused. */
  hash: string;
  /**
   * The valid rows (ImportRow[]) of each batch as JSON text: a string crosses to the event loop's
   * thread as one copy, and each batch is parsed there only when its turn to be written comes.
   */
  batches: string[];
  errors: ImportResult['errors'];
  errorCount: number;
}

export type ImportBodyOutcome = ReadImport | { ok: false; message: string; field?: string };

const refused = (message: string, field?: string): ImportBodyOutcome =>
  field ? { ok: false, message, field } : { ok: false, message };

/** The keys Fastify's own JSON parser refuses (prototype poisoning). */
function guardedParse(text: string): unknown {
  return JSON.parse(text, function (key, value: unknown) {
    if (key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value)) {
      throw new SyntaxError('Object contains forbidden prototype property');
    }
    return value;
  });
}

/**
 * What the import route did on the event loop, in a worker: the JSON parse (with the depth and
 * prototype guards of http/json-body.ts), the request schema, the required columns, each row's
 * validation. Refusals are outcomes, answered as 400 by the route.
 */
export function readImportBody(body: Uint8Array): ImportBodyOutcome {
  const hash = createHash('sha256').update(body).digest('hex');
  const text = new TextDecoder().decode(body);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return refused(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let json: unknown;
  try {
    json = guardedParse(text);
  } catch (error) {
    return refused(`Body is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = importRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || undefined;
    return refused(`${field ?? 'body'}: ${issue.message}`, field);
  }
  const rows = parsed.data.rows;
  for (const column of REQUIRED_IMPORT_FIELDS) {
    if (!rows.some((row) => column in row)) return refused(`The file has no ${column} column`, column);
  }
  const batches: string[] = [];
  const errors: ImportResult['errors'] = [];
  let errorCount = 0;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = validateImportRows(rows.slice(start, start + IMPORT_BATCH), start);
    errorCount += batch.errors.length;
    errors.push(...batch.errors.slice(0, MAX_REPORTED_ERRORS - errors.length));
    if (batch.valid.length) batches.push(JSON.stringify(batch.valid));
  }
  return { ok: true, hash, batches, errors, errorCount };
}
