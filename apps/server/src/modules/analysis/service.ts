import type { FastifyBaseLogger } from 'fastify';
import {
  cleanCompanyName,
  isBenefitCardId,
  normaliseCompanyName,
  recommendCards,
  type AnalysisLanguage,
  type CompanyAnalysisResponse,
} from '@nexa/domain';
import { AnalysisUnavailableError, type AnalysisProvider, type CompanyContext, type ProviderAnalysis } from '../../ai/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findCompanyContext, insertSearch, readCachedAnalysis, writeCachedAnalysis } from './queries.ts';

export interface AnalysisDeps {
  db: Db;
  provider: AnalysisProvider;
  cacheTtlMs: number;
  log: FastifyBaseLogger;
}

export interface AnalysisRequest {
  /** As typed by the visitor (logged as the search query). */
  companyName: string;
  language: AnalysisLanguage;
}

export interface SearchMeta {
  userAgent: string | null;
  ip: string | null;
}

export const ANALYSIS_UNAVAILABLE_MESSAGE = 'The analysis is temporarily unavailable. Please try again.';

/** The cache key: one answer per provider scope, language and normalised company name. */
export function analysisCacheKey(scope: string, language: AnalysisLanguage, companyName: string): string {
  return `${scope}|${language}|${normaliseCompanyName(companyName)}`;
}

/** A search that cannot be logged is reported in the answer, never fatal. */
async function logSearch(deps: AnalysisDeps, name: string, request: AnalysisRequest, meta: SearchMeta): Promise<boolean> {
  try {
    await insertSearch(deps.db, {
      company_name: name,
      search_query: request.companyName.slice(0, 400),
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    });
    return true;
  } catch (error) {
    deps.log.error({ err: error, event: 'analysis.search_log_failed' }, 'could not log the analysis search');
    return false;
  }
}

async function contextOf(deps: AnalysisDeps, name: string): Promise<CompanyContext | null> {
  try {
    return await findCompanyContext(deps.db, name);
  } catch (error) {
    deps.log.warn({ err: error }, 'company context unavailable; analysing from the name alone');
    return null;
  }
}

export async function analyzeCompany(
  deps: AnalysisDeps,
  request: AnalysisRequest,
  meta: SearchMeta,
): Promise<CompanyAnalysisResponse> {
  const name = cleanCompanyName(request.companyName);
  const { language } = request;
  const searchLogFailed = !(await logSearch(deps, name, request, meta));

  const key = deps.provider.cacheScope ? analysisCacheKey(deps.provider.cacheScope, language, name) : null;
  if (key && deps.cacheTtlMs > 0) {
    const hit = await readCachedAnalysis(deps.db, key, new Date(Date.now() - deps.cacheTtlMs)).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'analysis cache unavailable');
      return null;
    });
    if (hit) {
      const recommendedCards = hit.recommendedCards.filter(isBenefitCardId).slice(0, 2);
      return { analysis: hit.analysis, recommendedCards, provider: hit.provider, language, cached: true, searchLogFailed };
    }
  }

  const context = await contextOf(deps, name);
  let answer: ProviderAnalysis;
  const started = Date.now();
  try {
    answer = await deps.provider.analyze({ companyName: name, language, context });
  } catch (error) {
    // Only our own summary is logged: upstream error bodies can quote part of the API key.
    const known = error instanceof AnalysisUnavailableError;
    deps.log.warn(
      {
        event: 'analysis.provider_failed',
        provider: deps.provider.name,
        reason: known ? error.reason : 'unexpected',
        detail: known ? error.detail : error instanceof Error ? error.name : typeof error,
        ms: Date.now() - started,
      },
      'the analysis provider gave no usable answer',
    );
    // Never the provider's own text: it can hold upstream details.
    throw new AppError('service_unavailable', ANALYSIS_UNAVAILABLE_MESSAGE);
  }
  deps.log.info({ event: 'analysis.done', provider: deps.provider.name, ms: Date.now() - started }, 'company analysed');

  const recommendedCards = recommendCards(answer.diagnosis, answer.cardIds);
  const result = { analysis: answer.diagnosis, recommendedCards, provider: deps.provider.name };
  if (key && deps.cacheTtlMs > 0) {
    await writeCachedAnalysis(deps.db, key, result).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'could not cache the analysis');
    });
  }
  return { ...result, language, cached: false, searchLogFailed };
}
