import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pipelineQuerySchema, pipelineSummarySchema, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { pipelineSummary } from './service.ts';

export const pipelineRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/pipeline',
    {
      config: { access: [ROLES.representative] },
      schema: { tags: ['pipeline'], querystring: pipelineQuerySchema, response: { 200: pipelineSummarySchema } },
    },
    async (request) => pipelineSummary(db, actorOf(request), request.query.month),
  );
};
