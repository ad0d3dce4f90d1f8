import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  accountManagerNamesSchema,
  opportunityIdParamsSchema,
  opportunitySchema,
  quotaUpdateSchema,
  representativeDetailSchema,
  representativeParamsSchema,
  representativesPageSchema,
  representativesQuerySchema,
  storedAccountManagerNamesSchema,
  teamOverviewSchema,
} from '@nexa/domain';
import { quotaStandingSchema } from '@nexa/domain/schemas/quota';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import {
  getAccountManagerNames,
  getOwnQuota,
  getRepresentativeDetail,
  getRepresentativeOpportunity,
  getTeamOverview,
  listRepresentatives,
  setAccountManagerNames,
  setQuarterlyQuota,
} from './service.ts';

const MANAGER = [ROLES.manager] as const;

/** The manager workspace's team figures (managers only, over every representative), and a representative's own quota. */
export const teamRoutes: FastifyPluginAsyncZod<{ db: Db; defaultQuarterlyQuota: number }> = async (
  app,
  { db, defaultQuarterlyQuota },
) => {
  app.get(
    '/api/team',
    { config: { access: MANAGER }, schema: { tags: ['team'], response: { 200: teamOverviewSchema } } },
    async (request) => getTeamOverview(request.readDb),
  );

  app.get(
    '/api/quota',
    {
      config: { access: [ROLES.representative] },
      schema: {
        tags: ['team'],
        description:
          "The representative's own number this quarter: quota, won, commit, attainment and gap to quota — what the manager's page about them shows, by the same rule (docs/metrics.md).",
        response: { 200: quotaStandingSchema },
      },
    },
    async (request) => getOwnQuota(request.readDb, actorOf(request).userId, defaultQuarterlyQuota),
  );

  app.get(
    '/api/team/representatives',
    {
      config: { access: MANAGER },
      schema: { tags: ['team'], querystring: representativesQuerySchema, response: { 200: representativesPageSchema } },
    },
    async (request) => listRepresentatives(request.readDb, request.query),
  );

  app.get(
    '/api/team/representatives/:id',
    {
      config: { access: MANAGER },
      schema: { tags: ['team'], params: representativeParamsSchema, response: { 200: representativeDetailSchema } },
    },
    async (request) => getRepresentativeDetail(request.readDb, request.params.id, defaultQuarterlyQuota),
  );

  app.put(
    '/api/team/representatives/:id/quota',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['team'],
        params: representativeParamsSchema,
        body: quotaUpdateSchema,
        response: { 200: representativeDetailSchema },
      },
    },
    async (request) => {
      await setQuarterlyQuota(db, request.params.id, request.body.quarterlyQuota);
      return getRepresentativeDetail(request.readDb, request.params.id, defaultQuarterlyQuota);
    },
  );

  app.get(
    '/api/team/representatives/:id/account-manager-names',
    {
      config: { access: MANAGER },
      schema: { tags: ['team'], params: representativeParamsSchema, response: { 200: storedAccountManagerNamesSchema } },
    },
    async (request) => getAccountManagerNames(db, request.params.id),
  );

  app.put(
    '/api/team/representatives/:id/account-manager-names',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['team'],
        summary: 'The names (and aliases) incoming deals are matched on for this representative',
        params: representativeParamsSchema,
        body: accountManagerNamesSchema,
        response: { 200: accountManagerNamesSchema },
      },
    },
    async (request) => setAccountManagerNames(db, request.params.id, request.body),
  );

  app.get(
    '/api/team/representatives/:id/opportunities/:oppId',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['team'],
        params: representativeParamsSchema.extend({ oppId: opportunityIdParamsSchema.shape.id }),
        response: { 200: opportunitySchema },
      },
    },
    async (request) => getRepresentativeOpportunity(db, request.params.id, request.params.oppId),
  );
};
