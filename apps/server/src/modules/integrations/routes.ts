import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySchema,
  callInsightBodySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  jobIdParamsSchema,
  jobSchema,
  ROLES,
  transcriptIngestBodySchema,
} from '@nexa/domain';
import { parseTranscriptOffThread } from '../../ai/call-thread.ts';
import { actorOf, apiKeyOf } from '../../auth/access.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { callReferenceDate, enqueueTranscriptAnalysis, ownerTimeZone, readingRefused } from '../call-analysis/index.ts';
import { attendeesAsContacts } from '../contacts-io/index.ts';
import { findJob } from '../jobs/index.ts';
import {
  CALL_INSIGHT_EXAMPLE,
  CALL_INSIGHT_RESULT_EXAMPLE,
  FINISHED_JOB_EXAMPLE,
  JOB_EXAMPLE,
  TRANSCRIPT_EXAMPLE,
} from './examples.ts';
import { opportunityForTranscript, upsertCallInsight } from './ingest.ts';
import { createKey, listKeys, revokeKey } from './keys.ts';

const MANAGER = [ROLES.manager] as const;
/** A 2 MB transcript (or a full analysis) escaped as JSON, with room for the other fields. */
const INGEST_BODY_LIMIT = 3 * 1024 * 1024;

const keyIdParamsSchema = z.object({ id: z.uuid() });
const callInsightResultSchema = z.object({
  opportunityId: z.number().int(),
  created: z.boolean(),
  /** False when the request matched what was stored: nothing was written. */
  changed: z.boolean(),
});

export interface IntegrationRoutesOptions {
  db: Db;
  ingest: Config['ingest'];
}

export const integrationRoutes: FastifyPluginAsyncZod<IntegrationRoutesOptions> = async (app, { db, ingest }) => {
  // --- managers: keys ---

  app.get(
    '/api/api-keys',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['integrations'],
        summary: 'API keys of the organisation',
        response: { 200: z.object({ items: z.array(apiKeySchema) }) },
      },
    },
    async () => listKeys(db),
  );

  app.post(
    '/api/api-keys',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['integrations'],
        summary: 'Create an API key (the key is in this answer only)',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createKey(db, actorOf(request), request.body.name)),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { access: MANAGER },
      schema: {
        tags: ['integrations'],
        summary: 'Revoke an API key',
        operationId: 'revokeApiKey',
        params: keyIdParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => revokeKey(db, request.params.id),
  );

  // --- ingest API: an integration's key, one budget per key across these routes ---

  const perKey = app.rateLimit({
    max: ingest.rateLimit.max,
    timeWindow: ingest.rateLimit.windowMs,
    // Runs after the access check, so the key is known; a bad key was already refused with 401.
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? request.ip}`,
  });
  const v1 = { access: 'api-key', rateLimit: false } as const;

  app.post(
    '/api/v1/call-insights',
    {
      config: v1,
      onRequest: perKey,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        summary: 'Create or update an opportunity by external_id, with its call analysis (idempotent)',
        operationId: 'upsertCallInsight',
        body: callInsightBodySchema.meta({ examples: [CALL_INSIGHT_EXAMPLE] }),
        response: {
          200: callInsightResultSchema.meta({ examples: [{ ...CALL_INSIGHT_RESULT_EXAMPLE, created: false }] }),
          201: callInsightResultSchema.meta({ examples: [CALL_INSIGHT_RESULT_EXAMPLE] }),
        },
      },
    },
    async (request, reply) => {
      const result = await upsertCallInsight(db, apiKeyOf(request), request.body);
      return reply
        .status(result.created ? 201 : 200)
        .send({ opportunityId: result.id, created: result.created, changed: result.changed });
    },
  );

  app.post(
    '/api/v1/transcripts',
    {
      config: v1,
      onRequest: perKey,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        summary: 'Queue the analysis of a call transcript for the opportunity with this external_id (created when new)',
        operationId: 'queueTranscript',
        body: transcriptIngestBodySchema.meta({ examples: [TRANSCRIPT_EXAMPLE] }),
        response: { 202: jobSchema.meta({ examples: [JOB_EXAMPLE] }) },
      },
    },
    async (request, reply) => {
      const apiKey = apiKeyOf(request);
      const body = request.body;
      // Off the event loop: 2 MB of text takes a moment to read; text the reader gives up on is a 413.
      const lines = await parseTranscriptOffThread(body.transcript, body.transcript_name ?? null, { strict: false }).catch(
        (error: unknown) => {
          throw readingRefused(error) ?? error;
        },
      );
      if (!lines.length) {
        throw new AppError('bad_request', 'The transcript has no text', 'transcript');
      }
      // The opportunity and the job commit together: a refused job leaves no empty opportunity.
      const job = await db.transaction(async (tx) => {
        const opportunity = await opportunityForTranscript(tx, body);
        // Attendees with an e-mail become the account's contacts; their e-mails match the speakers first.
        const speakerEmails = body.attendees?.length ? await attendeesAsContacts(tx, opportunity.id, body.attendees) : null;
        // The call's own date (its header, else callDate), read in the owner's zone.
        const timeZone = await ownerTimeZone(tx, opportunity.id);
        return enqueueTranscriptAnalysis(tx, {
          owner: { apiKeyId: apiKey.id },
          target: { opportunityId: opportunity.id },
          language: body.language,
          transcript: body.transcript,
          transcriptName: body.transcript_name || null,
          sellerName: opportunity.accountManager,
          speakerMetadata: body.speakers ?? null,
          speakerEmails,
          callDate: callReferenceDate(body.transcript, body.callDate, timeZone),
          timeZone,
        });
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      config: v1,
      onRequest: perKey,
      schema: {
        tags: ['ingest'],
        summary: 'A job this key queued (any other id is 404)',
        operationId: 'getIngestJob',
        params: jobIdParamsSchema,
        response: { 200: jobSchema.meta({ examples: [FINISHED_JOB_EXAMPLE] }) },
      },
    },
    async (request) => {
      const job = await findJob(db, { apiKeyId: apiKeyOf(request).id }, request.params.id);
      if (!job) throw notFound('Job');
      return job;
    },
  );
};
