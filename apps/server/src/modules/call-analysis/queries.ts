import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { callAnalyses, opportunities } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { visibleTo } from '../opportunities/scope.ts';

/** Someone else's opportunity does not exist for a representative: both answer 404. */
export async function assertOpportunityVisible(db: Db, actor: Actor, opportunityId: number): Promise<void> {
  const [opportunity] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(and(eq(opportunities.id, opportunityId), visibleTo(actor)));
  if (!opportunity) throw notFound('Opportunity');
}

/** The deal's contact and company, which tell the prospect's speakers from the rep's. */
export async function opportunityContact(
  db: DbOrTx,
  opportunityId: number,
): Promise<{ contactName: string | null; clientCompany: string | null }> {
  const [row] = await db
    .select({ contactName: opportunities.client_name, clientCompany: opportunities.client_company_name })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  return { contactName: row?.contactName ?? null, clientCompany: row?.clientCompany ?? null };
}

/** A stored analysis's transcript lines, when it belongs to this opportunity (re-runs). */
export async function storedTranscript(
  db: Db,
  opportunityId: number,
  analysisId: string,
): Promise<{ lines: string[] | null; transcriptName: string | null } | null> {
  const [row] = await db
    .select({ lines: callAnalyses.transcript_lines, transcriptName: callAnalyses.transcript_name })
    .from(callAnalyses)
    .where(and(eq(callAnalyses.id, analysisId), eq(callAnalyses.opportunity_id, opportunityId)));
  return row ?? null;
}
