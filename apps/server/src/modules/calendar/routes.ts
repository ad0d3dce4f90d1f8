import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarConnectBodySchema,
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  calendarSettingsSchema,
  ROLES,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import type { CalendarService } from './service.ts';

const PEOPLE = [ROLES.representative, ROLES.manager] as const;
const tags = ['calendar'];

/** A person's own calendar: the CalDAV connection and the `.ics` feed (issue 37, decision 042). */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (app, { service }) => {
  app.get(
    '/api/calendar',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'getCalendarSettings',
        summary: "The signed-in person's calendar connection (never its password), sync status and feed",
        response: { 200: calendarSettingsSchema },
      },
    },
    async (request) => service.settings(actorOf(request).userId),
  );

  app.put(
    '/api/calendar/connection',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'connectCalendar',
        summary: 'Connect (or replace) a CalDAV calendar: checked first, the app password kept encrypted',
        description:
          "400 with `field` 'password' when the server refuses the credentials, 'url' when no calendar answers there or the address is private.",
        body: calendarConnectBodySchema,
        response: { 200: calendarSettingsSchema },
      },
    },
    async (request) => service.connect(actorOf(request).userId, request.body),
  );

  app.delete(
    '/api/calendar/connection',
    { config: { access: PEOPLE }, schema: { tags, operationId: 'disconnectCalendar', summary: 'Forget the calendar' } },
    async (request, reply) => {
      await service.disconnect(actorOf(request).userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/calendar/sync',
    {
      config: { access: PEOPLE },
      schema: { tags, operationId: 'syncCalendar', summary: 'Ask for a sync now (it runs in the background)' },
    },
    async (request, reply) => {
      await service.syncNow(actorOf(request).userId);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/calendar/feed',
    {
      config: { access: PEOPLE },
      schema: {
        tags,
        operationId: 'createCalendarFeed',
        summary: 'A new feed address (the previous one stops working); its secret is in this answer only',
        response: { 201: calendarFeedCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFeed(actorOf(request).userId, `${request.protocol}://${request.host}`)),
  );

  app.delete(
    '/api/calendar/feed',
    { config: { access: PEOPLE }, schema: { tags, operationId: 'revokeCalendarFeed', summary: 'Stop the feed address' } },
    async (request, reply) => {
      await service.revokeFeed(actorOf(request).userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/calendar/feed/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'calendarFeed',
        summary:
          "A person's open tasks and deals' next meetings (a manager's: and the demos booked) as iCalendar, for calendars that subscribe",
        description: 'The secret token in the address is the credential; 404 when it was revoked or never made.',
        params: calendarFeedParamsSchema,
      },
    },
    async (request, reply) => {
      const ics = await service.feed(request.params.token);
      if (ics === null) throw notFound('Feed');
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(ics);
    },
  );
};
