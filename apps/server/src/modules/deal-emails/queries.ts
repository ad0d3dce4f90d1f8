import { sql } from 'drizzle-orm';
import type { CallAnalysis } from '@nexa/domain';
import { ROLES } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type DbOrTx } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { visibleDealAs } from '../opportunities/scope.ts';

/** What a follow-up e-mail is written from: the deal (when the actor may see it), its people, steps and call. */
export interface DealForMail {
  id: number;
  client_name: string | null;
  client_company_name: string | null;
  product: string | null;
  next_meeting_date: string | null;
}

export async function visibleDeal(db: DbOrTx, actor: Actor, id: number): Promise<DealForMail | undefined> {
  const [row] = await selectRows<Omit<DealForMail, 'next_meeting_date'> & { next_meeting_date: Date | string | null }>(
    db,
    sql`SELECT o.id, o.client_name, o.client_company_name, o.product, o.next_meeting_date
      FROM opportunities o WHERE o.id = ${id} AND ${visibleDealAs(actor)}`,
  );
  return row && { ...row, next_meeting_date: iso(row.next_meeting_date) };
}

export interface Recipient {
  contact_id: number;
  full_name: string;
  email: string;
  roles: string[];
  language: 'en' | 'fr' | null;
}

/** The deal's buying committee members who have an e-mail address, by name. */
export async function committeeAddresses(db: DbOrTx, opportunityId: number): Promise<Recipient[]> {
  return selectRows<Recipient>(
    db,
    sql`SELECT c.id AS contact_id, c.full_name, c.email, dc.roles, c.language
      FROM deal_contacts dc JOIN contacts c ON c.id = dc.contact_id
      WHERE dc.opportunity_id = ${opportunityId} AND c.email IS NOT NULL AND c.email <> ''
      ORDER BY lower(c.full_name), c.id
      LIMIT 50`,
  );
}

/** The deal's latest call analysis: its language and the parts a follow-up draws on. */
export async function latestAnalysis(
  db: DbOrTx,
  opportunityId: number,
): Promise<{ language: 'en' | 'fr'; result: CallAnalysis } | undefined> {
  const [row] = await selectRows<{ language: 'en' | 'fr'; result: CallAnalysis }>(
    db,
    sql`SELECT language, result FROM call_analyses WHERE opportunity_id = ${opportunityId}
      ORDER BY created_at DESC LIMIT 1`,
  );
  return row;
}

/**
 * The deal's accepted next steps: its open tasks, soonest first. A representative's own; a manager
 * sees every owner's (as they see every deal).
 */
export async function openSteps(
  db: DbOrTx,
  actor: Actor,
  opportunityId: number,
  limit: number,
): Promise<Array<{ title: string; due_at: string | null }>> {
  const mine = actor.role === ROLES.manager ? sql`TRUE` : sql`owner_id = ${actor.userId}`;
  const rows = await selectRows<{ title: string; due_at: Date | string }>(
    db,
    sql`SELECT title, due_at FROM tasks
      WHERE opportunity_id = ${opportunityId} AND status = 'open' AND deleted_at IS NULL AND ${mine}
      ORDER BY due_at, id LIMIT ${limit}`,
  );
  return rows.map((row) => ({ title: row.title, due_at: iso(row.due_at) }));
}

interface Sender {
  email: string;
  full_name: string;
  language: string | null;
  time_zone: string | null;
}

export async function senderOf(db: DbOrTx, userId: string): Promise<Sender | undefined> {
  const [row] = await selectRows<Sender>(db, sql`SELECT email, full_name, language, time_zone FROM users WHERE id = ${userId}`);
  return row;
}
