import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AccountImportRow, ContactImportRow, PeopleImportResult } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { clientAccounts, contacts } from '../../db/schema.ts';
import type { ReadImport } from '../../workers/import-body.ts';
import { resolveAccountRecord } from '../accounts/resolve.ts';
import { claimImport, finishImport, failImport } from '../opportunities/import.ts';
import { completion } from './ingest.ts';

/*
 * CSV import of accounts and of contacts (issue 36). The body is read and checked as the deals' is
 * (workers/import-body.ts: the mapping's rows, line-numbered errors) and its valid rows land in one
 * transaction: the whole file or nothing. A file holds at most 20,000 rows (PEOPLE_IMPORT_MAX_ROWS),
 * so that transaction stays short. The Idempotency-Key works as for deals (the import's record in
 * opportunity_imports, the key prefixed with the kind): a retry of a landed file answers its result.
 *
 * A row that names a record already there completes it, never replacing a value a person set:
 * an account is found by resolveAccount (its name's match key, else its web domain), a contact by
 * e-mail within its account, else by the same name in the same account.
 */

type Kind = 'accounts' | 'contacts';

/** Which of the accounts this transaction created (their created_at is the transaction's now()), in one read. */
async function createdNow(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: clientAccounts.id })
    .from(clientAccounts)
    .where(
      sql`${clientAccounts.id} IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))
        AND ${clientAccounts.created_at} = now()`,
    );
  return new Set(rows.map((row) => row.id));
}

async function writeAccounts(tx: Tx, rows: AccountImportRow[]): Promise<{ inserted: number; updated: number }> {
  const ids: number[] = [];
  for (const row of rows) {
    const account = await resolveAccountRecord(tx, row);
    if (account) ids.push(account.id);
  }
  // A row naming an account already there, or one an earlier row of the file created, completes it.
  const inserted = (await createdNow(tx, ids)).size;
  return { inserted, updated: ids.length - inserted };
}

async function writeContacts(tx: Tx, actor: Actor, rows: ContactImportRow[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (const row of rows) {
    const company = row.account ?? row.account_domain;
    const account = company ? await resolveAccountRecord(tx, { name: company, domain: row.account_domain }) : null;
    const accountId = account?.id ?? null;
    const inAccount = accountId === null ? isNull(contacts.account_id) : eq(contacts.account_id, accountId);
    const [existing] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          inAccount,
          row.email ? eq(contacts.email, row.email) : sql`lower(${contacts.full_name}) = lower(${row.full_name})`,
          // A contact without an account is the person's own: only theirs is completed.
          accountId === null ? eq(contacts.created_by, actor.userId) : undefined,
        ),
      )
      .orderBy(contacts.id)
      .limit(1);
    if (existing) {
      // Found within its account (or among the person's own without one): account_id stays as it is.
      await tx
        .update(contacts)
        .set(completion({ ...row, accountId }))
        .where(eq(contacts.id, existing.id));
      updated++;
    } else {
      await tx.insert(contacts).values({
        account_id: accountId,
        full_name: row.full_name,
        email: row.email,
        phone: row.phone,
        title: row.title,
        language: row.language,
        time_zone: row.time_zone,
        created_by: actor.userId,
      });
      inserted++;
    }
  }
  return { inserted, updated };
}

/** Lands a file read by workers/import-body.ts as accounts or contacts; `replayed` when a retry with the same key answered the first result. */
export async function importPeople(
  db: Db,
  actor: Actor,
  kind: Kind,
  file: ReadImport,
  key: string | null,
): Promise<{ answer: PeopleImportResult; replayed: boolean }> {
  const claimed = await claimImport(db, actor.userId, `${kind}:${key ?? randomUUID()}`, file.hash);
  if ('replay' in claimed) return { answer: claimed.replay as PeopleImportResult, replayed: true };
  try {
    const answer = await db.transaction(async (tx) => {
      const rows = file.batches.flatMap((batch) => JSON.parse(batch) as unknown[]);
      const written =
        kind === 'accounts'
          ? await writeAccounts(tx, rows as AccountImportRow[])
          : await writeContacts(tx, actor, rows as ContactImportRow[]);
      const result: PeopleImportResult = { ...written, errors: file.errors, errorCount: file.errorCount };
      // Marked done with the rows: a crash after the commit cannot leave it to be landed again.
      await finishImport(tx, claimed, result);
      return result;
    });
    return { answer, replayed: false };
  } catch (error) {
    await failImport(db, claimed).catch(() => {
      // The database is gone: the record stays 'running' and a retry takes it over once it is stale.
    });
    throw error;
  } finally {
    claimed.release();
  }
}
