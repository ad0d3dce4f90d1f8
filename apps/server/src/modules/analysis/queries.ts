import { and, eq, gt, sql } from 'drizzle-orm';
import type { AnalysisProviderName, BenefitCardId } from '@nexa/domain';
import type { CompanyContext } from '../../ai/index.ts';
import type { Db } from '../../db/client.ts';
import { companyAnalysisCache, companyAnalysisSearches, opportunities } from '../../db/schema.ts';

export async function insertSearch(
  db: Db,
  row: { company_name: string; search_query: string; user_agent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(companyAnalysisSearches).values(row);
}

/**
 * The sector and size most often recorded for the company on its opportunities, computed by the
 * database. Only these two facts about the company leave this function, never its deals.
 */
export async function findCompanyContext(db: Db, companyName: string): Promise<CompanyContext | null> {
  const [row] = await db
    .select({
      industry: opportunities.company_industry,
      size: opportunities.company_size,
      mentions: sql<number>`count(*)::int`,
    })
    .from(opportunities)
    .where(
      and(
        sql`lower(btrim(${opportunities.client_company_name})) = lower(${companyName})`,
        sql`coalesce(btrim(${opportunities.company_industry}), '') <> ''`,
      ),
    )
    .groupBy(opportunities.company_industry, opportunities.company_size)
    .orderBy(sql`count(*) desc`, opportunities.company_industry, opportunities.company_size)
    .limit(1);
  return row ? { industry: row.industry, size: row.size } : null;
}

export interface CachedAnalysis {
  analysis: string;
  recommendedCards: BenefitCardId[];
  provider: AnalysisProviderName;
}

export async function readCachedAnalysis(db: Db, key: string, notBefore: Date): Promise<CachedAnalysis | null> {
  const [row] = await db
    .select({
      analysis: companyAnalysisCache.analysis,
      recommendedCards: companyAnalysisCache.recommended_cards,
      provider: companyAnalysisCache.provider,
    })
    .from(companyAnalysisCache)
    .where(and(eq(companyAnalysisCache.cache_key, key), gt(companyAnalysisCache.created_at, notBefore)));
  return row
    ? { ...row, recommendedCards: row.recommendedCards as BenefitCardId[], provider: row.provider as AnalysisProviderName }
    : null;
}

export async function writeCachedAnalysis(db: Db, key: string, value: CachedAnalysis): Promise<void> {
  const row = {
    analysis: value.analysis,
    recommended_cards: value.recommendedCards,
    provider: value.provider,
    created_at: new Date(),
  };
  await db
    .insert(companyAnalysisCache)
    .values({ cache_key: key, ...row })
    .onConflictDoUpdate({ target: companyAnalysisCache.cache_key, set: row });
}
