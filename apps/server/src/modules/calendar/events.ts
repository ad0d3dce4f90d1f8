import { sql } from 'drizzle-orm';
import { dealName, demoBookingEvent, FOLLOW_UP_MEETING_MINUTES, meetingTitle, ROLES, type CalendarEvent } from '@nexa/domain';
import { selectRows, type DbOrTx } from '../../db/client.ts';

/**
 * What a person's calendar should hold (decision 042): each open task of theirs (a call's next step
 * they accepted, or one they made) at its due time, and each of their deals' next meetings — titled
 * and as long as the meeting's invite (the follow-up e-mail's, the deal page's download). A manager's
 * also holds the demos booked on the public site (they see the leads; a representative does not, so
 * a representative's calendar and feed never name a booker). One list for the CalDAV sync and the
 * `.ics` feed, so the two never disagree.
 */

export type CalendarEventKind = 'task' | 'meeting' | 'booking';

export interface WantedEvent extends Omit<CalendarEvent, 'stamp'> {
  kind: CalendarEventKind;
  /** The task's or deal's number, the booking's uuid (calendar_events.ref_id). */
  refId: string;
  start: Date;
}

/** What the list needs beside the database: how long a demo slot lasts (DEMO_SLOT_MINUTES). */
export interface WantedEventsOptions {
  demoMinutes: number;
}

/** At most this many of each kind, the latest first (what is coming outranks what is long past). */
const LIMIT = 1_000;
const TASK_MINUTES = 30;

/** Stable per task, deal or booking, whatever changes, so an update replaces the event instead of adding one. */
export const eventUid = (kind: CalendarEventKind, refId: string | number) => `nexa-${kind}-${refId}@nexa`;
/** The event's file name in the collection. */
export const eventFile = (kind: CalendarEventKind, refId: string | number) => `nexa-${kind}-${refId}.ics`;

export async function wantedEvents(db: DbOrTx, userId: string, options: WantedEventsOptions): Promise<WantedEvent[]> {
  const [person] = await selectRows<{ language: string | null; role: string | null }>(
    db,
    sql`SELECT language, role FROM users WHERE id = ${userId}`,
  );
  const language = person?.language === 'fr' ? 'fr' : 'en';
  const [tasks, meetings, bookings] = await Promise.all([
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
    // The role is read here, at each sync and feed request: a person made manager (or no longer one)
    // gets (or loses) the bookings at once.
    person?.role === ROLES.manager
      ? selectRows<{
          id: string;
          full_name: string;
          company_name: string;
          email: string;
          notes: string | null;
          selected_date: Date | string;
        }>(
          db,
          sql`SELECT id, full_name, company_name, email, notes, selected_date FROM demo_requests
            WHERE request_type = 'demo'
            ORDER BY selected_date DESC, id LIMIT ${LIMIT}`,
        )
      : [],
  ]);
  return [
    ...tasks.map((task) => ({
      kind: 'task' as const,
      refId: String(task.id),
      uid: eventUid('task', task.id),
      start: new Date(task.due_at),
      durationMinutes: TASK_MINUTES,
      title: task.title,
    })),
    ...meetings.map((deal) => ({
      kind: 'meeting' as const,
      refId: String(deal.id),
      uid: eventUid('meeting', deal.id),
      start: new Date(deal.next_meeting_date),
      durationMinutes: FOLLOW_UP_MEETING_MINUTES,
      title: meetingTitle(language, dealName(deal)),
    })),
    ...bookings.map((booking) => ({
      kind: 'booking' as const,
      refId: booking.id,
      uid: eventUid('booking', booking.id),
      start: new Date(booking.selected_date),
      durationMinutes: options.demoMinutes,
      ...demoBookingEvent(language, {
        fullName: booking.full_name,
        companyName: booking.company_name,
        email: booking.email,
        notes: booking.notes,
      }),
    })),
  ];
}

/** What an event says, so a sync writes it again only when this changed. */
export const fingerprint = (event: WantedEvent) =>
  JSON.stringify([event.title, event.start.toISOString(), event.durationMinutes, event.description ?? null]);
