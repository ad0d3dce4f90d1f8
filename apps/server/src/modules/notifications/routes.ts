import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '@nexa/domain';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  readAllSchema,
  unreadCountSchema,
} from '@nexa/domain/schemas/notifications';
import { actorOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { listNotifications, markAllRead, markRead, readPreferences, savePreferences, unreadCount } from './service.ts';

const PEOPLE = [ROLES.representative, ROLES.manager] as const;
const tags = ['notifications'];

/**
 * Notifications (issue 37): the bell's count and panel, marking read, and each person's choice of
 * which kinds reach them and how. Everything is the signed-in person's own; the primary database
 * answers, so a notification just marked read is not counted again from a lagging replica.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'countUnreadNotifications',
        summary: "The signed-in person's unread notifications (the bell), counted up to 100",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ unread: await unreadCount(db, actorOf(request)) }),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: "The signed-in person's notifications, newest first, a page at a time",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(db, actorOf(request), request.query),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'markNotificationRead',
        summary: 'Marks one of the person’s notifications read (404 for anyone else’s)',
        params: notificationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await markRead(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'markAllNotificationsRead',
        summary: 'Marks every unread notification of the person read',
        response: { 200: readAllSchema },
      },
    },
    async (request) => ({ updated: await markAllRead(db, actorOf(request)) }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'getNotificationPreferences',
        summary: 'Which notifications reach the person, in the product and by e-mail (their choice, else the default)',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => ({ items: await readPreferences(db, actorOf(request)) }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'putNotificationPreferences',
        summary: 'Saves the person’s choices for the kinds given',
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => ({ items: await savePreferences(db, actorOf(request), request.body.items) }),
  );
};
