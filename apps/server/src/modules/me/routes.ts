import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateSchema } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { getProfile, updateProfile } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['profile'], operationId: 'getProfile', response: { 200: profileSchema } },
    },
    async (request) => getProfile(db, actorOf(request).userId),
  );

  app.patch(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['profile'], operationId: 'updateProfile', body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => updateProfile(db, actorOf(request).userId, request.body),
  );
};
