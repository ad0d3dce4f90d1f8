import Papa from 'papaparse';
import type { Lead } from '@nexa/domain';

const COLUMNS: Array<keyof Lead> = [
  'created_at',
  'type',
  'full_name',
  'email',
  'company_name',
  'selected_date',
  'notes',
  'phone_number',
  'github_link',
  'linkedin_link',
  'introduction_text',
  'resume_original_name',
];

// A cell starting with = + - @ (or a tab/CR) is a formula to a spreadsheet: quote it as text.
const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function leadsCsv(leads: Lead[]): string {
  const rows = leads.map((lead) => COLUMNS.map((c) => neutralise(lead[c] === null ? '' : String(lead[c]))));
  return Papa.unparse({ fields: COLUMNS as string[], data: rows }, { newline: '\r\n' });
}
