import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES, importRequestSchema, importResultSchema } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { importRequestOf, rawJsonBodies } from '../../http/import-body.ts';
import { readImportBodyOffThread } from '../../workers/import-body.ts';
import { importFile } from './import.ts';

export interface ImportRouteOptions {
  db: Db;
  importBodyLimitBytes: number;
}

/**
 * POST /api/opportunities/import, in a plugin of its own so that its JSON body reaches the handler
 * as bytes: reading and checking a 30 MB body (parse, schema, each row) took the event loop for
 * seconds; it runs in a worker thread (workers/import-body.ts), with the same rules and 400s.
 */
export const importRoute: FastifyPluginAsyncZod<ImportRouteOptions> = async (app, { db, importBodyLimitBytes }) => {
  rawJsonBodies(app, importBodyLimitBytes);

  app.post(
    '/api/opportunities/import',
    {
      config: { access: [ROLES.representative] as const },
      bodyLimit: importBodyLimitBytes,
      // The schema documents the body; the worker checks it (the bytes pass through here untouched).
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags: ['opportunities'],
        operationId: 'importOpportunities',
        description:
          'CSV rows after column mapping (field → text). Line numbers in errors count the header as line 1. ' +
          'The file lands whole or not at all. An `Idempotency-Key` header makes a retry safe: the same key and ' +
          'file answer the first result (`Idempotent-Replayed: true`) once it is done, 409 while it runs, and ' +
          'land the file once after a failure; the same key with another file is 409.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: importRequestSchema,
        response: { 200: importResultSchema.extend({ errorCount: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { body, key } = importRequestOf(request);
      const file = await readImportBodyOffThread(body);
      const { answer, replayed } = await importFile(db, actorOf(request), file, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );
};
