import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeSessionsSchema,
  profileSchema,
  profileUpdateSchema,
  revokedSessionsSchema,
  sessionStateSchema,
} from '@nexa/domain';
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

  // Whether the browser is signed in, answered 200 either way: the workspace's guard asks this, so a
  // signed-out visit (then sent to the sign-in page) leaves no 401 in the console, as GET /api/me would.
  app.get(
    '/api/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        operationId: 'getSession',
        description: 'The signed-in profile, or `profile: null` for a visitor (never 401).',
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const actor = await app.sessionActor(request, reply);
      return { profile: actor ? await getProfile(db, actor.userId) : null };
    },
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
