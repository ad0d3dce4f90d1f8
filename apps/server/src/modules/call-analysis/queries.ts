import { and, desc, eq, sql } from 'drizzle-orm';
import { callAnalysisSchema, type SpeakerRole } from '@nexa/domain';
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

/**
 * The workspace's people, everyone who sells (issue 34): each active user's full name, the name
 * deals are matched on and its aliases. A speaker so named is on the representative's side.
 */
export async function sellerTeam(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ fullName: users.full_name, name: users.account_manager_name, aliases: users.account_manager_aliases })
    .from(users)
    .where(eq(users.disabled, false));
  const names = rows.flatMap((row) => [row.fullName, row.name, ...(row.aliases ?? [])]).map((name) => name.trim());
  return [...new Set(names.filter(Boolean))];
}

/**
 * The roles a person chose for this deal's speakers on its earlier analyses (the rep's swap, or a
 * role set once): speaker name → role, the latest choice for each name winning. Reused as the next
 * analysis's role overrides, so a person set once stays set on the deal's later calls.
 */
export async function rememberedRoles(db: DbOrTx, opportunityId: number): Promise<Record<string, SpeakerRole>> {
  // Only the speakers of each stored result: the rest (every item, every score) is not read here.
  const rows = await db
    .select({ speakers: sql<unknown>`${callAnalyses.result} -> 'speakers'` })
    .from(callAnalyses)
    .where(eq(callAnalyses.opportunity_id, opportunityId))
    .orderBy(desc(callAnalyses.created_at), desc(callAnalyses.id))
    .limit(50);
  const remembered: Record<string, SpeakerRole> = {};
  // Oldest first, so a later choice for the same name replaces an earlier one.
  for (const row of rows.reverse()) {
    const speakers = callAnalysisSchema.shape.speakers.safeParse(row.speakers);
    for (const decision of speakers.success ? (speakers.data ?? []) : []) {
      if (decision.rule === 'person') remembered[decision.speaker] = decision.role;
    }
  }
  return remembered;
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
