import { sql } from 'drizzle-orm';
import { ROLES } from '@nexa/domain';
import type { DealNote } from '@nexa/domain/schemas/deal-notes';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type DbOrTx } from '../../db/client.ts';
import { visibleDealAs } from '../opportunities/scope.ts';

/** The deal, when the actor may see it (the deals' own rule): its name's parts and its owner. */
export async function visibleDeal(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await selectRows<{
    id: number;
    owner_id: string | null;
    client_company_name: string | null;
    product: string | null;
  }>(
    db,
    sql`SELECT o.id, o.owner_id, o.client_company_name, o.product FROM opportunities o WHERE o.id = ${id} AND ${visibleDealAs(actor)}`,
  );
  return row;
}

/** Managers listed at most: a team has a few; the note box offers the first ones by name. */
const PEOPLE_LIMIT = 200;

/**
 * Who may see the deal, so who a note on it may mention: its owner and every manager (a manager sees
 * every deal, decision 5), active accounts only, by name.
 */
export async function peopleWhoSee(db: DbOrTx, ownerId: string | null) {
  return selectRows<{ id: string; full_name: string; role: string | null }>(
    db,
    sql`SELECT u.id, u.full_name, u.role FROM users u
      WHERE NOT u.disabled AND (u.id = ${ownerId} OR u.role = ${ROLES.manager})
      ORDER BY lower(u.full_name), u.id LIMIT ${PEOPLE_LIMIT}`,
  );
}

interface NoteRow {
  id: number | string;
  opportunity_id: number;
  text: string;
  author_id: string | null;
  author_name: string | null;
  mentions: DealNote['mentions'] | string;
  created_at: Date | string;
}

export const toNote = (row: NoteRow): DealNote => ({
  id: Number(row.id),
  opportunity_id: row.opportunity_id,
  text: row.text,
  author_id: row.author_id,
  author_name: row.author_name,
  mentions: jsonValue(row.mentions),
  created_at: new Date(row.created_at).toISOString(),
});

const NOTE_COLUMNS = sql`n.id, n.opportunity_id, n.text, n.author_id, u.full_name AS author_name, n.mentions, n.created_at`;

/** A page of the deal's live notes, newest first (deal_notes_opportunity_idx), and how many there are. */
export async function notesPage(db: DbOrTx, opportunityId: number, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    selectRows<NoteRow>(
      db,
      sql`SELECT ${NOTE_COLUMNS} FROM deal_notes n LEFT JOIN users u ON u.id = n.author_id
        WHERE n.opportunity_id = ${opportunityId} AND n.deleted_at IS NULL
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: number | string }>(
      db,
      sql`SELECT count(*) AS total FROM deal_notes WHERE opportunity_id = ${opportunityId} AND deleted_at IS NULL`,
    ),
  ]);
  return { items: rows.map(toNote), total: Number(count?.total ?? 0) };
}

export async function readNote(db: DbOrTx, id: number): Promise<DealNote | undefined> {
  const [row] = await selectRows<NoteRow>(
    db,
    sql`SELECT ${NOTE_COLUMNS} FROM deal_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.id = ${id}`,
  );
  return row && toNote(row);
}
