import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { nextAttemptAt, type RetrySchedule } from '@nexa/domain';
import { advisoryLockHeld, selectRows, type Database, type Db, type HeldLock } from '../../db/client.ts';
import { createOutboundAgents, OutboundError, postOutbound, type OutboundOptions } from '../../http/outbound.ts';
import type { SecretBox } from '../../secrets/box.ts';
import { webhookSignals } from './outbox.ts';

/**
 * Delivers the outbox (decision 036). Per endpoint, one dispatcher at a time holds a lease on the
 * endpoint row (claimed with FOR UPDATE SKIP LOCKED, renewed while it works, taken over by another
 * instance once it passes, or at once when the holder's process is gone: PRESENCE_LOCKS) and sends
 * that endpoint's pending deliveries in the order they were written. A delivery is marked delivered
 * after the receiver answered 2xx: a dispatcher killed in between has it sent again by the next
 * holder, under the same webhook-id, which receivers deduplicate on — so none is lost, and none is
 * seen twice after deduplication. A failure stops the endpoint's queue (so events stay in order) and
 * is tried again with a doubling wait for a day from the first failure; then the delivery is failed
 * and the endpoint switched off, with a notice.
 */

export interface DispatcherOptions {
  db: Db;
  /** Database.holdLock: this dispatcher's presence, which other instances can see end. */
  holdLock: Database['holdLock'];
  log: FastifyBaseLogger;
  box: SecretBox;
  schedule: RetrySchedule;
  outbound: OutboundOptions;
  /** How often an idle dispatcher looks for due deliveries (an event of this process wakes it at once). */
  pollMs: number;
  /** How long a claimed endpoint stays ours without renewal. */
  leaseMs: number;
  /** Endpoints delivered to at the same time by this process; 0 delivers nothing here. */
  concurrency: number;
  /** Called once an endpoint has been switched off for failing (the notice to managers). */
  onDisabled?: (endpointId: string, disabledAt: Date) => Promise<void>;
}

interface ClaimedEndpoint {
  id: string;
  url: string;
  secret_encrypted: string;
  failing_since: string | Date | null;
}

/** An endpoint this dispatcher holds: the lease's token, and the presence it was taken under. */
type Claimed = ClaimedEndpoint & { token: string; presence: HeldLock | null };

interface PendingDelivery {
  id: number | string;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: string | Date;
  attempts: number;
  due: boolean;
}

interface Outcome {
  id: number;
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

/** What a delivery log keeps of an answer: its first kilobyte. */
const EXCERPT_CHARS = 1_024;
/**
 * The advisory-lock namespace of dispatchers' presence locks (any constant; 036 for the decision).
 * A dispatcher holds (PRESENCE_LOCKS, its key) on a session of its own while it runs and writes the
 * key beside each lease it takes: a lease whose key no session holds belongs to a process that is
 * gone (kill -9, a crash, a lost connection), and is free at once instead of after the lease.
 */
export const PRESENCE_LOCKS = 724_961_036;
/** After a failure to take the presence lock, leases are taken as before (lease only) for this long. */
const PRESENCE_RETRY_MS = 10_000;

/** Deliveries read per round trip, and answers recorded per write while an endpoint is healthy. */
const BATCH = 500;
const FLUSH_EVERY = 50;

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The request body: Standard Webhooks' recommended envelope. */
export const envelope = (type: string, createdAt: Date, data: unknown) =>
  JSON.stringify({ type, timestamp: createdAt.toISOString(), data });

export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, holdLock, log, box, schedule, outbound, pollMs, leaseMs, concurrency } = options;
  const agents = createOutboundAgents();
  const running = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let looking: Promise<void> | null = null;
  let again = false;
  const lease = sql`date_trunc('milliseconds', now()) + ${`${leaseMs} milliseconds`}::interval`;
  let presence: (HeldLock & { key: number }) | null = null;
  let presenceRetryAt = 0;

  /**
   * This dispatcher's presence lock, taken again after its session ended (a new key: leases under the
   * old one are free to others by then). Null while it cannot be taken: leases are then taken without
   * a key, and free to others only once they pass, as before.
   */
  async function present(): Promise<(HeldLock & { key: number }) | null> {
    if (presence && !presence.lost.aborted) return presence;
    presence = null;
    if (Date.now() < presenceRetryAt) return null;
    try {
      // A key another live dispatcher holds is refused (a rare draw): draw again.
      for (let tries = 0; tries < 3 && !presence; tries += 1) {
        const key = randomInt(1, 2 ** 31 - 1);
        const held = await holdLock(PRESENCE_LOCKS, key);
        if (held) presence = { lost: held.lost, release: held.release, key };
      }
    } catch (error) {
      log.warn({ event: 'webhook.presence_failed', err: error }, 'webhook dispatcher presence lock not taken');
    }
    if (!presence) presenceRetryAt = Date.now() + PRESENCE_RETRY_MS;
    return presence;
  }

  /** A lease's holder is gone: it wrote its presence key and no session holds that lock any more. */
  const holderGone = sql`(e.locked_instance IS NOT NULL AND NOT ${advisoryLockHeld(PRESENCE_LOCKS, sql`e.locked_instance`)})`;

  async function claim(): Promise<Claimed | null> {
    const token = randomUUID();
    const me = await present();
    const busy = [...running.keys()];
    const [row] = await selectRows<ClaimedEndpoint>(
      db,
      sql`UPDATE webhook_endpoints SET locked_until = ${lease}, locked_by = ${token}, locked_instance = ${me?.key ?? null}::int
        WHERE id = (
          SELECT e.id FROM webhook_endpoints e
          WHERE e.enabled AND (e.locked_until IS NULL OR e.locked_until < now() OR ${holderGone})
            ${
              busy.length
                ? sql`AND e.id NOT IN (${sql.join(
                    busy.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`
                : sql``
            }
            AND (SELECT d.next_attempt_at FROM webhook_deliveries d
                 WHERE d.endpoint_id = e.id AND d.status = 'pending' ORDER BY d.id LIMIT 1) <= now()
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, url, secret_encrypted, failing_since`,
    );
    return row ? { ...row, token, presence: me } : null;
  }

  const holds = (endpoint: { id: string; token: string }) => sql`id = ${endpoint.id}::uuid AND locked_by = ${endpoint.token}`;

  async function renew(endpoint: { id: string; token: string }): Promise<boolean> {
    const rows = await selectRows<{ id: string }>(
      db,
      sql`UPDATE webhook_endpoints SET locked_until = ${lease} WHERE ${holds(endpoint)} RETURNING id`,
    );
    return rows.length > 0;
  }

  async function release(endpoint: { id: string; token: string }) {
    await db.execute(
      sql`UPDATE webhook_endpoints SET locked_until = NULL, locked_by = NULL, locked_instance = NULL WHERE ${holds(endpoint)}`,
    );
  }

  async function pending(endpointId: string, afterId: number): Promise<PendingDelivery[]> {
    return selectRows<PendingDelivery>(
      db,
      sql`SELECT d.id, d.event_id, e.type, e.payload, e.created_at, d.attempts, d.next_attempt_at <= now() AS due
        FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE d.endpoint_id = ${endpointId}::uuid AND d.status = 'pending' AND d.id > ${afterId}
        ORDER BY d.id LIMIT ${BATCH}`,
    );
  }

  /**
   * Records answered deliveries (2xx) and ends the endpoint's run of failures, in one statement: on
   * PGlite every statement waits its turn on the one connection behind the API's transactions, so
   * the dispatcher keeps up only by saying little (measured in the webhooks bench).
   */
  async function recordDelivered(endpoint: { id: string; token: string }, outcomes: Outcome[]) {
    if (!outcomes.length) return;
    const input = JSON.stringify(
      outcomes.map((o) => ({ id: o.id, status: o.status, body: o.body, ms: o.durationMs, at: o.at.toISOString() })),
    );
    await db.execute(sql`WITH delivered AS (
        UPDATE webhook_deliveries d SET status = 'delivered', attempts = d.attempts + 1,
          response_status = r.status, response_body = r.body, error = NULL, duration_ms = r.ms,
          last_attempt_at = r.at, delivered_at = r.at
        FROM jsonb_to_recordset(${input}::jsonb) AS r(id bigint, status integer, body text, ms integer, at timestamptz)
        WHERE d.id = r.id AND d.status = 'pending'
        RETURNING d.id
      )
      UPDATE webhook_endpoints SET failing_since = NULL
      WHERE id = ${endpoint.id}::uuid AND failing_since IS NOT NULL AND EXISTS (SELECT 1 FROM delivered)`);
  }

  /** A failed attempt at the head of the queue: try again later, or give up and switch the endpoint off. */
  async function recordFailure(endpoint: Claimed, outcome: Outcome, attempts: number) {
    const failingSince = endpoint.failing_since ? asDate(endpoint.failing_since) : outcome.at;
    const next = nextAttemptAt(attempts, failingSince.getTime(), outcome.at.getTime(), schedule);
    const answer = sql`attempts = attempts + 1, response_status = ${outcome.status}, response_body = ${outcome.body},
      error = ${outcome.error}, duration_ms = ${outcome.durationMs}, last_attempt_at = ${outcome.at.toISOString()}::timestamptz`;
    let disabledAt: Date | null = null;
    await db.transaction(async (tx) => {
      if (next === null) {
        await tx.execute(
          sql`UPDATE webhook_deliveries SET status = 'failed', ${answer} WHERE id = ${outcome.id} AND status = 'pending'`,
        );
        const [row] = await selectRows<{ disabled_at: string | Date }>(
          tx as unknown as Db,
          sql`UPDATE webhook_endpoints SET enabled = false, disabled_at = now(), disabled_reason = 'failing',
              failing_since = NULL, updated_at = now()
            WHERE ${holds(endpoint)} AND enabled RETURNING disabled_at`,
        );
        if (row) disabledAt = asDate(row.disabled_at);
      } else {
        await tx.execute(
          sql`UPDATE webhook_deliveries SET ${answer}, next_attempt_at = ${new Date(next).toISOString()}::timestamptz
            WHERE id = ${outcome.id} AND status = 'pending'`,
        );
        await tx.execute(
          sql`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${failingSince.toISOString()}::timestamptz)
            WHERE id = ${endpoint.id}::uuid`,
        );
      }
    });
    log.warn(
      {
        event: 'webhook.failed',
        endpointId: endpoint.id,
        deliveryId: outcome.id,
        status: outcome.status,
        reason: outcome.error,
        attempts,
      },
      next === null ? 'webhook endpoint disabled after a day of failures' : 'webhook delivery will be retried',
    );
    if (disabledAt)
      await options
        .onDisabled?.(endpoint.id, disabledAt)
        .catch((error: unknown) => log.error({ err: error }, 'webhook notice failed'));
  }

  async function send(url: URL, signer: Webhook, delivery: PendingDelivery): Promise<Outcome> {
    const body = envelope(delivery.type, asDate(delivery.created_at), delivery.payload);
    const at = new Date();
    const started = performance.now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Nexa-Webhooks/1',
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(delivery.event_id, at, body),
    };
    const id = Number(delivery.id);
    try {
      const answer = await postOutbound(url, headers, body, outbound, agents, abort.signal);
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        id,
        ok,
        status: answer.status,
        body: answer.body.slice(0, EXCERPT_CHARS),
        error: ok ? null : 'status',
        durationMs: Math.round(performance.now() - started),
        at,
      };
    } catch (error) {
      const reason = error instanceof OutboundError ? error.reason : 'connection';
      return { id, ok: false, status: null, body: null, error: reason, durationMs: Math.round(performance.now() - started), at };
    }
  }

  /** Sends the endpoint's due deliveries in order until none is left, one fails, or the lease is lost. */
  async function drain(endpoint: Claimed) {
    let signer: Webhook;
    let url: URL;
    try {
      signer = new Webhook(box.open(endpoint.secret_encrypted));
      url = new URL(endpoint.url);
    } catch (error) {
      log.error(
        { event: 'webhook.unreadable_secret', endpointId: endpoint.id, err: error },
        'webhook endpoint secret unreadable',
      );
      return;
    }
    let lost = false;
    // A renewal that fails (the database out of reach) cannot keep the lease either: stop sending.
    const heartbeat = setInterval(
      () =>
        void renew(endpoint)
          .then((held) => {
            if (!held) lost = true;
          })
          .catch(() => {
            lost = true;
          }),
      Math.max(200, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    let done: Outcome[] = [];
    try {
      let after = 0;
      for (;;) {
        const batch = await pending(endpoint.id, after);
        if (!batch.length) break;
        let stop = false;
        for (const delivery of batch) {
          // A presence whose session ended means others may hold the endpoint by now: send no more.
          if (stopping || lost || endpoint.presence?.lost.aborted || !delivery.due) {
            stop = true;
            break;
          }
          const outcome = await send(url, signer, delivery);
          if (!outcome.ok) {
            await recordDelivered(endpoint, done);
            done = [];
            if (!stopping) await recordFailure(endpoint, outcome, delivery.attempts + 1);
            stop = true;
            break;
          }
          done.push(outcome);
          if (done.length >= FLUSH_EVERY) {
            await recordDelivered(endpoint, done);
            done = [];
          }
          after = Number(delivery.id);
        }
        await recordDelivered(endpoint, done);
        done = [];
        if (stop) break;
      }
    } finally {
      clearInterval(heartbeat);
      await recordDelivered(endpoint, done).catch((error: unknown) => log.warn({ err: error }, 'could not record deliveries'));
      await release(endpoint).catch(() => {});
    }
  }

  async function fill() {
    while (!stopping && running.size < concurrency) {
      const endpoint = await claim();
      if (!endpoint) break;
      const work = drain(endpoint)
        .catch((error: unknown) =>
          log.warn({ event: 'webhook.drain_failed', endpointId: endpoint.id, err: error }, 'webhook delivery interrupted'),
        )
        .finally(() => {
          running.delete(endpoint.id);
          if (!stopping) look();
        });
      running.set(endpoint.id, work);
    }
  }

  function look() {
    if (!started || stopping) return;
    if (looking) {
      again = true;
      return;
    }
    looking = fill()
      .catch((error: unknown) => log.warn({ event: 'webhook.poll_failed', err: error }, 'could not look for webhook deliveries'))
      .finally(() => {
        looking = null;
        if (again) {
          again = false;
          look();
        } else if (!stopping) {
          if (timer) clearTimeout(timer);
          timer = setTimeout(look, pollMs);
          timer.unref();
        }
      });
  }

  // The event's transaction may commit a moment after the signal: look again shortly.
  const onQueued = () => {
    look();
    for (const delay of [20, 100, 400]) setTimeout(look, delay).unref();
  };

  return {
    start() {
      if (started || concurrency <= 0) return;
      started = true;
      webhookSignals.on('queued', onQueued);
      look();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      webhookSignals.off('queued', onQueued);
      if (timer) clearTimeout(timer);
      abort.abort();
      await Promise.allSettled([looking, ...running.values()]);
      await presence?.release();
      agents.destroy();
    },
    wake: look,
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
