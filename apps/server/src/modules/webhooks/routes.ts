import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  ROLES,
  updateWebhookEndpointBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
} from '@nexa/domain';
import { actorOf } from '../../auth/access.ts';
import type { WebhookService } from './service.ts';

const MANAGER = [ROLES.manager] as const;
const tags = ['webhooks'];

/** Outbound webhooks, managers only (issue 37, decision 036). */
export const webhookRoutes: FastifyPluginAsyncZod<{ service: WebhookService }> = async (app, { service }) => {
  app.get(
    '/api/webhooks/endpoints',
    {
      config: { access: MANAGER },
      schema: { tags, summary: 'Webhook endpoints', response: { 200: z.object({ items: z.array(webhookEndpointSchema) }) } },
    },
    async () => service.list(),
  );

  app.post(
    '/api/webhooks/endpoints',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Register a webhook endpoint (its signing secret is in this answer only)',
        body: createWebhookEndpointBodySchema,
        response: { 201: createdWebhookEndpointSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request).userId, request.body)),
  );

  app.patch(
    '/api/webhooks/endpoints/:id',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Change an endpoint, or switch it off and on',
        params: webhookEndpointParamsSchema,
        body: updateWebhookEndpointBodySchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/endpoints/:id',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: webhookEndpointParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/endpoints/:id/deliveries',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first",
        params: webhookEndpointParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: z.object({ items: z.array(webhookDeliverySchema), total: z.number().int() }) },
      },
    },
    async (request) => service.deliveries(request.params.id, request.query),
  );

  app.post(
    '/api/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Send a delivered or failed event again (same webhook-id)',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.replay(request.params.id, request.params.deliveryId)),
  );

  app.post(
    '/api/webhooks/endpoints/:id/test',
    {
      config: { access: MANAGER },
      schema: {
        tags,
        summary: 'Send a test event (webhook.test) to this endpoint',
        params: webhookEndpointParamsSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.test(request.params.id)),
  );
};
