import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_IMPORT_COLUMNS,
  accountImportRowSchema,
  CONTACT_IMPORT_COLUMNS,
  contactImportRowSchema,
  languageOf,
} from './contact-import.ts';
import { guessMapping, validateRows } from './csv-mapping.ts';

describe('account and contact import', () => {
  it('guesses a CRM export’s headers, in English and French', () => {
    expect(
      guessMapping(CONTACT_IMPORT_COLUMNS, ['Full Name', 'E-mail', 'Job Title', 'Company', 'Website', 'Time zone']),
    ).toMatchObject({
      full_name: 'Full Name',
      email: 'E-mail',
      title: 'Job Title',
      account: 'Company',
      account_domain: 'Website',
      time_zone: 'Time zone',
    });
    expect(guessMapping(ACCOUNT_IMPORT_COLUMNS, ['Société', 'Site web', 'Secteur', 'Pays'])).toEqual({
      name: 'Société',
      domain: 'Site web',
      industry: 'Secteur',
      size: null,
      country: 'Pays',
    });
  });
  it('reads a contact row: e-mail lower case, domain from a web address, language and zone checked', () => {
    expect(
      contactImportRowSchema.parse({
        full_name: ' Priya Nair ',
        email: 'Priya.Nair@Acme.COM',
        account_domain: 'https://www.acme.com/about',
        language: 'Français',
        time_zone: 'Europe/Paris',
      }),
    ).toEqual({
      full_name: 'Priya Nair',
      email: 'priya.nair@acme.com',
      phone: null,
      title: null,
      account: null,
      account_domain: 'acme.com',
      language: 'fr',
      time_zone: 'Europe/Paris',
    });
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('Deutsch')).toBeNull();
  });
  it('refuses each bad cell with its line', () => {
    const { valid, errors } = validateRows(contactImportRowSchema, [
      { full_name: 'A', email: 'not-an-address' },
      { full_name: '' },
      { full_name: 'B', time_zone: 'Mars/Olympus' },
      { full_name: 'C', phone: 'call me' },
      { full_name: 'D\tE' },
    ]);
    expect(valid).toEqual([]);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'email'],
      [3, 'full_name'],
      [4, 'time_zone'],
      [5, 'phone'],
      [6, 'full_name'],
    ]);
  });
  it('reads an account row; a shared mail host is no company domain', () => {
    expect(accountImportRowSchema.parse({ name: 'Acme Inc.', domain: 'ACME.com' })).toMatchObject({
      name: 'Acme Inc.',
      domain: 'acme.com',
    });
    expect(accountImportRowSchema.safeParse({ name: 'Acme', domain: 'gmail.com' }).success).toBe(false);
  });
});
