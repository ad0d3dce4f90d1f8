import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobIdParamsSchema, jobSchema } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findJob, listJobs } from './queue.ts';

/** A signed-in user's own jobs; someone else's job does not exist for them (404). */
export const jobRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/jobs',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['jobs'], response: { 200: z.object({ items: z.array(jobSchema) }) } },
    },
    async (request) => ({ items: await listJobs(db, { userId: actorOf(request).userId }) }),
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['jobs'], params: jobIdParamsSchema, response: { 200: jobSchema } },
    },
    async (request) => {
      const job = await findJob(db, { userId: actorOf(request).userId }, request.params.id);
      if (!job) throw notFound('Job');
      return job;
    },
  );
};
