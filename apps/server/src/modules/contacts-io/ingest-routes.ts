import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crmContactsBodySchema, crmContactsResultSchema } from '@nexa/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CRM_CONTACTS_EXAMPLE, CRM_CONTACTS_RESULT_EXAMPLE } from './examples.ts';
import { upsertCrmContacts } from './ingest.ts';

/**
 * POST /api/v1/contacts: a CRM's contacts through the ingest API (an API key, the same per-key budget
 * as the other /api/v1 routes).
 */
export const peopleIngestRoutes: FastifyPluginAsyncZod<{ db: Db; ingest: Config['ingest'] }> = async (app, { db, ingest }) => {
  const perKey = app.rateLimit({
    max: ingest.rateLimit.max,
    timeWindow: ingest.rateLimit.windowMs,
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? request.ip}`,
  });
  app.post(
    '/api/v1/contacts',
    {
      config: { access: 'api-key', rateLimit: false },
      onRequest: perKey,
      schema: {
        tags: ['ingest'],
        summary: "Create or update a CRM's contacts (by external_id, else e-mail)",
        operationId: 'upsertContacts',
        description:
          'Up to 500 contacts, in one transaction. Each is found by its `external_id`, else by `email`, and created when new; ' +
          'a found contact takes the `external_id` and has its empty fields completed — a value set in Nexa is never replaced. ' +
          '`account` (a company name) and `account_domain` find the account as a deal’s company does, or create it.',
        body: crmContactsBodySchema.meta({ examples: [CRM_CONTACTS_EXAMPLE] }),
        response: { 200: crmContactsResultSchema.meta({ examples: [CRM_CONTACTS_RESULT_EXAMPLE] }) },
      },
    },
    async (request) => upsertCrmContacts(db, request.body.contacts),
  );
};
