import { and, eq, sql } from 'drizzle-orm';
import {
  calendarFile,
  type CalendarConnectBody,
  type CalendarFeedCreated,
  type CalendarSettings,
  type CalendarError,
} from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { calendarConnections, calendarEvents, calendarFeedTokens, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SecretBox } from '../../secrets/box.ts';
import { hashBearerToken, newBearerToken } from '../../secrets/token.ts';
import { CalDavError, collectionUrl, type CalDavClient } from './caldav.ts';
import { requestCalendarSync } from './enqueue.ts';
import { wantedEvents } from './events.ts';

/**
 * A person's calendar settings (decision 042): the CalDAV connection (checked against the server
 * before it is kept; the app password sealed, never answered back) and the `.ics` feed, whose
 * secret token is answered once and kept as its SHA-256 only.
 */

const FEED_PATH = '/api/calendar/feed/';

/** Why a connection was refused, for the person (the field at fault; our own words, never the server's). */
const REFUSALS: Record<CalendarError, { field: 'url' | 'password'; message: string }> = {
  unauthorized: { field: 'password', message: 'The calendar refused this user name and app password' },
  not_found: { field: 'url', message: 'No calendar at this address' },
  not_a_calendar: { field: 'url', message: 'This address is not a CalDAV calendar' },
  refused_address: { field: 'url', message: 'This address is private; the operator has not allowed it' },
  unreachable: { field: 'url', message: 'The calendar server did not answer' },
  server_error: { field: 'url', message: 'The calendar server failed to answer' },
};

export function calendarService(deps: {
  db: Db;
  box: SecretBox;
  client: CalDavClient;
  publicUrl: string | null;
  /** How long a demo booking lasts in a manager's feed (the slot's length). */
  demoMinutes: number;
}) {
  const { db, box, client } = deps;

  async function settings(userId: string): Promise<CalendarSettings> {
    const [[connection], [feed]] = await Promise.all([
      db.select().from(calendarConnections).where(eq(calendarConnections.user_id, userId)),
      db
        .select({ created_at: calendarFeedTokens.created_at })
        .from(calendarFeedTokens)
        .where(eq(calendarFeedTokens.user_id, userId)),
    ]);
    return {
      connection: connection
        ? {
            url: connection.url,
            username: connection.username,
            connectedAt: iso(connection.created_at)!,
            lastSyncedAt: iso(connection.last_synced_at),
            lastError: (connection.last_error as CalendarError | null) ?? null,
            lastErrorAt: iso(connection.last_error_at),
          }
        : null,
      feed: { active: Boolean(feed), createdAt: iso(feed?.created_at) },
    };
  }

  return {
    settings,

    /** Checks the calendar with these credentials, then keeps them and asks for a first sync. */
    async connect(userId: string, body: CalendarConnectBody): Promise<CalendarSettings> {
      const url = collectionUrl(body.url);
      try {
        await client.check({ url, username: body.username, password: body.password });
      } catch (error) {
        if (!(error instanceof CalDavError)) throw error;
        const refusal = REFUSALS[error.reason];
        throw new AppError('bad_request', refusal.message, refusal.field);
      }
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ url: calendarConnections.url })
          .from(calendarConnections)
          .where(eq(calendarConnections.user_id, userId));
        // Another calendar: what Nexa wrote to the old one is no longer its to update.
        if (before && before.url !== url.href) await tx.delete(calendarEvents).where(eq(calendarEvents.user_id, userId));
        const values = { url: url.href, username: body.username, password_encrypted: box.seal(body.password) };
        await tx
          .insert(calendarConnections)
          .values({ user_id: userId, ...values })
          .onConflictDoUpdate({
            target: calendarConnections.user_id,
            set: {
              ...values,
              last_error: null,
              last_error_at: null,
              locked_until: null,
              locked_by: null,
              created_at: sql`now()`,
              updated_at: sql`now()`,
            },
          });
        await requestCalendarSync(tx, userId);
      });
      return settings(userId);
    },

    /** Forgets the calendar (the events already in it stay there; Nexa no longer updates them). */
    async disconnect(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(calendarEvents).where(eq(calendarEvents.user_id, userId));
        await tx.delete(calendarConnections).where(eq(calendarConnections.user_id, userId));
      });
    },

    async syncNow(userId: string): Promise<void> {
      await requestCalendarSync(db, userId);
    },

    /** A new feed token (the previous one stops working), answered once. */
    async createFeed(userId: string, requestOrigin: string): Promise<CalendarFeedCreated> {
      const token = newBearerToken();
      const token_hash = hashBearerToken(token);
      const [row] = await db
        .insert(calendarFeedTokens)
        .values({ user_id: userId, token_hash })
        .onConflictDoUpdate({ target: calendarFeedTokens.user_id, set: { token_hash, created_at: sql`now()` } })
        .returning();
      const base = (deps.publicUrl ?? requestOrigin).replace(/\/$/, '');
      return { url: `${base}${FEED_PATH}${token}.ics`, createdAt: iso(row!.created_at)! };
    },

    async revokeFeed(userId: string): Promise<void> {
      await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.user_id, userId));
    },

    /** The feed of the token's owner, or null when no such token is kept (revoked or never made) or the account is deactivated. */
    async feed(tokenFile: string, now = new Date()): Promise<string | null> {
      const token = tokenFile.replace(/\.ics$/, '');
      // A deactivated account's feed stops with its sessions.
      const [owner] = await db
        .select({ user_id: calendarFeedTokens.user_id })
        .from(calendarFeedTokens)
        .innerJoin(users, eq(users.id, calendarFeedTokens.user_id))
        .where(and(eq(calendarFeedTokens.token_hash, hashBearerToken(token)), eq(users.disabled, false)));
      if (!owner) return null;
      const events = await wantedEvents(db, owner.user_id, { demoMinutes: deps.demoMinutes });
      return calendarFile(
        events.map((event) => ({ ...event, stamp: now })),
        { name: 'Nexa', productId: '-//Nexa//Calendar feed//EN' },
      );
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;
