import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { speakerOf } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { integerArray, uuidArray } from '../../db/id-array.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../team-admin/audit.ts';
import { ERASED_NAME, scrubber, type Person } from './scrub.ts';

/*
 * Erasure of a contact on request (issue 36, docs/privacy.md). In one transaction:
 * - what is related to the person is found: the calls they spoke in (call_speakers), the deals they
 *   sit on (deal_contacts) or spoke in, and, if they were deleted and not yet purged, the same from
 *   their archived row (deleted_contacts);
 * - every text, JSON and text-array column of every table's related rows (a table is related through
 *   its opportunity_id, call_analysis_id or contact_id column; deals and calls by their id) is
 *   rewritten with their name, e-mail and phone replaced by "[erased contact]" and what they said by
 *   "[erased]" (scrub.ts) — tables are read from the catalogue, so a table added later is covered
 *   without a change here;
 * - their speaker rows keep the call's talk time under "[erased contact]", without the person;
 * - the record goes (contacts, deleted_contacts; their committee places with it);
 * - the audit log records the erasure by the contact's number and counts, never the name.
 * Then the mail outbox (DATA_DIR/outbox, written only when no SMTP server is set) loses the messages
 * that named them. Nothing of theirs is ever written to the file storage (it holds applicants' résumés).
 */

type Row = Record<string, unknown>;
const run = <T = Row>(db: DbOrTx, query: SQL) => selectRows<T>(db as Db, query);

/** The tables whose rows a person's erasure may touch: every base table, its text-like columns and its links. */
interface Table {
  name: string;
  columns: Array<{ name: string; kind: 'text' | 'json' | 'array' }>;
  links: Set<string>;
}

async function tables(tx: DbOrTx): Promise<Table[]> {
  const rows = await run<{ table_name: string; column_name: string; data_type: string; udt_name: string }>(
    tx,
    sql`SELECT c.table_name, c.column_name, c.data_type, c.udt_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const byName = new Map<string, Table>();
  for (const row of rows) {
    const table = byName.get(row.table_name) ?? { name: row.table_name, columns: [], links: new Set<string>() };
    byName.set(row.table_name, table);
    if (['opportunity_id', 'call_analysis_id', 'contact_id'].includes(row.column_name)) table.links.add(row.column_name);
    const kind =
      row.data_type === 'text' || row.data_type === 'character varying'
        ? 'text'
        : row.data_type === 'jsonb' || row.data_type === 'json'
          ? 'json'
          : row.data_type === 'ARRAY' && (row.udt_name === '_text' || row.udt_name === '_varchar')
            ? 'array'
            : null;
    if (kind) table.columns.push({ name: row.column_name, kind });
  }
  return [...byName.values()];
}

/** Which rows of `table` belong to the person's deals, calls or record; null when none can. */
function relatedRows(table: Table, contactId: number, deals: number[], calls: string[]): SQL | null {
  const parts: SQL[] = [];
  if (table.name === 'opportunities' || table.name === 'deleted_opportunities') parts.push(sql`id = ANY(${integerArray(deals)})`);
  if (table.name === 'call_analyses') parts.push(sql`id = ANY(${uuidArray(calls)})`);
  if (table.links.has('opportunity_id')) parts.push(sql`opportunity_id = ANY(${integerArray(deals)})`);
  if (table.links.has('call_analysis_id')) parts.push(sql`call_analysis_id = ANY(${uuidArray(calls)})`);
  if (table.links.has('contact_id')) parts.push(sql`contact_id = ${contactId}`);
  return parts.length ? sql.join(parts, sql` OR `) : null;
}

/** Tables left out of the rewrite: the record itself (removed whole) and the audit log (which never holds the name). */
const SKIPPED = new Set(['contacts', 'deleted_contacts', 'audit_log', 'call_speakers']);

export interface Erasure {
  contactId: number;
  deals: number;
  calls: number;
  rowsRewritten: number;
  outboxMessagesRemoved: number;
}

interface Found {
  full_name: string;
  email: string | null;
  phone: string | null;
  speakers: Array<{ call_analysis_id: string; speaker: string }>;
  deals: number[];
}

/** Whether deleted contacts are kept for an undo (deleted_contacts, modules/contacts). */
async function hasArchive(tx: DbOrTx): Promise<boolean> {
  const [row] = await run<{ present: boolean }>(tx, sql`SELECT to_regclass('deleted_contacts') IS NOT NULL AS present`);
  return row?.present === true;
}

/** The contact, live or archived (deleted, not yet purged), with their speaker rows and deals. */
async function findPerson(tx: DbOrTx, id: number): Promise<Found | null> {
  const [live] = await run<{ full_name: string; email: string | null; phone: string | null }>(
    tx,
    sql`SELECT full_name, email, phone FROM contacts WHERE id = ${id} FOR UPDATE`,
  );
  const [archived] = (await hasArchive(tx))
    ? await run<{ row: Row; committee: Array<{ opportunity_id: number }>; speakers: Found['speakers'] }>(
        tx,
        sql`SELECT row, committee, speakers FROM deleted_contacts WHERE id = ${id} FOR UPDATE`,
      )
    : [];
  if (!live && !archived) return null;
  const record = live ?? {
    full_name: String(archived!.row.full_name ?? ''),
    email: (archived!.row.email as string | null) ?? null,
    phone: (archived!.row.phone as string | null) ?? null,
  };
  const speakers = await run<{ call_analysis_id: string; speaker: string }>(
    tx,
    sql`SELECT call_analysis_id::text AS call_analysis_id, speaker FROM call_speakers WHERE contact_id = ${id}`,
  );
  for (const s of archived?.speakers ?? []) {
    if (!speakers.some((k) => k.call_analysis_id === s.call_analysis_id && k.speaker === s.speaker)) speakers.push(s);
  }
  const calls = [...new Set(speakers.map((s) => s.call_analysis_id))];
  const dealRows = await run<{ id: number }>(
    tx,
    sql`SELECT opportunity_id AS id FROM deal_contacts WHERE contact_id = ${id}
      UNION SELECT opportunity_id FROM call_analyses WHERE id = ANY(${uuidArray(calls)})`,
  );
  const deals = new Set(dealRows.map((d) => Number(d.id)));
  for (const c of archived?.committee ?? []) deals.add(Number(c.opportunity_id));
  return { ...record, speakers, deals: [...deals] };
}

/** What the person said: the words of their lines in the calls they spoke in. */
async function spokenWords(tx: DbOrTx, found: Found): Promise<string[]> {
  const calls = [...new Set(found.speakers.map((s) => s.call_analysis_id))];
  if (!calls.length) return [];
  const labels = new Set(found.speakers.map((s) => s.speaker.trim().toLocaleLowerCase()));
  const rows = await run<{ transcript_lines: unknown }>(
    tx,
    sql`SELECT transcript_lines FROM call_analyses WHERE id = ANY(${uuidArray(calls)})`,
  );
  const words: string[] = [];
  for (const row of rows) {
    for (const line of Array.isArray(row.transcript_lines) ? row.transcript_lines : []) {
      if (typeof line !== 'string') continue;
      const turn = speakerOf(line);
      if (turn.speaker && labels.has(turn.speaker.trim().toLocaleLowerCase()) && turn.text.trim()) words.push(turn.text);
    }
  }
  return words;
}

/** The words of a name, to tell the labels that name the person ("Priya", "Priya N.") from "Speaker 2". */
const nameWords = (name: string) =>
  name
    .toLocaleLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 3);

export function personOf(found: Found, words: string[]): Person {
  const names = new Set(nameWords(found.full_name));
  const labels = [...new Set(found.speakers.map((s) => s.speaker))];
  const namedLabels = labels.filter((label) => nameWords(label).some((w) => names.has(w)));
  const terms = [found.full_name, ...namedLabels];
  if (found.email) terms.push(found.email);
  if (found.phone && found.phone.replace(/\D/g, '').length >= 6) terms.push(found.phone);
  const nameWordsAsWritten = found.full_name.split(/[^\p{L}'’-]+/u).filter((w) => w.length >= 3);
  return { terms, labels, words, nameWords: nameWordsAsWritten };
}

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Rewrites the related rows of every table; how many rows changed. */
async function rewriteRows(tx: DbOrTx, contactId: number, deals: number[], calls: string[], person: Person): Promise<number> {
  const scrub = scrubber(person);
  let rewritten = 0;
  for (const table of await tables(tx)) {
    if (SKIPPED.has(table.name) || !table.columns.length) continue;
    const where = relatedRows(table, contactId, deals, calls);
    if (!where) continue;
    const columns = sql.join(
      table.columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    const rows = await run(
      tx,
      sql`SELECT ctid::text AS erase_ctid, ${columns} FROM ${sql.identifier(table.name)} WHERE ${where} FOR UPDATE`,
    );
    for (const row of rows) {
      const sets: SQL[] = [];
      for (const column of table.columns) {
        const before = row[column.name];
        if (before === null || before === undefined) continue;
        if (column.kind === 'text') {
          const after = scrub.text(String(before));
          if (after !== before) sets.push(sql`${sql.identifier(column.name)} = ${after}`);
        } else {
          // PGlite and node-postgres both hand json and text[] values over parsed (a JSON string is a string).
          const after = scrub.json(before);
          if (!changed(before, after)) continue;
          sets.push(
            column.kind === 'json'
              ? sql`${sql.identifier(column.name)} = ${JSON.stringify(after)}::jsonb`
              : sql`${sql.identifier(column.name)} = ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(after)}::jsonb))`,
          );
        }
      }
      if (!sets.length) continue;
      await run(tx, sql`UPDATE ${sql.identifier(table.name)} SET ${sql.join(sets, sql`, `)} WHERE ctid = ${row.erase_ctid}::tid`);
      rewritten++;
    }
  }
  return rewritten;
}

/** Their speaker rows: the talk time stays with the call, under "[erased contact]" (numbered when a call had several). */
async function forgetSpeakers(tx: DbOrTx, contactId: number, found: Found): Promise<void> {
  for (const { call_analysis_id: call, speaker } of found.speakers) {
    const taken = await run<{ speaker: string }>(
      tx,
      sql`SELECT speaker FROM call_speakers WHERE call_analysis_id = ${call}::uuid AND speaker LIKE ${`${ERASED_NAME}%`}`,
    );
    let label = ERASED_NAME;
    for (let n = 2; taken.some((t) => t.speaker === label); n++) label = `${ERASED_NAME.slice(0, -1)} ${n}]`;
    await run(
      tx,
      sql`UPDATE call_speakers SET speaker = ${label}, contact_id = NULL
        WHERE call_analysis_id = ${call}::uuid AND speaker = ${speaker} AND (contact_id = ${contactId} OR contact_id IS NULL)`,
    );
  }
}

/** Removes, from the mail outbox, the messages that name the person (their name, e-mail or phone). */
async function scrubOutbox(outboxDir: string, person: Person): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch {
    return 0;
  }
  const terms = person.terms.map((t) => t.toLocaleLowerCase());
  let removed = 0;
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const text = (await fs.readFile(file, 'utf8').catch(() => '')).toLocaleLowerCase();
    if (terms.some((t) => text.includes(t))) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

export async function eraseContact(db: Db, actor: Actor, contactId: number, options: { outboxDir: string }): Promise<Erasure> {
  const { erasure, person } = await db.transaction(async (tx) => {
    const found = await findPerson(tx, contactId);
    if (!found) throw notFound('Contact');
    const person = personOf(found, await spokenWords(tx, found));
    const calls = [...new Set(found.speakers.map((s) => s.call_analysis_id))];
    const rowsRewritten = await rewriteRows(tx, contactId, found.deals, calls, person);
    await forgetSpeakers(tx, contactId, found);
    await run(tx, sql`DELETE FROM contacts WHERE id = ${contactId}`);
    if (await hasArchive(tx)) await run(tx, sql`DELETE FROM deleted_contacts WHERE id = ${contactId}`);
    const erasure: Erasure = {
      contactId,
      deals: found.deals.length,
      calls: calls.length,
      rowsRewritten,
      outboxMessagesRemoved: 0,
    };
    await recordAudit(tx as Db, {
      actorId: actor.userId,
      action: 'contact.erased',
      target: `contact #${contactId}`,
      after: { deals: erasure.deals, calls: erasure.calls, rowsRewritten },
    });
    return { erasure, person };
  });
  erasure.outboxMessagesRemoved = await scrubOutbox(options.outboxDir, person);
  return erasure;
}
