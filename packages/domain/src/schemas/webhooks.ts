import { z } from 'zod';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhooks.ts';

/** The payloads of the webhooks API (issue 37, decision 036); the secret is in the creation answer only. */

const webhookUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2_000)
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'must not carry a user or password');

const descriptionSchema = z.string().trim().max(200).refine(isSingleLine, INVALID_CHARACTERS);

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});

export const createWebhookEndpointBodySchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.default(''),
  events: z.array(webhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length),
});

export const updateWebhookEndpointBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: descriptionSchema.optional(),
    events: z.array(webhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');

/** The signing secret (`whsec_…`) appears in this answer only. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  replay: z.boolean(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});

export const webhookEndpointParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid(),
  deliveryId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBodySchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
