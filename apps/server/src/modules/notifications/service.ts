import { sql } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import { preferencesFor, UNREAD_COUNT_CAP, type NotificationPreference } from '@nexa/domain/notifications';
import type { Notification, NotificationList, NotificationListQuery } from '@nexa/domain/schemas/notifications';
import type { Actor } from '../../auth/access.ts';
import { countUpTo } from '../../db/capped-count.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { read } from '../../db/prepared/reads.ts';
import { notFound } from '../../http/errors.ts';

/**
 * A person's own notifications and preferences (issue 37). Every statement names the signed-in
 * person's id: another person's notification does not exist for them (404), whatever its id.
 */

interface Row {
  id: number | string;
  kind: Notification['kind'];
  data: Record<string, unknown> | string;
  opportunity_id: number | null;
  opportunity_owner_id: string | null;
  task_id: number | string | null;
  created_at: string | Date;
  read_at: string | Date | null;
}

const toNotification = (row: Row): Notification => ({
  id: Number(row.id),
  kind: row.kind,
  data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
  opportunity_id: row.opportunity_id,
  opportunity_owner_id: row.opportunity_owner_id,
  task_id: row.task_id === null ? null : Number(row.task_id),
  created_at: new Date(row.created_at).toISOString(),
  read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
});

/** The bell's count: the unread rows (notifications_unread_idx), UNREAD_COUNT_CAP + 1 standing for "more". */
export async function unreadCount(db: DbOrTx, actor: Actor): Promise<number> {
  const { total, capped } = await countUpTo(
    db,
    sql`SELECT 1 FROM notifications WHERE user_id = ${actor.userId} AND in_app AND read_at IS NULL`,
    UNREAD_COUNT_CAP,
  );
  return capped ? UNREAD_COUNT_CAP + 1 : total;
}

/** The panel's total is exact up to this many (ten pages); past it, `capped`. */
const LISTED_COUNT_CAP = 100;

/**
 * A page of the person's notifications, newest first (notifications_inbox_idx). The deal is linked
 * only while the person may still read it (a representative their own deals, a manager any).
 */
export async function listNotifications(db: DbOrTx, actor: Actor, query: NotificationListQuery): Promise<NotificationList> {
  const person = read.value(actor.userId, 'text');
  // The person's id, the offset and the page size in the forms that keep one plan (db/prepared/reads.ts).
  const dealShown = actor.role === ROLES.manager ? sql`TRUE` : sql`o.owner_id = ${person}`;
  const [items, total] = await Promise.all([
    selectRows<Row>(
      db,
      sql`SELECT n.id, n.kind, n.data, o.id AS opportunity_id, o.owner_id AS opportunity_owner_id, n.task_id, n.created_at, n.read_at
        FROM notifications n
        LEFT JOIN opportunities o ON o.id = n.opportunity_id AND ${dealShown}
        WHERE n.user_id = ${person} AND n.in_app
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${read.rows(query.pageSize)} OFFSET ${read.offset((query.page - 1) * query.pageSize)}`,
    ),
    // A person with 20,000 notifications costs no more to count than one with 101.
    countUpTo(db, sql`SELECT 1 FROM notifications WHERE user_id = ${person} AND in_app`, LISTED_COUNT_CAP),
  ]);
  return { items: items.map(toNotification), ...total };
}

/** Marks one of the person's notifications read (already read: kept as it was); 404 for any other. */
export async function markRead(db: Db, actor: Actor, id: number): Promise<void> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = ${id} AND user_id = ${actor.userId} AND in_app RETURNING id`,
  );
  if (!rows.length) throw notFound('Notification');
}

/** Marks every unread notification of the person read; answers how many. */
export async function markAllRead(db: Db, actor: Actor): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE notifications SET read_at = now() WHERE user_id = ${actor.userId} AND in_app AND read_at IS NULL RETURNING id`,
  );
  return rows.length;
}

export async function readPreferences(db: DbOrTx, actor: Actor): Promise<NotificationPreference[]> {
  const chosen = await selectRows<NotificationPreference>(
    db,
    sql`SELECT kind, in_app, email FROM notification_preferences WHERE user_id = ${actor.userId}`,
  );
  return preferencesFor(actor.role, chosen);
}

/** Saves the person's choices for the kinds given (a kind their role does not have is ignored). */
export async function savePreferences(db: Db, actor: Actor, items: NotificationPreference[]): Promise<NotificationPreference[]> {
  const allowed = new Set(preferencesFor(actor.role, []).map((p) => p.kind));
  const rows = items.filter((item) => allowed.has(item.kind));
  if (rows.length) {
    await db.execute(
      sql`INSERT INTO notification_preferences (user_id, kind, in_app, email)
        SELECT ${actor.userId}, r.kind, r.in_app, r.email
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(kind text, in_app boolean, email text)
        ON CONFLICT (user_id, kind) DO UPDATE SET in_app = excluded.in_app, email = excluded.email, updated_at = now()`,
    );
  }
  return readPreferences(db, actor);
}
