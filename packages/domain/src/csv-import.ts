import { z } from 'zod';
import type { Random } from './random.ts';

/** The sample rows' fields, plus the company fields a CRM export usually carries. */
export const IMPORT_FIELDS = [
  'account_manager',
  'product',
  'client_company_name',
  'client_name',
  'amount',
  'status',
  'lead_status',
  'next_meeting_date',
  'closing_date',
  'company_industry',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['client_company_name', 'product', 'amount'];

export const IMPORT_MAX_ROWS = 50_000;

const ALIASES: Record<ImportField, string[]> = {
  account_manager: ['account manager', 'owner', 'sales rep', 'representative', 'rep'],
  product: ['product', 'product name', 'produit'],
  client_company_name: [
    'client company name',
    'client company',
    'company',
    'company name',
    'account',
    'entreprise',
    'société',
    'societe',
  ],
  client_name: ['client name', 'client', 'contact', 'contact name'],
  amount: ['amount', 'value', 'deal value', 'deal amount', 'montant'],
  status: ['status', 'stage', 'statut'],
  lead_status: ['lead status', 'lead', 'temperature'],
  next_meeting_date: ['next meeting date', 'next meeting', 'meeting date', 'meeting', 'prochain rendez-vous'],
  closing_date: ['closing date', 'close date', 'closed date', 'date de clôture'],
  company_industry: ['company industry', 'industry', 'secteur'],
};

const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ');

/** Maps each field to the first header that names it (exact field name or a known alias), or null. */
export function guessColumnMapping(headers: readonly string[]): Record<ImportField, string | null> {
  const mapping = {} as Record<ImportField, string | null>;
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const names = [headerKey(field), ...ALIASES[field]];
    const found = headers.find((h) => !taken.has(h) && names.includes(headerKey(h))) ?? null;
    if (found) taken.add(found);
    mapping[field] = found;
  }
  return mapping;
}

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

const requiredText = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max);

/** An optional date cell: empty is null, a date is written with `write`, anything else is refused. */
const optionalDate = (write: (date: Date) => string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const d = parseDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return write(d);
    });

/** One CSV row after column mapping: every value a string as read from the file. */
export const importRowSchema = z.object({
  account_manager: optionalText(120),
  product: requiredText(200),
  client_company_name: requiredText(200),
  client_name: optionalText(200),
  amount: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .transform((v, ctx) => {
      const n = parseAmount(v);
      if (n === null || n < 0 || n >= 1e12) {
        ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not an amount` });
        return z.NEVER;
      }
      return n;
    }),
  status: optionalText(100),
  lead_status: optionalText(100),
  // A meeting is a moment (timestamp); a closing is a day.
  next_meeting_date: optionalDate((d) => d.toISOString()),
  closing_date: optionalDate((d) => d.toISOString().slice(0, 10)),
  company_industry: optionalText(120),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importRequestSchema = z.object({
  rows: z
    .array(z.record(z.string(), z.string().max(10_000)))
    .min(1, 'the file has no rows')
    .max(IMPORT_MAX_ROWS, `at most ${IMPORT_MAX_ROWS} rows per file`),
});

export interface ImportRowError {
  /** Line in the file, the header being line 1. */
  row: number;
  field: string;
  message: string;
}

export const importResultSchema = z.object({
  inserted: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Validates every row; the valid ones and a reason for each invalid one (row numbers as in the file:
 * `firstIndex` is where `rows` starts in it, when a file is validated a batch at a time).
 */
export function validateImportRows(
  rows: ReadonlyArray<Record<string, string>>,
  firstIndex = 0,
): {
  valid: ImportRow[];
  errors: ImportRowError[];
} {
  const valid: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  rows.forEach((row, index) => {
    const parsed = importRowSchema.safeParse(row);
    if (parsed.success) valid.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'row');
      errors.push({ row: firstIndex + index + 2, field, message: `${field} ${issue.message}` });
    }
  });
  return { valid, errors };
}

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
