import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardQuerySchema, boardSchema, pipelineQuerySchema, pipelineSummarySchema, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import { pipelineBoard, pipelineSummary } from './service.ts';

export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pipeline',
    {
      config: { access: [ROLES.representative] },
      schema: { tags: ['pipeline'], querystring: pipelineQuerySchema, response: { 200: pipelineSummarySchema } },
    },
    async (request) => pipelineSummary(request.readDb, actorOf(request), request.query.month),
  );

  app.get(
    '/api/pipeline/board',
    {
      config: { access: [ROLES.representative, ROLES.manager] },
      schema: {
        tags: ['pipeline'],
        description:
          "The pipeline board: each stage's count and amount and its first cards, with the opportunities list's filters. A representative sees their own deals; a manager the team's, or one representative's (owner). With stage, that column only, from offset.",
        querystring: boardQuerySchema,
        response: { 200: boardSchema },
      },
    },
    async (request) => pipelineBoard(request.readDb, actorOf(request), request.query),
  );
};
