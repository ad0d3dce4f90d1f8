import { sql } from 'drizzle-orm';
import { deliveryFor, notificationKeys, type ChosenPreference, type NotificationKind } from '@nexa/domain/notifications';
import { selectRows, type DbOrTx } from '../../db/client.ts';
import { enqueueJobsOnce } from '../jobs/index.ts';

/**
 * Making notifications (issue 37, decision 043). Whatever tells a person something — a sweep of
 * deal moves, tasks falling due and finished analyses, the daily risk sweep, the weekly digest —
 * calls notify(): it applies each person's preference (deliveryFor, the domain's rule), writes one
 * row per notification under its unique key (a second write of the same key, by a retry or another
 * instance, does nothing) and, for those wanted by e-mail at once, enqueues one e-mail job keyed by
 * the notification, in the same transaction (one statement for all of them).
 */

export const NOTIFICATION_EMAIL = 'notification_email';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** Unique per person (notificationKeys). */
  key: string;
  data: Record<string, unknown>;
  opportunityId?: number | null;
  taskId?: number | null;
}

export interface Person {
  id: string;
  role: string | null;
  preferences: ChosenPreference[] | string | null;
}

/** The person's chosen preferences as one JSON array, for a statement reading them as `u` (users). */
export const chosenPreferences = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('kind', p.kind, 'in_app', p.in_app, 'email', p.email)), '[]'::jsonb)
  FROM notification_preferences p WHERE p.user_id = u.id)`;

/** The people's role and chosen preferences; deactivated people are left out (they are told nothing). */
async function peopleToTell(tx: DbOrTx, userIds: readonly string[]): Promise<Map<string, Person>> {
  if (!userIds.length) return new Map();
  const rows = await selectRows<Person>(
    tx,
    sql`SELECT u.id, u.role, ${chosenPreferences} AS preferences
      FROM users u WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(userIds)])}::jsonb)) AND NOT u.disabled`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export const chosenOf = (person: Pick<Person, 'preferences'>): ChosenPreference[] =>
  typeof person.preferences === 'string' ? (JSON.parse(person.preferences) as ChosenPreference[]) : (person.preferences ?? []);

/**
 * Writes the notifications the people's preferences let through; answers how many were new. With
 * `mailedByCaller` (the weekly digest, whose own job is its e-mail) only the in-app rows are written.
 * `people`: the caller read them already (role and chosen preferences; the digest's job reads its
 * manager), so they are not read again.
 */
export async function notify(
  tx: DbOrTx,
  items: readonly NewNotification[],
  options: { mailedByCaller?: boolean; people?: ReadonlyMap<string, Person> } = {},
): Promise<number> {
  if (!items.length) return 0;
  const people =
    options.people ??
    (await peopleToTell(
      tx,
      items.map((item) => item.userId),
    ));
  const rows = items.flatMap((item) => {
    const person = people.get(item.userId);
    const delivery = person ? deliveryFor(item.kind, person.role, chosenOf(person)) : null;
    if (!delivery || (options.mailedByCaller && !delivery.in_app)) return [];
    return [
      {
        user_id: item.userId,
        kind: item.kind,
        dedupe_key: item.key,
        data: item.data,
        opportunity_id: item.opportunityId ?? null,
        task_id: item.taskId ?? null,
        in_app: delivery.in_app,
        email: options.mailedByCaller ? 'off' : delivery.email,
      },
    ];
  });
  if (!rows.length) return 0;
  const written = await selectRows<{ id: number | string; user_id: string; email: string }>(
    tx,
    sql`INSERT INTO notifications (user_id, kind, dedupe_key, data, opportunity_id, task_id, in_app, email)
      SELECT r.user_id, r.kind, r.dedupe_key, r.data, r.opportunity_id, r.task_id, r.in_app, r.email
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(user_id text, kind text, dedupe_key text, data jsonb, opportunity_id integer, task_id bigint, in_app boolean, email text)
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id, user_id, email`,
  );
  await enqueueJobsOnce(
    tx,
    written
      .filter((row) => row.email === 'instant')
      .map((row) => ({
        uniqueKey: notificationKeys.emailJob(Number(row.id)),
        input: { kind: NOTIFICATION_EMAIL, payload: { notificationId: Number(row.id) }, ownerId: row.user_id },
      })),
  );
  return written.length;
}
