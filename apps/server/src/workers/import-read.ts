import { createHash } from 'node:crypto';
// The modules it needs, not the package's index: the thread starts faster.
import {
  ACCOUNT_IMPORT_COLUMNS,
  accountImportRowSchema,
  CONTACT_IMPORT_COLUMNS,
  contactImportRowSchema,
  peopleImportRequestSchema,
} from '@nexa/domain/contact-import';
import { importRequestSchema, importRowSchema, REQUIRED_IMPORT_FIELDS, type ImportResult } from '@nexa/domain/csv-import';
import { validateRows, type ImportColumn } from '@nexa/domain/csv-mapping';
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
   * The valid rows (ImportRow[], or the kind's rows) of each batch as JSON text: a string crosses to the event loop's
   * thread as one copy, and each batch is parsed there only when its turn to be written comes.
   */
  batches: string[];
  errors: ImportResult['errors'];
  errorCount: number;
}

export type ImportBodyOutcome = ReadImport | { ok: false; message: string; field?: string };

/** What each CSV import reads: its request (the row cap), the columns a file must have, a row's schema. */
const KINDS = {
  opportunities: { request: importRequestSchema, required: REQUIRED_IMPORT_FIELDS, row: importRowSchema },
  accounts: { request: peopleImportRequestSchema, required: requiredOf(ACCOUNT_IMPORT_COLUMNS), row: accountImportRowSchema },
  contacts: { request: peopleImportRequestSchema, required: requiredOf(CONTACT_IMPORT_COLUMNS), row: contactImportRowSchema },
} as const;
export type ImportKind = keyof typeof KINDS;

function requiredOf(columns: readonly ImportColumn[]): readonly string[] {
  return columns.filter((column) => column.required).map((column) => column.field);
}

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
export function readImportBody(body: Uint8Array, kind: ImportKind = 'opportunities'): ImportBodyOutcome {
  const { request, required, row: rowSchema } = KINDS[kind];
  const hash = createHash('sha256').update(body).digest('hex');
  const text = new TextDecoder().decode(body);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return refused(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let json: unknown;
  try {
    json = guardedParse(text);
  } catch (error) {
    return refused(`Body is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = request.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || undefined;
    return refused(`${field ?? 'body'}: ${issue.message}`, field);
  }
  const rows = parsed.data.rows;
  for (const column of required) {
    if (!rows.some((row) => column in row)) return refused(`The file has no ${column} column`, column);
  }
  const batches: string[] = [];
  const errors: ImportResult['errors'] = [];
  let errorCount = 0;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = validateRows<unknown>(rowSchema, rows.slice(start, start + IMPORT_BATCH), start);
    errorCount += batch.errors.length;
    errors.push(...batch.errors.slice(0, MAX_REPORTED_ERRORS - errors.length));
    if (batch.valid.length) batches.push(JSON.stringify(batch.valid));
  }
  return { ok: true, hash, batches, errors, errorCount };
}
