import { sql } from 'drizzle-orm';
import { notificationKeys } from '@nexa/domain/notifications';
import { selectRows, type Db } from '../../db/client.ts';
import { notify, type NewNotification } from './notify.ts';

/**
 * The notification sweep (issue 37, decision 043): every instance's job worker runs it on a timer.
 * It reads what already records each event — opportunity_changes (the change recorder writes every
 * deal change there, whoever makes it: a person, an import, an integration, an analysis), the jobs
 * table (a finished analysis) and tasks (one falling due) — from a little before where the last
 * sweep stopped, so a transaction that committed late is still seen; the notifications' unique keys
 * drop what two sweeps (or two instances) both saw. Nothing is added to the writes themselves.
 */

/** How far before its cursor a sweep reads again: a change is seen if it commits within this of its own time. */
const OVERLAP = '5 minutes';
/** Events read per stream and sweep; a stream with more resumes from the last one read. */
const BATCH = 2_000;

const DEAL_NAME = (alias: string) =>
  sql.raw(`coalesce(nullif(${alias}.client_company_name, ''), ${alias}.product, '#' || ${alias}.id)`);

type Stream = (from: string, to: string) => Promise<{ items: NewNotification[]; reachedAt: string | null }>;

/** Reads one stream from its cursor (less the overlap) to `now`, notifies, and moves the cursor. */
async function sweepStream(db: Db, name: string, now: Date, read: Stream): Promise<number> {
  const to = now.toISOString();
  const [cursor] = await selectRows<{ from: string }>(
    db,
    sql`SELECT to_json(coalesce((SELECT at FROM notification_cursors WHERE name = ${name}), ${to}::timestamptz) - ${OVERLAP}::interval)#>>'{}' AS from`,
  );
  const { items, reachedAt } = await read(new Date(cursor!.from).toISOString(), to);
  return db.transaction(async (tx) => {
    const made = await notify(tx, items);
    const at = reachedAt ?? to;
    await tx.execute(
      sql`INSERT INTO notification_cursors (name, at) VALUES (${name}, ${at}::timestamptz)
        ON CONFLICT (name) DO UPDATE SET at = greatest(notification_cursors.at, excluded.at)`,
    );
    return made;
  });
}

/** The last event's time when the batch was full (the next sweep resumes there), else null (read to the end). */
const reached = <T extends { at: string | Date }>(rows: T[]) =>
  rows.length >= BATCH ? new Date(rows.at(-1)!.at).toISOString() : null;

interface MoveRow {
  opportunity_id: number;
  at: string | Date;
  at_key: string;
  owner_id: string;
  deal: string;
  field: 'stage' | 'status';
  before: unknown;
  after: unknown;
  source: string;
  actor_id: string | null;
  by_name: string | null;
}

export function streams(db: Db): Record<string, Stream> {
  return {
    /**
     * A deal's stage or status changed by someone other than its owner (a manager, another person, an
     * integration, an analysis): its owner is told once per write (one write's rows share their `at`).
     */
    deal_moved: async (from, to) => {
      const rows = await selectRows<MoveRow>(
        db,
        sql`SELECT c.opportunity_id, c.at, (extract(epoch FROM c.at) * 1000000)::bigint::text AS at_key, o.owner_id,
            ${DEAL_NAME('o')} AS deal, c.field, c.before, c.after, c.source, c.actor_id, a.full_name AS by_name
          FROM opportunity_changes c
          JOIN opportunities o ON o.id = c.opportunity_id
          LEFT JOIN users a ON a.id = c.actor_id
          WHERE c.field IN ('stage', 'status') AND c.at > ${from}::timestamptz AND c.at <= ${to}::timestamptz
            AND o.owner_id IS NOT NULL AND c.actor_id IS DISTINCT FROM o.owner_id
          ORDER BY c.at, c.id LIMIT ${BATCH}`,
      );
      const moves = new Map<string, NewNotification & { data: Record<string, unknown> }>();
      for (const row of rows) {
        const key = notificationKeys.dealMoved(row.opportunity_id, row.at_key);
        const move = moves.get(key) ?? {
          userId: row.owner_id,
          kind: 'deal_moved' as const,
          key,
          opportunityId: row.opportunity_id,
          data: { deal: row.deal, by: row.by_name, source: row.source },
        };
        // The stage says it best; a status change that left the stage as it was says it by its text.
        if (row.field === 'stage' || move.data.from === undefined) {
          move.data.from = row.before;
          move.data.to = row.after;
          move.data.field = row.field;
        }
        moves.set(key, move);
      }
      return { items: [...moves.values()], reachedAt: reached(rows) };
    },

    analysis_finished: async (from, to) => {
      const rows = await selectRows<{
        id: string;
        at: string | Date;
        owner_id: string;
        opportunity_id: number | null;
        deal: string | null;
      }>(
        db,
        sql`SELECT j.id, j.finished_at AS at, j.owner_id, o.id AS opportunity_id,
            CASE WHEN o.id IS NULL THEN NULL ELSE ${DEAL_NAME('o')} END AS deal
          FROM jobs j
          LEFT JOIN opportunities o ON o.id = j.opportunity_id
            AND (o.owner_id = j.owner_id OR EXISTS (SELECT 1 FROM users m WHERE m.id = j.owner_id AND m.role = 'Sales Manager'))
          WHERE j.kind = 'transcript_analysis' AND j.status = 'succeeded' AND j.owner_id IS NOT NULL
            AND j.finished_at > ${from}::timestamptz AND j.finished_at <= ${to}::timestamptz
          ORDER BY j.finished_at LIMIT ${BATCH}`,
      );
      return {
        items: rows.map((row) => ({
          userId: row.owner_id,
          kind: 'analysis_finished' as const,
          key: notificationKeys.analysisFinished(row.id),
          opportunityId: row.opportunity_id,
          data: { deal: row.deal },
        })),
        reachedAt: reached(rows),
      };
    },

    task_due: async (from, to) => {
      const rows = await selectRows<{
        id: number | string;
        at: string | Date;
        due_key: string;
        owner_id: string;
        title: string;
        opportunity_id: number | null;
        deal: string | null;
      }>(
        db,
        sql`SELECT t.id, t.due_at AS at, (extract(epoch FROM t.due_at) * 1000)::bigint::text AS due_key, t.owner_id, t.title,
            o.id AS opportunity_id, CASE WHEN o.id IS NULL THEN NULL ELSE ${DEAL_NAME('o')} END AS deal
          FROM tasks t
          LEFT JOIN opportunities o ON o.id = t.opportunity_id
            AND (o.owner_id = t.owner_id OR EXISTS (SELECT 1 FROM users m WHERE m.id = t.owner_id AND m.role = 'Sales Manager'))
          WHERE t.status = 'open' AND t.deleted_at IS NULL AND t.due_at > ${from}::timestamptz AND t.due_at <= ${to}::timestamptz
          ORDER BY t.due_at, t.id LIMIT ${BATCH}`,
      );
      return {
        items: rows.map((row) => ({
          userId: row.owner_id,
          kind: 'task_due' as const,
          key: notificationKeys.taskDue(Number(row.id), row.due_key),
          opportunityId: row.opportunity_id,
          taskId: Number(row.id),
          data: { title: row.title, due_at: new Date(row.at).toISOString(), deal: row.deal },
        })),
        reachedAt: reached(rows),
      };
    },
  };
}

/** One sweep of every stream at `now`; answers how many notifications each made. */
export async function sweepNotifications(db: Db, now: Date): Promise<Record<string, number>> {
  const made: Record<string, number> = {};
  for (const [name, read] of Object.entries(streams(db))) made[name] = await sweepStream(db, name, now, read);
  return made;
}
