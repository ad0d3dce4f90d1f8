import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyListQuerySchema, companySchema, pageOf, ROLES } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import { listCompanies } from './queries.ts';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies',
    {
      config: { access: [ROLES.representative] },
      schema: { tags: ['companies'], querystring: companyListQuerySchema, response: { 200: pageOf(companySchema) } },
    },
    async (request) => listCompanies(request.readDb, actorOf(request), request.query),
  );
};
