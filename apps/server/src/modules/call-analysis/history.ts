import { callAnalysisSchema, citedLineNumbers, migrateStoredAnalysis, type CallAnalysisHistory } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { assertOpportunityVisible, callAnalysesOf, callAnalysisResult } from './queries.ts';

const HISTORY_LIMIT = 50;

/** An opportunity's analyses, newest first, and the latest in full with only its cited lines. */
export async function callAnalysisHistory(db: Db, actor: Actor, opportunityId: number): Promise<CallAnalysisHistory> {
  await assertOpportunityVisible(db, actor, opportunityId);

  const rows = await callAnalysesOf(db, opportunityId, HISTORY_LIMIT);

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

  const latest = await callAnalysisResult(db, items[0]!.id);
  // An analysis stored before MEDDICC reads with its authority and need as economic buyer and pain.
  const parsed = callAnalysisSchema.safeParse(migrateStoredAnalysis(latest?.result));
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
