import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys, callAnalyses, opportunities, users } from '../../db/schema.ts';
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

/** An opportunity's analyses, newest first (at most `limit`), with who or which integration ran each. */
export async function callAnalysesOf(db: Db, opportunityId: number, limit: number) {
  return db
    .select({
      id: callAnalyses.id,
      createdAt: callAnalyses.created_at,
      createdById: callAnalyses.created_by,
      createdByName: users.full_name,
      apiKeyName: apiKeys.name,
      provider: callAnalyses.provider,
      model: callAnalyses.model,
      language: callAnalyses.language,
      transcriptName: callAnalyses.transcript_name,
    })
    .from(callAnalyses)
    .leftJoin(users, eq(users.id, callAnalyses.created_by))
    .leftJoin(apiKeys, eq(apiKeys.id, callAnalyses.api_key_id))
    .where(eq(callAnalyses.opportunity_id, opportunityId))
    .orderBy(desc(callAnalyses.created_at), desc(callAnalyses.id))
    .limit(limit);
}

/** One analysis's stored result and the transcript's lines (what its citations point into). */
export async function callAnalysisResult(db: Db, id: string) {
  const [row] = await db
    .select({ result: callAnalyses.result, lines: callAnalyses.transcript_lines })
    .from(callAnalyses)
    .where(eq(callAnalyses.id, id));
  return row;
}

/** Keeps an analysis in the deal's analysis history; its id. */
export async function insertCallAnalysis(tx: DbOrTx, values: typeof callAnalyses.$inferInsert): Promise<string> {
  const [analysis] = await tx.insert(callAnalyses).values(values).returning({ id: callAnalyses.id });
  return analysis!.id;
}
