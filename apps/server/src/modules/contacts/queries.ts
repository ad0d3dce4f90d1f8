import { sql, type SQL } from 'drizzle-orm';
import {
  LIST_COUNT_AHEAD,
  ROLES,
  SEARCH_COUNT_AHEAD,
  type Contact,
  type ContactCreate,
  type ContactListQuery,
  type ContactPage,
  type ContactPatch,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { isoText } from '../../db/iso.ts';
import { PerDatabaseStatements, preparedRows, read } from '../../db/prepared/reads.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { cappedAnswer, cappedPage, onPage, pageItems, type SearchParts } from '../../db/capped-count.ts';
import { SEARCH_INDEXED_BYTES } from '../../db/schema.ts';
import { contactsVisibleTo } from '../accounts/scope.ts';
import { visibleDealAs } from '../opportunities/scope.ts';

/**
 * The SQL of contacts (issue 36). Every read starts from `visibleContact` (the rule of
 * accounts/scope.ts) or, for a representative's list, from its kept copy (rep_contacts), so no filter
 * can widen it; what hangs off a contact (their deals, their calls) is read through the deals the
 * actor may see (a representative: their own).
 */

/** The contacts the actor may see, as a condition on the table `contacts` (TRUE for a manager). */
export function visibleContact(actor: Actor): SQL {
  return contactsVisibleTo(actor) ?? sql`TRUE`;
}

const CONTACT_COLUMNS = sql`contacts.id, contacts.full_name, contacts.email, contacts.phone, contacts.title,
  contacts.account_id, acc.name AS account_name, contacts.language, contacts.time_zone, contacts.side,
  ${isoText(sql`contacts.created_at`)} AS created_at, ${isoText(sql`contacts.updated_at`)} AS updated_at`;

const FROM_CONTACTS = sql`contacts LEFT JOIN client_accounts acc ON acc.id = contacts.account_id`;

/** A listed contact read whole, for a page (cappedPage's `item`). */
const CONTACT_ITEM = sql`SELECT ${CONTACT_COLUMNS} FROM ${FROM_CONTACTS} WHERE contacts.id = listed.id`;

/**
 * A page of the contacts the actor may see, by name, and their number counted up to a bound, in one
 * statement (cappedPage). A representative's are their kept rows (rep_contacts, decision 046, kept to
 * the rule of contactsVisibleTo): the page is a range of rep_contacts_list_idx in the list's order
 * (sort name, id), joined to the contacts only when an account filters them; a search reads their
 * kept search text (decision 047) from rep_contacts_search_idx, without visiting the table (decision
 * 050). A manager's are every contact (contacts_name_idx; a search also from trigram indexes,
 * decision 052's amendment). The page is chosen on (sort name, id) alone, then its rows are read whole.
 */
export async function listContacts(db: Db, actor: Actor, query: ContactListQuery): Promise<ContactPage> {
  const byAccount = query.account === undefined ? [] : [sql`contacts.account_id = ${query.account}`];
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);
  let listed: SQL | ((limit: SQL) => SQL);
  let search: SearchParts | undefined;
  if (actor.role === ROLES.manager && pattern && !byAccount.length && hasTrigram(query.q!)) {
    // A text with a trigram (decisions 052, amended, and 055) over every contact. First one kept
    // statement: unless a short walk says the budgeted walk may fill the count, the page and count
    // from the matches in the list's order (managerSearch's `found`). Otherwise the walk, as below.
    const offset = (query.page - 1) * query.pageSize;
    const statement = managerSearchStatements.get(db, String(query.pageSize), () => buildManagerSearch(db, query.pageSize));
    const [row] = await statement({ pattern, offset });
    if (row && !row.walk) return cappedAnswer<Contact>(row, offset, SEARCH_COUNT_AHEAD);
    const parts = managerSearch(read.value(pattern, 'text'));
    listed = parts.found;
    search = { head: parts.head, headHoldsAll: sql`TRUE`, found: parts.found, foundInOrder: true };
  } else if (actor.role === ROLES.manager) {
    // The account's name is joined only when the search needs it; the page's rows get it after. A
    // text without a trigram (or within one account) is read this way, planned for its text.
    const searched = pattern
      ? [
          sql`(contacts.full_name ILIKE ${pattern} OR contacts.email ILIKE ${pattern} OR contacts.title ILIKE ${pattern} OR acc.name ILIKE ${pattern})`,
        ]
      : [];
    listed = sql`SELECT contacts.id, lower(contacts.full_name) AS sort_name FROM ${pattern ? FROM_CONTACTS : sql`contacts`}
      ${where([...byAccount, ...searched])}`;
    // A text without a trigram over every contact (decision 055): first the budgeted walk in the
    // list's order, a statement of its own (kept plan), which a text many contacts have (most one-
    // and two-letter texts) fills: its matches are then the list's first ones. Only a rarer text
    // reads every contact, as before. (One statement with both priced over jit_above_cost: 50 ms of
    // JIT a call.)
    if (pattern && !byAccount.length) {
      const walked = await cappedPage<Contact>(db, {
        listed: managerSearch(read.value(pattern, 'text')).head,
        order: sql`sort_name, id`,
        item: CONTACT_ITEM,
        offset: (query.page - 1) * query.pageSize,
        pageSize: query.pageSize,
        countInOrder: true,
        countAhead: SEARCH_COUNT_AHEAD,
      });
      if (walked.capped) return walked;
    }
  } else {
    // The owner travels unseen by the planner (db/prepared/reads.ts): one generic plan, kept.
    const mine = sql`r.owner_id = ${read.value(actor.userId, 'text')}`;
    // The kept row carries the searched fields (rep_contacts_search_text, one per line: a search is
    // single-line, so it matches within one field, as the manager's OR of fields does), in lower
    // case: LIKE lower(pattern) is what ILIKE evaluates, without lowering every row.
    // The pattern travels unseen by the planner too: every search takes the same path (the walk
    // below), and a plan made for each text cost more than the walk of a short book.
    // Lowered once per statement (an init plan), not for every entry the walk filters.
    const lowered = pattern ? sql`(SELECT lower(${read.value(pattern, 'text')}))` : sql`NULL`;
    const searched = pattern ? [sql`r.search LIKE ${lowered}`] : [];
    if (byAccount.length) {
      listed = sql`SELECT r.contact_id AS id, r.sort_name FROM rep_contacts r JOIN contacts ON contacts.id = r.contact_id
        ${where([mine, ...byAccount, ...searched])}`;
    } else if (pattern) {
      // The search walks the representative's range of rep_contacts_search_idx, which holds the text
      // it filters (an index-only scan: the table's rows are scattered over the whole table, one
      // page each), in the list's order and only up to the statement's bound; a text too long for an
      // index entry (SEARCH_INDEXED_BYTES) is in neither that index nor the list's, and is read
      // through rep_contacts_long_search_idx. The bound is applied inside the first part: merged in
      // order, the planner sorted the whole range instead (it cannot tell the second part is empty).
      // The second part filters after OFFSET 0, so it stays on that small index: given the filter,
      // the planner read every match of the trigram index (below) to find the long ones among them.
      listed = (limit: SQL) => sql`(SELECT r.contact_id AS id, r.sort_name FROM rep_contacts r
          ${where([mine, sql.raw(`octet_length(r.search) <= ${SEARCH_INDEXED_BYTES}`), ...searched])}
          ORDER BY r.sort_name, r.contact_id LIMIT ${limit})
        UNION ALL
        SELECT r.contact_id AS id, r.sort_name FROM (SELECT r.contact_id, r.sort_name, r.search FROM rep_contacts r
          ${where([mine, sql.raw(`octet_length(r.search) > ${SEARCH_INDEXED_BYTES}`)])} OFFSET 0) r ${where(searched)}`;
      // A text with a trigram (decision 052) walks only the first entries of their range (a budget of
      // SEARCH_WALK_BUDGET per row to count): a text many of their contacts match fills the bound
      // there. A rarer one is found in rep_contacts_search_trgm_idx instead of by a walk of their
      // whole range. The walk's filter stays outside its LIMIT, which bounds the entries read.
      if (hasTrigram(query.q!))
        search = {
          head: (limit) => sql`SELECT w.id, w.sort_name FROM (SELECT r.contact_id AS id, r.sort_name, r.search FROM rep_contacts r
              ${where([mine, sql.raw(`octet_length(r.search) <= ${SEARCH_INDEXED_BYTES}`)])}
              ORDER BY r.sort_name, r.contact_id LIMIT (${limit}) * ${read.rows(SEARCH_WALK_BUDGET)}) w
            WHERE w.search LIKE ${lowered} LIMIT ${limit}`,
          headHoldsAll: sql`NOT EXISTS (SELECT 1 FROM rep_contacts r
            ${where([mine, sql.raw(`octet_length(r.search) > ${SEARCH_INDEXED_BYTES}`)])})`,
          found: sql`SELECT r.contact_id AS id, r.sort_name FROM rep_contacts r ${where([mine, ...searched])}`,
        };
    } else {
      listed = sql`SELECT r.contact_id AS id, r.sort_name FROM rep_contacts r ${where([mine])}`;
    }
  }
  const offset = (query.page - 1) * query.pageSize;
  const { items, total, capped } = await cappedPage<Contact>(db, {
    listed,
    order: sql`sort_name, id`,
    item: CONTACT_ITEM,
    offset,
    pageSize: query.pageSize,
    // The representative's search filters their range in order: its page and count share the walk.
    countInOrder: pattern !== undefined && actor.role !== ROLES.manager,
    search,
    // A search counts less far ahead (decision 052): "more than 100" asks for a narrower text.
    countAhead: pattern === undefined ? LIST_COUNT_AHEAD : SEARCH_COUNT_AHEAD,
  });
  return { items, total, capped };
}

/**
 * The parts of a manager's search for a text with a trigram (decision 055), given its pattern as SQL
 * (a value unseen by the planner): `head`, a walk of contacts_name_idx in the list's order with a
 * budget, for a text many contacts match; `found`, the first matches in the list's order from two
 * parts, merged: the contacts whose name matches, name by name from the kept dictionary of names
 * (contact_names), and the others (e-mail, title, account name) from the trigram indexes; and
 * `walkWorthIt`, whether the walk may fill the count, from its first entries.
 */
function managerSearch(p: SQL) {
  // Lowered once per statement (an init plan): lower(name) LIKE lower(pattern) is what ILIKE
  // evaluates (decision 047), and the dictionary holds lower(full_name).
  const lowered = sql`(SELECT lower(${p}))`;
  /** The first `entries` contacts in the list's order, with what a search tests (a walk of contacts_name_idx). */
  const walk = (entries: SQL) => sql`(SELECT contacts.id, lower(contacts.full_name) AS sort_name,
      contacts.email, contacts.title, contacts.account_id FROM contacts
      ORDER BY lower(contacts.full_name), contacts.id LIMIT ${entries}) w`;
  // A walked entry's fields as ILIKE tests them, each lowered once and the pattern not at all: its
  // sort name is lower(full_name), and an e-mail is stored in lower case (contacts_email_check). The
  // accounts whose name matches are a set found once (hashed, from their trigram index), rather than
  // each walked contact's account read; the walk keeps its order.
  const matches = sql`(w.sort_name LIKE ${lowered} OR w.email LIKE ${lowered} OR lower(w.title) LIKE ${lowered}
    OR w.account_id IN (SELECT acc.id FROM client_accounts acc WHERE acc.name ILIKE ${p}))`;
  // The matches in the list's order, up to `limit`. The names the text matches, in order (from
  // contact_names_trgm_idx; OFFSET 0: not a walk of its primary key with the filter), the first
  // `limit` of them (a top-N sort, before the running sum: after it, every matching name was sorted),
  // only as many as hold the limit by their counts (each has a contact at least), each
  // name's contacts read from contacts_name_idx in order: a common name's page is a few index
  // entries, wherever it lies in the order. The counts are read in the statement's snapshot, as the
  // contacts are (a contact's write folds into them in its own transaction). Then the contacts whose
  // name does not match but whose e-mail or title (their trigram index) or account's name does (a
  // bitmap, each contact once, sorted: these are not grouped by name; a text many of them match fills
  // the walk's budget instead). (OFFSET 0: given the order, the planner walked contacts_name_idx with
  // the filter instead.)
  const found = (limit: SQL) => sql`SELECT f.id, f.sort_name FROM ((SELECT c.id, n.sort_name
      FROM (SELECT m.sort_name FROM (SELECT k.sort_name, sum(k.contacts) OVER (ORDER BY k.sort_name) - k.contacts AS before
          FROM (SELECT k.sort_name, k.contacts FROM (SELECT k.sort_name, k.contacts FROM contact_names k
            WHERE k.sort_name LIKE ${lowered} OFFSET 0) k ORDER BY k.sort_name LIMIT ${limit}) k) m WHERE m.before < ${limit}) n
        CROSS JOIN LATERAL (SELECT contacts.id FROM contacts WHERE lower(contacts.full_name) = n.sort_name
          ORDER BY lower(contacts.full_name), contacts.id LIMIT ${limit}) c
      ORDER BY n.sort_name, c.id LIMIT ${limit})
    UNION ALL
    (SELECT o.id, o.sort_name FROM (SELECT contacts.id, lower(contacts.full_name) AS sort_name FROM contacts
        WHERE (contacts.email ILIKE ${p} OR contacts.title ILIKE ${p}
          OR contacts.account_id = ANY (ARRAY(SELECT acc.id FROM client_accounts acc WHERE acc.name ILIKE ${p})))
          AND NOT lower(contacts.full_name) LIKE ${lowered} OFFSET 0) o
      ORDER BY o.sort_name, o.id LIMIT ${limit})
    ORDER BY sort_name, id LIMIT ${limit}) f`;
  return {
    head: (limit: SQL) =>
      sql`SELECT w.id, w.sort_name FROM ${walk(sql`(${limit}) * ${read.rows(SEARCH_WALK_BUDGET)}`)} WHERE ${matches} LIMIT ${limit}`,
    found,
    // The walk reads the table for each entry: 5,040 entries for a first page, which a text matched
    // by name alone (found from contact_names) would read for nothing (8 ms of PostgreSQL's CPU). Its
    // first entries tell whether it may fill the count: the matches it finds and the dictionary does
    // not are e-mails, titles and account names, which the name order does not group, so they are
    // about as dense there as further on. It goes on when one in SEARCH_WALK_BUDGET of them matches.
    walkWorthIt: sql`(SELECT count(*) FROM ${walk(sql`${read.rows(SEARCH_PROBE)}`)} WHERE ${matches}) * ${read.rows(SEARCH_WALK_BUDGET)}
      >= ${read.rows(SEARCH_PROBE)}`,
  };
}

type ManagerSearchRow = { walk: boolean; n: number | string | null; items: Contact[] | string | null };

/**
 * A manager's search as one kept statement per page size (built once: building it through Drizzle
 * cost the server a third of its time on the call): the short walk decides; unless the walk is worth
 * reading, the first matches in order (`found`), their number up to the page's offset + 101 and the
 * page, as cappedPage writes them; `walk` true and nothing else otherwise. (`found` is gated by the
 * walk's answer, a one-time filter: a text many e-mails or titles match would read them all.)
 */
function buildManagerSearch(db: Db, pageSize: number) {
  const parts = managerSearch(read.value(sql.placeholder('pattern'), 'text'));
  const offset = read.value(sql.placeholder('offset'), 'bigint');
  const limit = sql`${offset} + ${read.rows(SEARCH_COUNT_AHEAD + 1)}`;
  return preparedRows<ManagerSearchRow>(
    db,
    `nexa_manager_contacts_search_${pageSize}`,
    sql`WITH probe AS MATERIALIZED (SELECT ${parts.walkWorthIt} AS walk),
        found AS MATERIALIZED (SELECT f.id, f.sort_name, row_number() OVER (ORDER BY f.sort_name, f.id) AS n
          FROM (${parts.found(limit)}) f WHERE NOT (SELECT walk FROM probe))
      SELECT (SELECT walk FROM probe) AS walk, (SELECT count(*)::int FROM found) AS n,
        ${pageItems(sql`found listed`, CONTACT_ITEM, onPage(offset, pageSize))} AS items`,
  );
}

const managerSearchStatements = new PerDatabaseStatements<ReturnType<typeof buildManagerSearch>>();

/**
 * Whether pg_trgm draws a trigram from a search: three letters or digits in a row (a word of its
 * pattern). Without one, a trigram index has nothing to look up and would test every entry of the
 * representative; such a text (one or two letters) walks their range in order instead.
 */
const hasTrigram = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * Entries of a representative's range a search walks per row it counts before it asks the trigram
 * index instead (decision 052): a text one entry in 40 has fills the count in the walk.
 */
const SEARCH_WALK_BUDGET = 40;

/**
 * Entries a manager's search first walks to decide whether the whole walk is worth reading
 * (decision 055): the walk goes on when one in SEARCH_WALK_BUDGET of them matches.
 */
const SEARCH_PROBE = 240;

/** One contact, when the actor may see it. */
export async function visibleContactById(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<Contact | undefined> {
  const [row] = await selectRows<Contact>(
    db,
    sql`SELECT ${CONTACT_COLUMNS} FROM ${FROM_CONTACTS} WHERE contacts.id = ${id} AND ${visibleContact(actor)}
      ${lock ? sql`FOR UPDATE OF contacts` : sql``}`,
  );
  return row;
}

/** Whether an account exists (and was not merged away): a contact may only point at one. */
export async function accountExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM client_accounts WHERE id = ${id} AND merged_into_id IS NULL`,
  );
  return Boolean(row);
}

/** Inserts a contact; its id. */
export async function insertContact(
  tx: DbOrTx,
  values: ContactCreate & { account_id: number | null },
  createdBy: string,
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`INSERT INTO contacts (account_id, full_name, email, phone, title, language, time_zone, created_by)
      VALUES (${values.account_id}, ${values.full_name}, ${values.email ?? null}, ${values.phone ?? null},
        ${values.title ?? null}, ${values.language ?? null}, ${values.time_zone ?? null}, ${createdBy})
      RETURNING id`,
  );
  return row!.id;
}

const PATCHABLE = ['full_name', 'email', 'phone', 'title', 'account_id', 'language', 'time_zone', 'side'] as const;

/** Writes the given fields (names from the list above, never input) and the update time. */
export async function updateContact(tx: DbOrTx, id: number, patch: ContactPatch): Promise<void> {
  const sets = PATCHABLE.filter((field) => patch[field] !== undefined).map(
    (field) => sql`${sql.identifier(field)} = ${patch[field] ?? null}`,
  );
  if (!sets.length) return;
  await selectRows(tx, sql`UPDATE contacts SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id} RETURNING id`);
}

/** The deals a contact is on (all of them, visible or not): for a delete, which must record each. */
export async function committeesOf(tx: DbOrTx, contactId: number) {
  return selectRows<{
    opportunity_id: number;
    roles: string[];
    source: string | null;
    created_at: string;
    owner_id: string | null;
  }>(
    tx,
    sql`SELECT dc.opportunity_id, dc.roles, dc.source, ${isoText(sql`dc.created_at`)} AS created_at, o.owner_id
      FROM deal_contacts dc JOIN opportunities o ON o.id = dc.opportunity_id WHERE dc.contact_id = ${contactId}
      ORDER BY dc.opportunity_id`,
  );
}

// --- the contact's page ---

export interface ContactDealRow {
  id: number;
  product: string | null;
  client_company_name: string | null;
  stage: string;
  amount: number | null;
  currency: string | null;
  owner_id: string | null;
  roles: string[];
}

export interface ContactCallRow {
  analysisId: string;
  opportunityId: number;
  createdAt: string;
  transcript_name: string | null;
  speaker: string;
  talk_seconds: number | null;
  lines: number | null;
  result: unknown;
  transcript_lines: unknown;
}

/**
 * What a contact's page shows, in one statement: whether the actor may see the contact, their deals
 * the actor may see with their roles on each (the 200 latest), and the calls they spoke in on those
 * deals, newest first, with the analysis to read their words from; undefined for a contact the actor
 * may not see. One round trip instead of three (the contact, then its deals and calls).
 */
export async function contactActivityRows(
  db: Db,
  actor: Actor,
  contactId: number,
  calls = 50,
): Promise<{ deals: ContactDealRow[]; calls: ContactCallRow[] } | undefined> {
  const [row] = await selectRows<{ deals: ContactDealRow[] | string; calls: ContactCallRow[] | string }>(
    db,
    sql`SELECT
        (SELECT coalesce(json_agg(d), '[]'::json) FROM (
          SELECT o.id, o.product, o.client_company_name, o.stage, o.amount::float8 AS amount, o.currency, o.owner_id, dc.roles
          FROM deal_contacts dc JOIN opportunities o ON o.id = dc.opportunity_id
          WHERE dc.contact_id = contacts.id AND ${visibleDealAs(actor)}
          ORDER BY o.last_activity_at DESC, o.id DESC LIMIT 200) d) AS deals,
        (SELECT coalesce(json_agg(s), '[]'::json) FROM (
          SELECT a.id AS "analysisId", a.opportunity_id AS "opportunityId", ${isoText(sql`a.created_at`)} AS "createdAt",
            a.transcript_name, cs.speaker, cs.talk_seconds::float8 AS talk_seconds, cs.lines, a.result, a.transcript_lines
          FROM call_speakers cs
            JOIN call_analyses a ON a.id = cs.call_analysis_id
            JOIN opportunities o ON o.id = a.opportunity_id
          WHERE cs.contact_id = contacts.id AND ${visibleDealAs(actor)}
          ORDER BY a.created_at DESC, a.id DESC LIMIT ${read.rows(calls)}) s) AS calls
      FROM contacts WHERE contacts.id = ${contactId} AND ${visibleContact(actor)}`,
  );
  if (!row) return undefined;
  return { deals: jsonValue(row.deals) as ContactDealRow[], calls: jsonValue(row.calls) as ContactCallRow[] };
}

// --- archive (delete with undo, as a deal's: decision 017) ---

export interface ArchivedContact {
  id: number;
  row: Record<string, unknown>;
  committee: Array<{ opportunity_id: number; roles: string[]; source: string | null; created_at: string }>;
  speakers: Array<{ call_analysis_id: string; speaker: string }>;
  deleted_by: string | null;
  deleted_at: string;
}

/** Moves the contact, whole, into deleted_contacts with their committee places and call speakers. */
export async function archiveContact(tx: DbOrTx, id: number, deletedBy: string): Promise<void> {
  await selectRows(
    tx,
    sql`INSERT INTO deleted_contacts (id, row, committee, speakers, deleted_by)
      SELECT c.id, to_jsonb(c.*),
        coalesce((SELECT jsonb_agg(jsonb_build_object('opportunity_id', dc.opportunity_id, 'roles', dc.roles,
            'source', dc.source, 'created_at', dc.created_at)) FROM deal_contacts dc WHERE dc.contact_id = c.id), '[]'::jsonb),
        coalesce((SELECT jsonb_agg(jsonb_build_object('call_analysis_id', cs.call_analysis_id, 'speaker', cs.speaker))
            FROM call_speakers cs WHERE cs.contact_id = c.id), '[]'::jsonb),
        ${deletedBy}
      FROM contacts c WHERE c.id = ${id}
      ON CONFLICT (id) DO UPDATE SET row = excluded.row, committee = excluded.committee, speakers = excluded.speakers,
        deleted_by = excluded.deleted_by, deleted_at = now()`,
  );
  // deal_contacts go with the row (cascade); call_speakers keep their line, without the person.
  await selectRows(tx, sql`DELETE FROM contacts WHERE id = ${id}`);
}

/** A contact deleted in the last `days` days that the actor may restore (a representative: one they deleted), locked. */
export async function lockArchivedContact(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  days: number,
): Promise<ArchivedContact | undefined> {
  const mine = actor.role === ROLES.manager ? sql`TRUE` : sql`d.deleted_by = ${actor.userId}`;
  const [row] = await selectRows<ArchivedContact>(
    tx,
    sql`SELECT d.id, d.row, d.committee, d.speakers, d.deleted_by, ${isoText(sql`d.deleted_at`)} AS deleted_at
      FROM deleted_contacts d
      WHERE d.id = ${id} AND ${mine} AND d.deleted_at > now() - make_interval(days => ${days}) FOR UPDATE`,
  );
  return row;
}

/** Puts the contact back under the same id, with their committee places (a deleted deal's too: it may come back) and their calls' speakers. */
export async function unarchiveContact(tx: DbOrTx, archived: ArchivedContact): Promise<number[]> {
  await selectRows(
    tx,
    sql`INSERT INTO contacts SELECT * FROM jsonb_populate_record(null::contacts, ${JSON.stringify(archived.row)}::jsonb)`,
  );
  const back = await selectRows<{ opportunity_id: number }>(
    tx,
    sql`INSERT INTO deal_contacts (opportunity_id, contact_id, roles, source, created_at)
      SELECT (m->>'opportunity_id')::int, ${archived.id}, ARRAY(SELECT jsonb_array_elements_text(m->'roles')), m->>'source',
        coalesce((m->>'created_at')::timestamptz, now())
      FROM jsonb_array_elements(${JSON.stringify(archived.committee)}::jsonb) m
      ON CONFLICT DO NOTHING
      RETURNING opportunity_id`,
  );
  await selectRows(
    tx,
    sql`UPDATE call_speakers cs SET contact_id = ${archived.id}
      FROM jsonb_array_elements(${JSON.stringify(archived.speakers)}::jsonb) s
      WHERE cs.call_analysis_id = (s->>'call_analysis_id')::uuid AND cs.speaker = s->>'speaker' AND cs.contact_id IS NULL`,
  );
  await selectRows(tx, sql`DELETE FROM deleted_contacts WHERE id = ${archived.id}`);
  return back.map((r) => r.opportunity_id);
}

/** Forgets contacts deleted more than `days` days ago (run at each delete, as for deals). */
export async function purgeDeletedContacts(tx: DbOrTx, days: number): Promise<void> {
  await selectRows(tx, sql`DELETE FROM deleted_contacts WHERE deleted_at <= now() - make_interval(days => ${days})`);
}

/** Contacts the actor deleted (a manager: anyone) in the last `days` days, newest first. */
export async function recentlyDeletedContacts(db: Db, actor: Actor, days: number) {
  const mine = actor.role === ROLES.manager ? sql`TRUE` : sql`d.deleted_by = ${actor.userId}`;
  return selectRows<{ id: number; full_name: string; deleted_at: string }>(
    db,
    sql`SELECT d.id, d.row->>'full_name' AS full_name, ${isoText(sql`d.deleted_at`)} AS deleted_at FROM deleted_contacts d
      WHERE ${mine} AND d.deleted_at > now() - make_interval(days => ${days}) ORDER BY d.deleted_at DESC LIMIT 50`,
  );
}

// --- the deal's committee ---

export interface MemberRow extends Contact {
  roles: string[];
  source: string | null;
}

/** The members of the deal `opportunityId` (a column or a value), each with their contact, in the committee's order. */
const membersOf = (opportunityId: SQL) =>
  sql`SELECT ${CONTACT_COLUMNS}, dc.roles, dc.source
    FROM deal_contacts dc JOIN ${FROM_CONTACTS} ON contacts.id = dc.contact_id
    WHERE dc.opportunity_id = ${opportunityId}
    ORDER BY array_position(ARRAY['economic_buyer','champion','decision_maker','technical_evaluator','user','legal_procurement','blocker'], dc.roles[1]) NULLS LAST,
      lower(contacts.full_name), contacts.id`;

/** The committee of a deal (the caller checked the deal is visible): each member with their contact. */
export async function committeeMembers(db: DbOrTx, opportunityId: number): Promise<MemberRow[]> {
  return selectRows<MemberRow>(db, membersOf(sql`${opportunityId}`));
}

/** A deal the actor may see, with its version and its committee, in one statement (undefined: not visible). */
export async function visibleCommittee(
  db: DbOrTx,
  actor: Actor,
  opportunityId: number,
): Promise<{ id: number; version: number; members: MemberRow[] } | undefined> {
  const [row] = await selectRows<{ id: number; version: number; members: MemberRow[] | string }>(
    db,
    sql`SELECT o.id, o.version, (SELECT coalesce(json_agg(m), '[]'::json) FROM (${membersOf(sql`o.id`)}) m) AS members
      FROM opportunities o WHERE o.id = ${opportunityId} AND ${visibleDealAs(actor)}`,
  );
  return row && { id: row.id, version: row.version, members: jsonValue(row.members) as MemberRow[] };
}

/** A member's roles now (null: not on the committee), locked. */
export async function memberRoles(tx: DbOrTx, opportunityId: number, contactId: number): Promise<string[] | null> {
  const [row] = await selectRows<{ roles: string[] }>(
    tx,
    sql`SELECT roles FROM deal_contacts WHERE opportunity_id = ${opportunityId} AND contact_id = ${contactId} FOR UPDATE`,
  );
  return row ? row.roles : null;
}

export async function upsertMember(tx: DbOrTx, opportunityId: number, contactId: number, roles: string[], source: string) {
  await selectRows(
    tx,
    sql`INSERT INTO deal_contacts (opportunity_id, contact_id, roles, source)
      VALUES (${opportunityId}, ${contactId}, ${sql.raw(pgTextArray(roles))}, ${source})
      ON CONFLICT (opportunity_id, contact_id) DO UPDATE SET roles = excluded.roles, source = excluded.source`,
  );
}

export async function deleteMember(tx: DbOrTx, opportunityId: number, contactId: number) {
  await selectRows(tx, sql`DELETE FROM deal_contacts WHERE opportunity_id = ${opportunityId} AND contact_id = ${contactId}`);
}

/** A list of role names (checked against BUYING_ROLES by the schema: letters and underscores) as an SQL array literal. */
function pgTextArray(roles: readonly string[]): string {
  for (const role of roles) if (!/^[a-z_]+$/.test(role)) throw new Error(`Not a role: ${role}`);
  return `ARRAY[${roles.map((r) => `'${r}'`).join(',')}]::text[]`;
}
