import { withStage, type CallAnalysis } from '@nexa/domain';
import { opportunities } from '../src/db/schema.ts';
import type { HttpClient, TestServer } from './test-app.ts';

/** A short English call: the rep (first speaker) answers the prospect's technical questions. */
export const SHORT_CALL = [
  'Alice Archer: Thanks for joining, Tom. Our platform captures every requirement during the call.',
  'Tom (Acme): Do you support SSO with Okta?',
  'Alice Archer: Yes, we support SAML single sign-on with Okta and Azure AD.',
  'Tom (Acme): Our budget is around 40k€ for this year, and the CFO signs off.',
  'Alice Archer: I will send the security documentation today.',
  "Tom (Acme): Great, let's meet next Tuesday at 2pm for the demo.",
].join('\n');

export function transcriptForm(fields: Record<string, string>, file?: { name: string; content: Buffer | string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    form.set('transcript', new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

export async function createOpportunity(
  server: TestServer,
  ownerId: string,
  accountManager: string,
  extra: Partial<typeof opportunities.$inferInsert> = {},
) {
  const [row] = await server.database.db
    .insert(opportunities)
    .values(
      withStage({
        owner_id: ownerId,
        account_manager: accountManager,
        client_company_name: 'Acme Corp',
        product: 'CRM Platform',
        status: 'On-going',
        ...extra,
      }),
    )
    .returning({ id: opportunities.id });
  return row!.id;
}

/**
 * Polls a job until it is finished (the worker of the test server runs it); `jobs` is where its
 * client reads jobs: /api/jobs for a signed-in person, /api/v1/jobs for an API key.
 */
export async function waitForJob(client: HttpClient, id: string, timeoutMs = 15_000, jobs = '/api/jobs') {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`${jobs}/${id}`);
    if (response.status !== 200) throw new Error(`job ${id}: ${response.status} ${response.text}`);
    if (response.body.status === 'succeeded' || response.body.status === 'failed') return response.body;
    if (Date.now() > until) throw new Error(`job ${id} still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A valid analysis with nothing in it but what `over` sets. */
export const analysisWith = (over: Partial<CallAnalysis>): CallAnalysis => ({
  language: 'en',
  quick: false,
  technicalRequirements: [],
  commercialPoints: [],
  technicalScore: { score: 5, reasons: [] },
  commercialScore: { score: 5, reasons: [] },
  feedback: { technical: '', commercial: '' },
  nextSteps: [],
  suggestedLeadStatus: null,
  nextMeeting: null,
  ...over,
});
