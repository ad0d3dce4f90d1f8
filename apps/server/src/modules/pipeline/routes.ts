import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pipelineQuerySchema, pipelineSummarySchema, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import { pipelineSummary } from './service.ts';

export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pipeline',
    {
      config: { access: [ROLES.representative] },
      schema: { tags: ['pipeline'], querystring: pipelineQuerySchema, response: { 200: pipelineSummarySchema } },
    },
    async (request) => pipelineSummary(request.readDb, actorOf(request), request.query.month),
  );
};
