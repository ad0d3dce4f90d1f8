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

/** Keeps an analysis in the deal's analysis history; its id. */
export async function insertCallAnalysis(tx: DbOrTx, values: typeof callAnalyses.$inferInsert): Promise<string> {
  const [analysis] = await tx.insert(callAnalyses).values(values).returning({ id: callAnalyses.id });
  return analysis!.id;
}
