import { EventEmitter } from 'node:events';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@nexa/domain';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import type { webhookDeliveries } from '../../db/schema.ts';

/**
 * The outbox of outbound webhooks (decision 036). An event is written in the transaction of the
 * change that causes it, with one delivery row per enabled endpoint that takes its type — both in
 * one statement, and nothing at all when no endpoint takes it. So a change that commits has its
 * deliveries committed, and one that rolls back has none; the dispatcher works them through later.
 */

export interface OutboxEvent {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** The event's `data`: plain JSON. */
  payload: Record<string, unknown>;
}

/** This process's dispatcher listens here, so an event is delivered at once rather than at the next poll. */
export const webhookSignals = new EventEmitter();
webhookSignals.setMaxListeners(0);
export const wakeWebhookDispatcher = () => void webhookSignals.emit('queued');

/**
 * The statement's tail that writes the events of a CTE named `source` (columns ord, type, payload)
 * into the outbox and fans them out to the endpoints, in `ord` order. Plain text (names are ours):
 * the board's one-statement move puts it in its own statement.
 */
export function outboxStatementText(source: string): string {
  return `webhook_targets AS (
      SELECT id, events FROM webhook_endpoints WHERE enabled
    ), webhook_outbox AS (
      INSERT INTO webhook_events (type, payload)
      SELECT ${source}.type, ${source}.payload FROM ${source}
      WHERE EXISTS (SELECT 1 FROM webhook_targets WHERE ${source}.type = ANY(webhook_targets.events))
      ORDER BY ${source}.ord
      RETURNING id, seq, type
    ), webhook_fanout AS (
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT webhook_outbox.id, webhook_targets.id FROM webhook_outbox
      JOIN webhook_targets ON webhook_outbox.type = ANY(webhook_targets.events)
      ORDER BY webhook_outbox.seq, webhook_targets.id
      RETURNING 1
    )`;
}

const EMIT_TEXT = `, ${outboxStatementText('webhook_source')} SELECT count(*)::int AS queued FROM webhook_fanout`;

/**
 * Writes events in the caller's transaction (none when no enabled endpoint takes their type). With
 * `dealColumns`, each payload's `id` names a deal whose owner, stage, status and outcome are added
 * as the transaction sees them. With `alongside`, the caller's own write (an INSERT, whose rows are
 * not read) runs in the same statement, so the events cost no round trip of their own: the change
 * recorder writes a deal's history this way.
 */
export async function emitEvents(
  tx: DbOrTx,
  events: readonly OutboxEvent[],
  options: { dealColumns?: boolean; alongside?: SQLWrapper } = {},
): Promise<void> {
  if (!events.length) {
    if (options.alongside) await tx.execute(options.alongside.getSQL());
    return;
  }
  const input = JSON.stringify(events.map((event, ord) => ({ ord, type: event.type, payload: event.payload })));
  const head = options.alongside ? sql`WITH webhook_alongside AS (${options.alongside.getSQL()}), ` : sql`WITH `;
  const source = options.dealColumns
    ? sql`webhook_source AS (SELECT r.ord, r.type, r.payload || coalesce((SELECT jsonb_build_object('owner_id', o.owner_id, 'stage', o.stage, 'status', o.status, 'outcome', o.outcome) FROM opportunities o WHERE o.id = (r.payload->>'id')::int), '{}'::jsonb) AS payload FROM jsonb_to_recordset(${input}::jsonb) AS r(ord integer, type text, payload jsonb))`
    : sql`webhook_source AS (SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS r(ord integer, type text, payload jsonb))`;
  const [row] = await selectRows<{ queued: number }>(tx as Db, sql`${head}${source}${sql.raw(EMIT_TEXT)}`);
  if (row && Number(row.queued) > 0) wakeWebhookDispatcher();
}

/**
 * The one call other modules make (tasks, leads, analyses): an event of `type` with `payload` as its
 * data, written in `tx` so it commits — and is delivered — only with the change it reports.
 */
export const emitEvent = (tx: DbOrTx, type: WebhookEventType, payload: Record<string, unknown>) =>
  emitEvents(tx, [{ type, payload }]);

/**
 * A test ping to one endpoint, whatever it subscribed to; answers the delivery as it was queued. (Read
 * back after the dispatcher was woken, it was sometimes already delivered: the answer depended on a race.)
 */
export async function emitTestEvent(
  db: Db,
  endpointId: string,
  payload: Record<string, unknown>,
): Promise<typeof webhookDeliveries.$inferSelect> {
  const [row] = await selectRows<typeof webhookDeliveries.$inferSelect>(
    db,
    sql`WITH event AS (INSERT INTO webhook_events (type, payload) VALUES (${WEBHOOK_TEST_EVENT}, ${JSON.stringify(payload)}::jsonb) RETURNING id)
      INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event.id, ${endpointId}::uuid FROM event RETURNING *`,
  );
  wakeWebhookDispatcher();
  return row!;
}
