import { sql } from 'drizzle-orm';
import { dealName } from '@nexa/domain';
import { resolveMentions } from '@nexa/domain/deal-notes';
import { notificationKeys } from '@nexa/domain/notifications';
import type { DealNote, DealNoteList, MentionablePeople } from '@nexa/domain/schemas/deal-notes';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { recordEvents, touchActivity } from '../opportunities/changes.ts';
import { notesPage, peopleWhoSee, readNote, visibleDeal } from './queries.ts';

/*
 * Notes on a deal and the people they mention (issue 37). Whoever may see the deal reads and writes its
 * notes (404 for anyone else, as every deal route); only a note's author deletes it, with undo. Each
 * note, delete and undo is an event in the deal's history through the one change recorder. A mention
 * is an id sent with the note, kept only when it names someone who may see the deal (resolveMentions):
 * a name typed alone, or the id of someone who may not see the deal, mentions nobody. Each person
 * mentioned is told once (the notification's key is the note's) through the notifications module, which
 * applies their preference and enqueues the e-mail.
 */

/** How much of a note its history event and its notification carry. */
const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

async function dealOf(db: DbOrTx, actor: Actor, id: number) {
  const deal = await visibleDeal(db, actor, id);
  if (!deal) throw notFound('Opportunity');
  return deal;
}

export async function listNotes(db: DbOrTx, actor: Actor, id: number, page: number, pageSize: number): Promise<DealNoteList> {
  await dealOf(db, actor, id);
  return notesPage(db, id, page, pageSize);
}

export async function mentionablePeople(db: DbOrTx, actor: Actor, id: number): Promise<MentionablePeople> {
  const deal = await dealOf(db, actor, id);
  return { items: await peopleWhoSee(db, deal.owner_id) };
}

/** Tells the people a note mentions (again after an undo: the key keeps it to once for whoever still has it). */
async function tellMentioned(tx: DbOrTx, actor: Actor, deal: Awaited<ReturnType<typeof dealOf>>, note: DealNote) {
  // Whoever may see the deal now: one who lost it since the note was written is not told.
  const people = await peopleWhoSee(tx, deal.owner_id);
  const mentioned = resolveMentions(
    note.text,
    note.mentions.map((m) => m.id),
    people,
    actor.userId,
  );
  await notify(
    tx,
    mentioned.map((person) => ({
      userId: person.id,
      kind: 'mention' as const,
      key: notificationKeys.mention(note.id),
      opportunityId: deal.id,
      data: { deal: dealName(deal) ?? `#${deal.id}`, by: actor.fullName, excerpt: excerpt(note.text), note_id: note.id },
    })),
  );
}

export async function createNote(
  db: Db,
  actor: Actor,
  id: number,
  body: { text: string; mentions: string[] },
): Promise<DealNote> {
  return db.transaction(async (tx) => {
    const deal = await dealOf(tx, actor, id);
    const mentioned = resolveMentions(body.text, body.mentions, await peopleWhoSee(tx, deal.owner_id), actor.userId);
    const mentions = mentioned.map(({ id: personId, full_name }) => ({ id: personId, full_name }));
    const [row] = await selectRows<{ id: number | string }>(
      tx,
      sql`INSERT INTO deal_notes (opportunity_id, author_id, text, mentions)
        VALUES (${id}, ${actor.userId}, ${body.text}, ${JSON.stringify(mentions)}::jsonb) RETURNING id`,
    );
    const note = (await readNote(tx, Number(row!.id)))!;
    await recordEvents(
      tx,
      [
        {
          id,
          event: 'note_added',
          after: { note_id: note.id, excerpt: excerpt(note.text), mentions: mentions.map((m) => m.full_name) },
        },
      ],
      { source: 'person', actorId: actor.userId },
    );
    await touchActivity(tx, id);
    await tellMentioned(tx, actor, deal, note);
    return note;
  });
}

/** The note on this deal the actor wrote; 404 when there is none, 403 when it is someone else's. */
async function ownNote(tx: DbOrTx, actor: Actor, id: number, noteId: number, deleted: boolean) {
  const [row] = await selectRows<{ author_id: string | null; mentions: DealNote['mentions'] | string }>(
    tx,
    sql`SELECT author_id, mentions FROM deal_notes WHERE id = ${noteId} AND opportunity_id = ${id}
      AND ${deleted ? sql`deleted_at IS NOT NULL` : sql`deleted_at IS NULL`} FOR UPDATE`,
  );
  if (!row) throw notFound('Note');
  if (row.author_id !== actor.userId) throw new AppError('forbidden', 'Only its author may delete or restore a note');
  return jsonValue(row.mentions);
}

/**
 * Deletes the actor's own note (kept for its undo). Mentions not yet read nor e-mailed are taken back:
 * a deleted note asks nothing of anyone (an e-mail job already enqueued finds its notification gone).
 */
export async function deleteNote(db: Db, actor: Actor, id: number, noteId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await dealOf(tx, actor, id);
    const mentions = await ownNote(tx, actor, id, noteId, false);
    await tx.execute(sql`UPDATE deal_notes SET deleted_at = now() WHERE id = ${noteId}`);
    // By person and key: the notifications' unique index answers it.
    await tx.execute(
      sql`DELETE FROM notifications
        WHERE user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(mentions.map((m) => m.id))}::jsonb))
          AND dedupe_key = ${notificationKeys.mention(noteId)} AND read_at IS NULL AND emailed_at IS NULL`,
    );
    await recordEvents(tx, [{ id, event: 'note_deleted', after: { note_id: noteId } }], {
      source: 'person',
      actorId: actor.userId,
    });
  });
}

/** The undo of a delete: the note comes back as it was, and the people it mentions are told if they were not already. */
export async function restoreNote(db: Db, actor: Actor, id: number, noteId: number): Promise<DealNote> {
  return db.transaction(async (tx) => {
    const deal = await dealOf(tx, actor, id);
    await ownNote(tx, actor, id, noteId, true);
    await tx.execute(sql`UPDATE deal_notes SET deleted_at = NULL WHERE id = ${noteId}`);
    const note = (await readNote(tx, noteId))!;
    await recordEvents(tx, [{ id, event: 'note_restored', after: { note_id: noteId, excerpt: excerpt(note.text) } }], {
      source: 'person',
      actorId: actor.userId,
    });
    await tellMentioned(tx, actor, deal, note);
    return note;
  });
}
