import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  coachingSchema,
  dealRisksSchema,
  forecastCategoryBodySchema,
  forecastCategorySchema,
  forecastChangesSchema,
  forecastDealsQuerySchema,
  forecastDealsSchema,
  forecastQuerySchema,
  forecastSchema,
  insightSettingsSchema,
  insightSettingsUpdateSchema,
  opportunityIdParamsSchema,
  representativeParamsSchema,
  risksPageSchema,
  risksQuerySchema,
  trendsQuerySchema,
  trendsSchema,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import {
  getCoaching,
  getDealRisks,
  getForecast,
  getForecastChanges,
  getForecastDeals,
  getSettings,
  getTrends,
  listRisks,
  putSettings,
  reportSnapshotErrorsTo,
  setForecastCategory,
} from './service.ts';

const MANAGER = [ROLES.manager] as const;
const READERS = [ROLES.representative, ROLES.manager] as const;
const tags = ['insights'];

/**
 * What a sales manager opens Nexa for: the forecast against quota, deals at risk, trends and
 * coaching. Reads go to the read database; the snapshot and the writes to the primary.
 */
export const insightRoutes: FastifyPluginAsyncZod<{ db: Db; defaultQuarterlyQuota: number }> = async (
  app,
  { db, defaultQuarterlyQuota },
) => {
  // The changes view retries a failed snapshot on its next read; the log says why it failed.
  reportSnapshotErrorsTo((error) => app.log.error({ err: error }, 'forecast snapshot failed'));
  app.get(
    '/api/insights/forecast',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Forecast per representative and team',
        querystring: forecastQuerySchema,
        response: { 200: forecastSchema },
      },
    },
    // The first read of a week starts its snapshot: the primary.
    async (request) => getForecast(db, request.query.quarter, defaultQuarterlyQuota),
  );

  app.get(
    '/api/insights/forecast/deals',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'The deals behind one forecast figure',
        querystring: forecastDealsQuerySchema,
        response: { 200: forecastDealsSchema },
      },
    },
    async (request) => getForecastDeals(request.readDb, request.query),
  );

  app.get(
    '/api/insights/forecast/changes',
    {
      config: { access: MANAGER },
      schema: { tags, summary: 'What changed in the forecast since last week', response: { 200: forecastChangesSchema } },
    },
    async () => getForecastChanges(db),
  );

  app.get(
    '/api/insights/risks',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Open deals at risk, biggest first',
        querystring: risksQuerySchema,
        response: { 200: risksPageSchema },
      },
    },
    async (request) => listRisks(request.readDb, request.query),
  );

  app.get(
    '/api/insights/settings',
    { config: { access: MANAGER }, schema: { tags, response: { 200: insightSettingsSchema } } },
    async () => getSettings(db),
  );

  app.put(
    '/api/insights/settings',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: "Stage probabilities, risk thresholds and the forecast calls' due day",
        body: insightSettingsUpdateSchema,
        response: { 200: insightSettingsSchema },
      },
    },
    async (request) => putSettings(db, actorOf(request), request.body),
  );

  app.get(
    '/api/insights/trends',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Weekly series of the last 13 weeks',
        querystring: trendsQuerySchema,
        response: { 200: trendsSchema },
      },
    },
    async (request) => getTrends(request.readDb, request.query.representative),
  );

  app.get(
    '/api/insights/representatives/:id/coaching',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: "A representative's call scores and empty qualification boxes",
        params: representativeParamsSchema,
        response: { 200: coachingSchema },
      },
    },
    async (request) => getCoaching(request.readDb, request.params.id),
  );

  app.get(
    '/api/opportunities/:id/risks',
    {
      config: { access: READERS },
      schema: { tags, summary: "One deal's warnings", params: opportunityIdParamsSchema, response: { 200: dealRisksSchema } },
    },
    async (request) => getDealRisks(request.readDb, actorOf(request), request.params.id),
  );

  app.put(
    '/api/opportunities/:id/forecast-category',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: "A representative's forecast call on their open deal",
        params: opportunityIdParamsSchema,
        body: forecastCategoryBodySchema,
        response: { 200: forecastCategorySchema },
      },
    },
    async (request) => setForecastCategory(db, actorOf(request), request.params.id, request.body.category),
  );
};
