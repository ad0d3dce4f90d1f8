import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importRequestSchema,
  importResultSchema,
  opportunityDetailSchema,
  opportunityFacetsSchema,
  opportunityIdParamsSchema,
  opportunityListItemSchema,
  opportunityListQuerySchema,
  pageOf,
  ROLES,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { listOpportunities, opportunityFacets } from './queries.ts';
import { createSampleRows, getOpportunity, getSpecification, importRows } from './service.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const REP = [ROLES.representative] as const;

export interface OpportunityRoutesOptions {
  db: Db;
  importBodyLimitBytes: number;
}

const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const opportunityRoutes: FastifyPluginAsyncZod<OpportunityRoutesOptions> = async (app, { db, importBodyLimitBytes }) => {
  app.get(
    '/api/opportunities',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        querystring: opportunityListQuerySchema,
        response: { 200: pageOf(opportunityListItemSchema) },
      },
    },
    async (request) => listOpportunities(request.readDb, actorOf(request), request.query),
  );

  app.get(
    '/api/opportunities/facets',
    {
      config: { access: READERS },
      schema: { tags: ['opportunities'], operationId: 'listOpportunityFacets', response: { 200: opportunityFacetsSchema } },
    },
    async (request) => opportunityFacets(request.readDb, actorOf(request)),
  );

  app.get(
    '/api/opportunities/:id',
    {
      config: { access: READERS },
      schema: { tags: ['opportunities'], params: opportunityIdParamsSchema, response: { 200: opportunityDetailSchema } },
    },
    async (request) => getOpportunity(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/opportunities/:id/specification',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        description:
          'The technical specification: pdf (generated), txt (from the technical answers), technical (the Technical tab file), attachment (redirect to the attached file).',
        params: opportunityIdParamsSchema,
        querystring: z.object({ format: z.enum(['pdf', 'txt', 'technical', 'attachment']).default('pdf') }),
      },
    },
    async (request, reply) => {
      const download = await getSpecification(db, actorOf(request), request.params.id, request.query.format);
      if (download.kind === 'redirect') return reply.redirect(download.url, 302);
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', contentDisposition(download.fileName))
        .send(download.body);
    },
  );

  app.post(
    '/api/opportunities/sample',
    {
      config: { access: REP },
      schema: {
        tags: ['opportunities'],
        operationId: 'importSampleOpportunities',
        response: { 201: z.object({ inserted: z.number().int() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSampleRows(db, actorOf(request))),
  );

  app.post(
    '/api/opportunities/import',
    {
      config: { access: REP },
      bodyLimit: importBodyLimitBytes,
      schema: {
        tags: ['opportunities'],
        operationId: 'importOpportunities',
        description: 'CSV rows after column mapping (field → text). Line numbers in errors count the header as line 1.',
        body: importRequestSchema,
        response: { 200: importResultSchema.extend({ errorCount: z.number().int() }) },
      },
    },
    async (request) => importRows(db, actorOf(request), request.body.rows),
  );
};
