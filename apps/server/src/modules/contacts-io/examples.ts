import type { z } from 'zod';
import type { crmContactsBodySchema, crmContactsResultSchema } from '@nexa/domain';

/** The OpenAPI document's examples for the ingest API's contacts (checked against their schemas by openapi-contract). */
export const CRM_CONTACTS_EXAMPLE = {
  contacts: [
    {
      external_id: 'crm-contact-311',
      full_name: 'Priya Nair',
      email: 'priya.nair@acme.example',
      title: 'CFO',
      account: 'Acme Corp',
      account_domain: 'acme.example',
      language: 'en',
      time_zone: 'Europe/London',
    },
    { email: 'omar.haddad@acme.example', full_name: 'Omar Haddad', account: 'Acme Corp' },
  ],
} satisfies z.input<typeof crmContactsBodySchema>;

export const CRM_CONTACTS_RESULT_EXAMPLE = {
  items: [
    { id: 311, external_id: 'crm-contact-311', created: true },
    { id: 87, external_id: null, created: false },
  ],
} satisfies z.input<typeof crmContactsResultSchema>;
