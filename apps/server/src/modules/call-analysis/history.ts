import { desc, eq } from 'drizzle-orm';
import { callAnalysisSchema, citedLineNumbers, type CallAnalysisHistory } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, callAnalyses, users } from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';
import { assertOpportunityVisible } from './queries.ts';

const HISTORY_LIMIT = 50;

/** An opportunity's analyses, newest first, and the latest in full with only its cited lines. */
export async function callAnalysisHistory(db: Db, actor: Actor, opportunityId: number): Promise<CallAnalysisHistory> {
  await assertOpportunityVisible(db, actor, opportunityId);

  const rows = await db
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
    .limit(HISTORY_LIMIT);

  const items = rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt)!,
    createdBy: row.createdById ? { id: row.createdById, full_name: row.createdByName ?? '' } : null,
    apiKeyName: row.apiKeyName ?? null,
    provider: row.provider,
    model: row.model,
    language: row.language,
    transcriptName: row.transcriptName,
  }));
  if (!items.length) return { items, latest: null };

  const [latest] = await db
    .select({ result: callAnalyses.result, lines: callAnalyses.transcript_lines })
    .from(callAnalyses)
    .where(eq(callAnalyses.id, items[0]!.id));
  const parsed = callAnalysisSchema.safeParse(latest?.result);
  if (!parsed.success) return { items, latest: null };
  const lines = latest?.lines ?? null;
  const citedLines: Record<string, string> = {};
  if (lines) {
    for (const n of citedLineNumbers(parsed.data)) {
      const text = lines[n - 1];
      if (text !== undefined) citedLines[String(n)] = text;
    }
  }
  return { items, latest: { ...items[0]!, result: parsed.data, citedLines, lineCount: lines ? lines.length : null } };
}
