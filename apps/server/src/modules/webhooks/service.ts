import { randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import net from 'node:net';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isPrivateAddress } from '../../http/outbound.ts';
import type { SecretBox } from '../../secrets/box.ts';
import { emitTestEvent, wakeWebhookDispatcher } from './outbox.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toWire(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason ?? null,
    failingSince: iso(row.failing_since),
    createdAt: iso(row.created_at)!,
  };
}

/**
 * The address rule at the door (decision 036): an address typed as a number, or a name that resolves
 * to one, that the dispatcher would refuse is refused here with a reason. A name that does not
 * resolve now is accepted — the rule is applied again, on every address, at each delivery.
 */
export async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const refused = () =>
    new AppError('bad_request', 'refused_address: private, loopback and link-local addresses are not allowed', 'url');
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw refused();
    return;
  }
  const addresses = await dns.lookup(host, { all: true }).catch(() => []);
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw refused();
}

export interface WebhookServiceDeps {
  db: Db;
  box: SecretBox;
  allowPrivate: boolean;
}

export function webhookService({ db, box, allowPrivate }: WebhookServiceDeps) {
  async function endpoint(id: string): Promise<EndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  return {
    async list(): Promise<{ items: WebhookEndpoint[] }> {
      const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.created_at), desc(webhookEndpoints.id));
      return { items: rows.map(toWire) };
    },

    /** The signing secret is in this answer only; the database keeps it sealed. */
    async create(actorId: string, body: Required<CreateWebhookEndpointBody>): Promise<CreatedWebhookEndpoint> {
      await checkUrl(body.url, allowPrivate);
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          url: body.url,
          description: body.description,
          events: [...new Set(body.events)],
          secret_encrypted: box.seal(secret),
          created_by: actorId,
        })
        .returning();
      return { ...toWire(row!), secret };
    },

    /** Switching an endpoint back on clears why it was off and resumes its waiting deliveries. */
    async update(id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> {
      const before = await endpoint(id);
      if (body.url !== undefined) await checkUrl(body.url, allowPrivate);
      const switching =
        body.enabled === undefined || body.enabled === before.enabled
          ? {}
          : body.enabled
            ? { enabled: true, disabled_at: null, disabled_reason: null, failing_since: null }
            : { enabled: false, disabled_at: sql`now()`, disabled_reason: 'manual' as const };
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
          ...switching,
          updated_at: sql`now()`,
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      if (!row) throw notFound('Webhook endpoint');
      if (row.enabled && !before.enabled) {
        // Waiting deliveries go at once rather than at the end of a backoff that belonged to the failure.
        await db
          .update(webhookDeliveries)
          .set({ next_attempt_at: sql`now()` })
          .where(and(eq(webhookDeliveries.endpoint_id, id), eq(webhookDeliveries.status, 'pending')));
        wakeWebhookDispatcher();
      }
      return toWire(row);
    },

    async remove(id: string): Promise<void> {
      const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
      if (!rows.length) throw notFound('Webhook endpoint');
    },

    async deliveries(
      id: string,
      query: { page: number; pageSize: number; status?: WebhookDelivery['status'] },
    ): Promise<{ items: WebhookDelivery[]; total: number }> {
      await endpoint(id);
      const where = and(
        eq(webhookDeliveries.endpoint_id, id),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ d: webhookDeliveries, type: webhookEvents.type })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { items: rows.map(({ d, type }) => toDelivery(d, type)), total: total?.n ?? 0 };
    },

    /** A replay is a new delivery of the same event (same webhook-id), after the endpoint's waiting ones. */
    async replay(id: string, deliveryId: number): Promise<WebhookDelivery> {
      const ep = await endpoint(id);
      const [original] = await db
        .select({ d: webhookDeliveries, type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpoint_id, id)));
      if (!original) throw notFound('Webhook delivery');
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ event_id: original.d.event_id, endpoint_id: ep.id, replay: true })
        .returning();
      wakeWebhookDispatcher();
      return toDelivery(row!, original.type);
    },

    async test(id: string): Promise<WebhookDelivery> {
      const ep = await endpoint(id);
      if (!ep.enabled) throw new AppError('conflict', 'endpoint_disabled: switch the endpoint on to send a test');
      const queued = await emitTestEvent(db, ep.id, { endpoint_id: ep.id, message: 'Test event from Nexa' });
      return toDelivery(queued, WEBHOOK_TEST_EVENT);
    },
  };
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect, type: string): WebhookDelivery {
  return {
    id: Number(row.id),
    eventId: row.event_id,
    eventType: type,
    replay: row.replay,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
    durationMs: row.duration_ms,
    deliveredAt: iso(row.delivered_at),
    createdAt: iso(row.created_at)!,
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
