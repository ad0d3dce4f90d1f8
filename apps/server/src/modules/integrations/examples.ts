import type { z } from 'zod';
import type { callInsightBodySchema, Job, transcriptIngestBodySchema } from '@nexa/domain';

/**
 * The ingest API's request and response examples in the OpenAPI document. Typed by the schemas they
 * illustrate, and parsed by them in the contract test, so an example cannot drift from the contract.
 */

export const CALL_INSIGHT_EXAMPLE = {
  external_id: 'crm-deal-4821',
  account_manager: 'Alice Archer',
  client_company_name: 'Acme Corp',
  product: 'CRM Platform',
  amount: 42000,
  lead_status: 'Warm',
  next_meeting_date: '2026-12-01T14:00:00Z',
  closing_date: '2027-01-31',
} satisfies z.input<typeof callInsightBodySchema>;

export const CALL_INSIGHT_RESULT_EXAMPLE = { opportunityId: 1042, created: true, changed: true };

export const TRANSCRIPT_EXAMPLE = {
  external_id: 'crm-deal-4821',
  account_manager: 'Alice Archer',
  client_company_name: 'Acme Corp',
  language: 'en',
  transcript:
    'Alice Archer: Thanks for your time. What do you need from the platform?\n' +
    'Bob Buyer: Single sign-on with Okta, and the budget is around 40k this year.\n' +
    'Alice Archer: SSO with Okta is supported. Shall we meet next Tuesday at 3pm?',
  transcript_name: 'call-2026-11-24.txt',
  attendees: [
    { name: 'Alice Archer', email: 'alice@yourcompany.example' },
    { name: 'Bob Buyer', email: 'bob.buyer@acme.example' },
  ],
} satisfies z.input<typeof transcriptIngestBodySchema>;

export const JOB_EXAMPLE = {
  id: '6f1d2c3b-8a47-4e51-9b0f-3c2d1e0a9b87',
  kind: 'transcript_analysis',
  status: 'queued',
  progress: 0,
  opportunityId: 1042,
  opportunityName: 'Acme Corp — CRM Platform',
  analysisId: null,
  error: null,
  createdAt: '2026-11-24T10:15:00.000Z',
  finishedAt: null,
} satisfies Job;

export const FINISHED_JOB_EXAMPLE = {
  ...JOB_EXAMPLE,
  status: 'succeeded',
  progress: 100,
  analysisId: '0b6c1f5e-2d7a-4c39-8e14-5a9f3b2c7d60',
  finishedAt: '2026-11-24T10:15:04.000Z',
} satisfies Job;
