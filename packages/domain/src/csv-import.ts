import { z } from 'zod';
import { isCurrencyCode } from './currency.ts';
import {
  guessMapping,
  importRowErrorSchema,
  rowsRequestSchema,
  validateRows,
  type ImportColumn,
  type ImportRowError,
} from './csv-mapping.ts';
import { fieldsWith, OPPORTUNITY_FIELDS, type FieldDeclaration, type ImportValue } from './opportunity-fields.ts';
import type { Random } from './random.ts';
import { isSingleLine } from './schemas/text.ts';

/** The fields a CSV import reads (opportunity-fields.ts: `imported`), in the order the mapping lists them. */
export const IMPORT_FIELDS = fieldsWith('imported');
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The columns a file must have: a row without them is no deal. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = IMPORT_FIELDS.filter(
  (field) => (OPPORTUNITY_FIELDS[field] as FieldDeclaration).imported?.required,
);

export const IMPORT_MAX_ROWS = 50_000;

/** The deal import's columns, as every CSV import describes them (csv-mapping.ts). */
export const IMPORT_COLUMNS: readonly ImportColumn<ImportField>[] = IMPORT_FIELDS.map((field) => ({
  field,
  aliases: OPPORTUNITY_FIELDS[field].imported.aliases,
  required: REQUIRED_IMPORT_FIELDS.includes(field),
}));

/** Maps each field to the first header that names it (exact field name or a known alias), or null. */
export const guessColumnMapping = (headers: readonly string[]): Record<ImportField, string | null> =>
  guessMapping(IMPORT_COLUMNS, headers);

/** "$12,500.50", "12 500", "12500" → 12500.5; anything else is not a number. */
export function parseAmount(raw: string): number | null {
  const cleaned = raw.replace(/[\s\u00a0\u202f$€,]/g, '').replace(/usd$/i, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** ISO dates and date-times, with or without time; calendar-checked (2026-02-30 is refused). */
export function parseDate(raw: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  const parsed = new Date(m[4] ? raw.trim().replace(' ', 'T') : `${y}-${mo}-${d}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const ONE_LINE = 'must be one line, without tabs or control characters';

/** A text cell: required (a missing or empty cell is refused) or optional (empty is null). */
function textCell(max: number, required: boolean, oneLine: boolean) {
  const text = required
    ? z.string({ error: 'is required' }).trim().min(1, 'is required').max(max)
    : z.string().trim().max(max, `must be at most ${max} characters`);
  const checked = oneLine ? text.refine(isSingleLine, ONE_LINE) : text;
  return required ? checked : checked.optional().transform((v) => v || null);
}

/**
 * A cell read by `read`, which answers the value or null when the text is not one (refused with
 * `what`). An empty cell is refused when required, else `empty`.
 */
function parsedCell<T>(read: (text: string) => T | null, what: string, required: boolean, empty: null | undefined) {
  return z
    .string({ error: 'is required' })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) {
        if (!required) return empty;
        ctx.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      const value = read(v);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not ${what}` });
        return z.NEVER;
      }
      return value;
    });
}

/** An amount a numeric(14,2) column holds. */
const amountOf = (text: string) => {
  const n = parseAmount(text);
  return n === null || n < 0 || n >= 1e12 ? null : n;
};

/** How a cell of this kind is read (opportunity-fields.ts); every value a string as it is in the file. */
export function importCellOf(key: string, field: FieldDeclaration): z.ZodType<unknown, string | undefined> {
  const required = !!field.imported?.required;
  // A column with a default (never null) takes it when the cell is empty.
  const empty = field.notNull ? undefined : null;
  switch (field.kind) {
    case 'text':
    case 'longText':
      return textCell(field.max!, required, !!field.oneLine);
    case 'money':
      return parsedCell(amountOf, 'an amount', required, empty);
    // A meeting is a moment (timestamp); a closing is a day.
    case 'datetime':
      return parsedCell((v) => parseDate(v)?.toISOString() ?? null, 'a date (YYYY-MM-DD)', required, empty);
    case 'date':
      return parsedCell((v) => parseDate(v)?.toISOString().slice(0, 10) ?? null, 'a date (YYYY-MM-DD)', required, empty);
    case 'choice':
      return parsedCell(
        (v) => field.options!.find((option) => option.toLowerCase() === v.toLowerCase()) ?? null,
        `one of ${field.options!.join(', ')}`,
        required,
        empty,
      );
    case 'currency':
      return parsedCell(
        (v) => (isCurrencyCode(v.toUpperCase()) ? v.toUpperCase() : null),
        'a currency code (ISO 4217)',
        required,
        empty,
      );
    default:
      throw new Error(`${key}: a field of kind ${field.kind} is not imported`);
  }
}

type Declared = typeof OPPORTUNITY_FIELDS;

/** One CSV row after column mapping: every value a string as read from the file. */
export const importRowSchema = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, importCellOf(field, OPPORTUNITY_FIELDS[field])])) as {
    [K in ImportField]: z.ZodType<ImportValue<Declared[K]>, string | undefined>;
  },
);
export type ImportRow = z.output<typeof importRowSchema>;

export const importRequestSchema = rowsRequestSchema(IMPORT_MAX_ROWS);

export const importResultSchema = z.object({
  inserted: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Validates every row; the valid ones and a reason for each invalid one (row numbers as in the file:
 * `firstIndex` is where `rows` starts in it, when a file is validated a batch at a time).
 */
export const validateImportRows = (
  rows: ReadonlyArray<Record<string, string>>,
  firstIndex = 0,
): { valid: ImportRow[]; errors: ImportRowError[] } => validateRows(importRowSchema, rows, firstIndex);

export const SAMPLE_PRODUCT_NAMES = [
  'CRM Platform',
  'Marketing Suite',
  'Analytics Platform',
  'Sales Automation',
  'Support Desk',
] as const;

const SAMPLE_COMPANIES = [
  'Acme Corp',
  'Globex',
  'Initech',
  'Umbrella Industries',
  'Stark Solutions',
  'Wayne Enterprises',
  'Hooli',
  'Vandelay Imports',
  'Soylent Co',
  'Tyrell Systems',
];
const SAMPLE_CONTACTS = [
  'Jane Cooper',
  'Wade Warren',
  'Esther Howard',
  'Cameron Williamson',
  'Brooklyn Simmons',
  'Leslie Alexander',
  'Jenny Wilson',
  'Guy Hawkins',
  'Robert Fox',
  'Jacob Jones',
];
const SAMPLE_STATUSES = ['On-going', 'On-going', 'On-going', 'Closed-Win', 'Closed-Lost'];
const SAMPLE_LEADS = ['Hot Lead', 'Warm Lead', 'Cold Lead', 'Qualified', 'Pending'];

export interface SampleRow {
  account_manager: string;
  amount: number;
  client_company_name: string;
  client_name: string;
  product: string;
  status: string;
  lead_status: string;
  next_meeting_date: Date;
}

/** The sample data: 10 rows, amounts 5,000–105,000, meetings within 30 days, the five products. */
export function makeSampleRows(random: Random, accountManager: string, now: Date): SampleRow[] {
  return Array.from({ length: 10 }, (_, i) => ({
    account_manager: accountManager,
    amount: random.int(5, 105) * 1000,
    client_company_name: SAMPLE_COMPANIES[i]!,
    client_name: SAMPLE_CONTACTS[i]!,
    product: SAMPLE_PRODUCT_NAMES[i % SAMPLE_PRODUCT_NAMES.length]!,
    status: random.pick(SAMPLE_STATUSES),
    lead_status: random.pick(SAMPLE_LEADS),
    next_meeting_date: new Date(now.getTime() + random.int(1, 30 * 24) * 3_600_000),
  }));
}
