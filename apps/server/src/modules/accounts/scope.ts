import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { clientAccounts, contacts } from '../../db/schema.ts';

/*
 * Who sees which account and contact (issue 36, docs/decisions on accounts). A manager sees every
 * account and contact. A representative sees an account when they own a live deal in it (a deleted
 * deal has left `opportunities`, so it opens nothing), and a contact when it belongs to such an
 * account, sits on the committee of one of their deals, or is one they created without an account.
 * What hangs off an account or contact (its deals, calls and figures) is still read through the
 * deals' own rule (opportunities/scope.ts visibleTo): seeing an account never shows another
 * representative's deal. Like visibleTo, each returns undefined for a manager (no condition) and a
 * condition to AND into every query otherwise, so no filter can widen it.
 */

type Owner = string | Placeholder | SQL;

/**
 * The accounts the actor may see, as a condition on an account id column (client_accounts.id by
 * default). The same rule is kept for every representative in rep_accounts
 * (db/read-models/rep-accounts.sql, decision 047), which their account list reads: a change here
 * changes that file too (test/contacts-list-bounds.test.ts compares the two after every kind of write).
 */
export function accountsVisibleTo(
  actor: Actor,
  accountColumn: PgColumn | SQL = clientAccounts.id,
  owner: Owner = actor.userId,
): SQL | undefined {
  if (actor.role === ROLES.manager) return undefined;
  return sql`EXISTS (SELECT 1 FROM opportunities vo WHERE vo.owner_id = ${owner} AND vo.account_id = ${accountColumn})`;
}

/**
 * The contacts the actor may see, as a condition on the table `contacts` (or the columns given).
 * The same rule is kept for every representative in rep_contacts (db/read-models/rep-contacts.sql,
 * decision 046), which their contact list reads: a change here changes that file too
 * (test/contacts-list-bounds.test.ts compares the two after every kind of write).
 */
export function contactsVisibleTo(
  actor: Actor,
  columns: { id: PgColumn | SQL; accountId: PgColumn | SQL; createdBy: PgColumn | SQL } = {
    id: contacts.id,
    accountId: contacts.account_id,
    createdBy: contacts.created_by,
  },
  owner: Owner = actor.userId,
): SQL | undefined {
  if (actor.role === ROLES.manager) return undefined;
  return sql`(${accountsVisibleTo(actor, columns.accountId, owner)}
    OR EXISTS (SELECT 1 FROM deal_contacts vdc JOIN opportunities vo ON vo.id = vdc.opportunity_id
      WHERE vdc.contact_id = ${columns.id} AND vo.owner_id = ${owner})
    OR (${columns.accountId} IS NULL AND ${columns.createdBy} = ${owner}))`;
}
