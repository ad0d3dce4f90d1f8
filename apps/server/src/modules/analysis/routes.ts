import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyAnalysisRequestSchema, companyAnalysisResponseSchema } from '@nexa/domain';
import type { AnalysisProvider } from '../../ai/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { analyzeCompany } from './service.ts';

export interface AnalysisRoutesOptions {
  db: Db;
  provider: AnalysisProvider;
  analysis: Config['analysis'];
  bodyLimitBytes: number;
}

export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (
  app,
  { db, provider, analysis, bodyLimitBytes },
) => {
  app.post(
    '/api/analysis/company',
    {
      bodyLimit: bodyLimitBytes,
      config: {
        access: 'public',
        // Each call may cost a model request: a tighter limit than the API's default, per client IP.
        rateLimit: { max: analysis.rateLimit.max, timeWindow: analysis.rateLimit.windowMs },
      },
      schema: {
        tags: ['analysis'],
        summary: 'Diagnose how Nexa would help a company, with up to two benefit cards',
        operationId: 'analyseCompany',
        body: companyAnalysisRequestSchema,
        response: { 200: companyAnalysisResponseSchema },
      },
    },
    async (request) =>
      analyzeCompany({ db, provider, cacheTtlMs: analysis.cacheTtlMs, log: request.log }, request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      }),
  );
};
