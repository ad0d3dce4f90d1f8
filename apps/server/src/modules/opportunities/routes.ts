import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  createOpportunitySchema,
  deletedOpportunitySchema,
  EXPORT_COLUMNS,
  opportunityChangeSchema,
  opportunityHistoryQuerySchema,
  opportunityPatchSchema,
  opportunitySuggestionSchema,
  suggestionDecisionResultSchema,
  suggestionDecisionSchema,
  opportunityDetailSchema,
  opportunityExportQuerySchema,
  opportunityFacetsSchema,
  opportunityIdParamsSchema,
  opportunityListItemSchema,
  opportunityListQuerySchema,
  pageOf,
  ROLES,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { attachment, safeCsv } from '../../http/csv.ts';
import { exportOpportunities, listOpportunities, opportunityFacets } from './queries.ts';
import {
  createOpportunity,
  decideOnSuggestions,
  deleteOpportunity,
  editOpportunity,
  listDeleted,
  listSuggestions,
  opportunityHistory,
  restoreOpportunity,
} from './edit.ts';
import { importRoute } from './import-routes.ts';
import { createSampleRows, getOpportunity, getSpecification } from './service.ts';

const READERS = [ROLES.representative, ROLES.manager] as const;
const REP = [ROLES.representative] as const;

export interface OpportunityRoutesOptions {
  db: Db;
  importBodyLimitBytes: number;
}

/** At most this many rows in one export; past it the file says so in a header and holds the first ones. */
export const EXPORT_MAX_ROWS = 50_000;

/** The export's columns, in the places opportunity-fields.ts gives them. */
const EXPORT_HEADERS = EXPORT_COLUMNS.map((column) => column.header);

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
    '/api/opportunities/export.csv',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'exportOpportunities',
        description: `The list's rows for the same filters and order, as CSV (at most ${EXPORT_MAX_ROWS.toLocaleString('en')} rows; \`X-Export-Truncated: true\` when there were more). A representative exports their own rows; a manager, everyone's.`,
        querystring: opportunityExportQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await exportOpportunities(request.readDb, actorOf(request), request.query, EXPORT_MAX_ROWS + 1);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`nexa-opportunities-${day}.csv`))
        .header('x-export-truncated', String(rows.length > EXPORT_MAX_ROWS))
        .send(safeCsv(EXPORT_HEADERS, rows.slice(0, EXPORT_MAX_ROWS)));
    },
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
        .header('content-disposition', attachment(download.fileName))
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

  // Its body is read in a worker thread, so it has a JSON parser of its own (import-routes.ts).
  await app.register(importRoute, { db, importBodyLimitBytes });

  app.post(
    '/api/opportunities',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'createOpportunity',
        description: "A representative's new deal is their own; a manager names its owner (an active representative).",
        body: createOpportunitySchema,
        response: { 201: opportunityDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createOpportunity(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/opportunities/deleted',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'listDeletedOpportunities',
        description: 'Deals deleted in the last 30 days that the caller may restore, newest first.',
        response: { 200: z.object({ items: z.array(deletedOpportunitySchema) }) },
      },
    },
    async (request) => ({ items: await listDeleted(db, actorOf(request)) }),
  );

  app.patch(
    '/api/opportunities/:id',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'editOpportunity',
        description:
          'A partial edit with the version the client last saw. A stale version answers 409 with the current row; closing a deal (won or lost) needs closing_date; owner_id is for managers.',
        params: opportunityIdParamsSchema,
        body: opportunityPatchSchema,
        response: {
          200: opportunityDetailSchema,
          409: apiErrorBodySchema.extend({ current: opportunityDetailSchema }),
        },
      },
    },
    async (request, reply) => {
      const outcome = await editOpportunity(db, actorOf(request), request.params.id, request.body);
      if (outcome.ok) return outcome.opportunity;
      return reply.status(409).send({
        error: { code: 'conflict' as const, message: 'The opportunity changed since this version' },
        current: outcome.current,
      });
    },
  );

  app.delete(
    '/api/opportunities/:id',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'deleteOpportunity',
        description: 'Soft delete: the deal leaves every list and figure and can be restored for 30 days.',
        params: opportunityIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteOpportunity(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/opportunities/:id/restore',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'restoreOpportunity',
        params: opportunityIdParamsSchema,
        response: { 200: opportunityDetailSchema },
      },
    },
    async (request) => restoreOpportunity(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/opportunities/:id/history',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'listOpportunityHistory',
        description: 'Every change to the deal (who or what, when, field, before → after), newest first.',
        params: opportunityIdParamsSchema,
        querystring: opportunityHistoryQuerySchema,
        response: { 200: pageOf(opportunityChangeSchema) },
      },
    },
    async (request) => opportunityHistory(db, actorOf(request), request.params.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/opportunities/:id/suggestions',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'listOpportunitySuggestions',
        description: 'Values a call analysis or an integration offered for fields a person set, waiting for a decision.',
        params: opportunityIdParamsSchema,
        response: { 200: z.object({ items: z.array(opportunitySuggestionSchema) }) },
      },
    },
    async (request) => ({ items: await listSuggestions(db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/opportunities/:id/suggestions/decide',
    {
      config: { access: READERS },
      schema: {
        tags: ['opportunities'],
        operationId: 'decideOpportunitySuggestions',
        description: 'Accept (the values become the person’s own) or dismiss the named pending suggestions, or all of them.',
        params: opportunityIdParamsSchema,
        body: suggestionDecisionSchema,
        response: { 200: suggestionDecisionResultSchema },
      },
    },
    async (request) =>
      decideOnSuggestions(
        db,
        actorOf(request),
        request.params.id,
        request.body.decision,
        request.body.ids,
        request.body.closing_date ?? undefined,
      ),
  );
};
