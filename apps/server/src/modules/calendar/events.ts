import { sql } from 'drizzle-orm';
import { dealName, FOLLOW_UP_MEETING_MINUTES, meetingTitle, type CalendarEvent } from '@nexa/domain';
import { selectRows, type DbOrTx } from '../../db/client.ts';

/**
 * What a person's calendar should hold (decision 042): each open task of theirs (a call's next step
 * they accepted, or one they made) at its due time, and each of their deals' next meetings — titled
 * and as long as the meeting's invite (the follow-up e-mail's, the deal page's download). One list
 * for the CalDAV sync and the `.ics` feed, so the two never disagree. Only the person's own rows.
 */

export type CalendarEventKind = 'task' | 'meeting';

export interface WantedEvent extends Omit<CalendarEvent, 'stamp'> {
  kind: CalendarEventKind;
  refId: number;
  start: Date;
}

/** At most this many of each kind, the latest first (what is coming outranks what is long past). */
const LIMIT = 1_000;
const TASK_MINUTES = 30;

/** Stable per task or deal, whatever changes, so an update replaces the event instead of adding one. */
export const eventUid = (kind: CalendarEventKind, refId: number) => `nexa-${kind}-${refId}@nexa`;
/** The event's file name in the collection. */
export const eventFile = (kind: CalendarEventKind, refId: number) => `nexa-${kind}-${refId}.ics`;

export async function wantedEvents(db: DbOrTx, userId: string): Promise<WantedEvent[]> {
  const [person] = await selectRows<{ language: string | null }>(db, sql`SELECT language FROM users WHERE id = ${userId}`);
  const language = person?.language === 'fr' ? 'fr' : 'en';
  const [tasks, meetings] = await Promise.all([
    selectRows<{ id: number | string; title: string; due_at: Date | string }>(
      db,
      sql`SELECT id, title, due_at FROM tasks
        WHERE owner_id = ${userId} AND status = 'open' AND deleted_at IS NULL
        ORDER BY due_at DESC, id LIMIT ${LIMIT}`,
    ),
    selectRows<{
      id: number | string;
      client_company_name: string | null;
      product: string | null;
      next_meeting_date: Date | string;
    }>(
      db,
      sql`SELECT id, client_company_name, product, next_meeting_date FROM opportunities
        WHERE owner_id = ${userId} AND next_meeting_date IS NOT NULL
        ORDER BY next_meeting_date DESC, id LIMIT ${LIMIT}`,
    ),
  ]);
  return [
    ...tasks.map((task) => ({
      kind: 'task' as const,
      refId: Number(task.id),
      uid: eventUid('task', Number(task.id)),
      start: new Date(task.due_at),
      durationMinutes: TASK_MINUTES,
      title: task.title,
    })),
    ...meetings.map((deal) => ({
      kind: 'meeting' as const,
      refId: Number(deal.id),
      uid: eventUid('meeting', Number(deal.id)),
      start: new Date(deal.next_meeting_date),
      durationMinutes: FOLLOW_UP_MEETING_MINUTES,
      title: meetingTitle(language, dealName(deal)),
    })),
  ];
}

/** What an event says, so a sync writes it again only when this changed. */
export const fingerprint = (event: WantedEvent) =>
  JSON.stringify([event.title, event.start.toISOString(), event.durationMinutes, event.description ?? null]);
