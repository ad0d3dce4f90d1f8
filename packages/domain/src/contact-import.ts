import { z } from 'zod';
import { domainOf } from './accounts.ts';
import { rowsRequestSchema, importRowErrorSchema, type ImportColumn } from './csv-mapping.ts';
import { isSingleLine } from './schemas/text.ts';
import { isTimeZone } from './time-zone.ts';

/**
 * CSV import of accounts (client companies) and of contacts: the columns each reads, with the
 * headers a CRM's export or a spreadsheet gives them (English and French), and how a cell is read.
 * A contact's account is found by its name or web domain (the server's resolveAccount), or created.
 */

/** Rows per file: each kind lands in one transaction (decision in docs/decisions, see the import). */
export const PEOPLE_IMPORT_MAX_ROWS = 20_000;

export const ACCOUNT_IMPORT_COLUMNS = [
  {
    field: 'name',
    required: true,
    aliases: [
      'account',
      'account name',
      'company',
      'company name',
      'organization',
      'organisation',
      'client company name',
      'société',
      'entreprise',
      'compte',
    ],
  },
  { field: 'domain', aliases: ['website', 'web site', 'web domain', 'company domain', 'url', 'site', 'site web', 'domaine'] },
  { field: 'industry', aliases: ['company industry', 'sector', 'secteur', 'industrie'] },
  { field: 'size', aliases: ['company size', 'employees', 'headcount', 'taille', 'effectif'] },
  { field: 'country', aliases: ['pays', 'country code'] },
] as const satisfies readonly ImportColumn[];

export const CONTACT_IMPORT_COLUMNS = [
  {
    field: 'full_name',
    required: true,
    aliases: ['name', 'full name', 'contact', 'contact name', 'client name', 'nom', 'nom complet'],
  },
  { field: 'email', aliases: ['e mail', 'email address', 'e mail address', 'mail', 'courriel', 'adresse e mail'] },
  { field: 'phone', aliases: ['phone number', 'telephone', 'téléphone', 'tel', 'mobile', 'portable'] },
  { field: 'title', aliases: ['job title', 'position', 'fonction', 'poste', 'titre'] },
  {
    field: 'account',
    aliases: ['account name', 'company', 'company name', 'organization', 'organisation', 'société', 'entreprise', 'compte'],
  },
  { field: 'account_domain', aliases: ['domain', 'website', 'company domain', 'web domain', 'site web', 'domaine'] },
  { field: 'language', aliases: ['lang', 'langue', 'preferred language'] },
  { field: 'time_zone', aliases: ['timezone', 'tz', 'time zone', 'fuseau horaire'] },
] as const satisfies readonly ImportColumn[];

export type AccountImportField = (typeof ACCOUNT_IMPORT_COLUMNS)[number]['field'];
export type ContactImportField = (typeof CONTACT_IMPORT_COLUMNS)[number]['field'];

const ONE_LINE = 'must be one line, without tabs or control characters';

/** An optional one-line text cell: empty is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isSingleLine, ONE_LINE)
    .optional()
    .transform((v) => v || null);

const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(isSingleLine, ONE_LINE);

/** An optional cell read by `read` (null: not one, refused with `what`); empty is null. */
function readCell<T>(read: (text: string) => T | null, what: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const value = read(v);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not ${what}` });
        return z.NEVER;
      }
      return value;
    });
}

const EMAIL = z.email();
/** An e-mail address, stored lower case. */
export const emailOf = (text: string): string | null => {
  const lower = text.toLowerCase();
  return lower.length <= 254 && EMAIL.safeParse(lower).success ? lower : null;
};

const LANGUAGE_NAMES: Record<string, 'en' | 'fr'> = {
  en: 'en',
  english: 'en',
  anglais: 'en',
  fr: 'fr',
  french: 'fr',
  français: 'fr',
  francais: 'fr',
};
/** 'en' or 'fr', from a code (en-GB) or the language's name in either language. */
export const languageOf = (text: string): 'en' | 'fr' | null =>
  LANGUAGE_NAMES[text.toLowerCase()] ?? LANGUAGE_NAMES[text.toLowerCase().split(/[-_]/)[0]!] ?? null;

export const accountImportRowSchema = z.object({
  name: requiredText(200),
  domain: readCell(domainOf, 'a web domain'),
  industry: optionalText(120),
  size: optionalText(40),
  country: optionalText(80),
});
export type AccountImportRow = z.output<typeof accountImportRowSchema>;

export const contactImportRowSchema = z.object({
  full_name: requiredText(200),
  email: readCell(emailOf, 'an e-mail address'),
  phone: readCell((v) => (v.length <= 40 && /^[+()\d\s./-]{3,}$/.test(v) && /\d/.test(v) ? v : null), 'a phone number'),
  title: optionalText(200),
  account: optionalText(200),
  account_domain: readCell(domainOf, 'a web domain'),
  language: readCell(languageOf, 'en or fr'),
  time_zone: readCell((v) => (isTimeZone(v) ? v : null), 'a time zone (e.g. Europe/Paris)'),
});
export type ContactImportRow = z.output<typeof contactImportRowSchema>;

export const peopleImportRequestSchema = rowsRequestSchema(PEOPLE_IMPORT_MAX_ROWS);

export const peopleImportResultSchema = z.object({
  inserted: z.number().int(),
  /** Rows that matched a record already there (accounts by name or domain, contacts by e-mail) and updated it. */
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
});
export type PeopleImportResult = z.infer<typeof peopleImportResultSchema>;
