import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeSessionsSchema, profileSchema, profileUpdateSchema, revokedSessionsSchema } from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { currentSessionId } from './current-session.ts';
import { getProfile, listSessions, revokeOtherSessions, updateProfile } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (app, { db, auth }) => {
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

  app.get(
    '/api/me/sessions',
    { config: { access: 'signed-in' }, schema: { tags: ['profile'], response: { 200: activeSessionsSchema } } },
    async (request) => ({
      items: await listSessions(db, actorOf(request).userId, await currentSessionId(auth, db, request)),
    }),
  );

  app.post(
    '/api/me/sessions/revoke-others',
    { config: { access: 'signed-in' }, schema: { tags: ['profile'], response: { 200: revokedSessionsSchema } } },
    async (request) => {
      const current = await currentSessionId(auth, db, request);
      if (!current) throw new AppError('unauthorized', 'Sign in to continue');
      const revoked = await revokeOtherSessions(db, actorOf(request).userId, current);
      request.log.info(
        { event: 'auth.sessions.revoked_others', userId: actorOf(request).userId, revoked },
        'other sessions ended',
      );
      return { revoked };
    },
  );
};
