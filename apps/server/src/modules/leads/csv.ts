import type { Lead } from '@nexa/domain';
import { safeCsv } from '../../http/csv.ts';

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

export const leadsCsv = (leads: Lead[]): string => safeCsv(COLUMNS, leads);
