import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { clientAccounts, contacts } from '../../db/schema.ts';
import { accountsVisibleTo, contactsVisibleTo } from '../accounts/scope.ts';
import type { CardContact } from './vcard.ts';

/** The accounts' CSV columns, in order. */
export const ACCOUNT_EXPORT_COLUMNS = ['id', 'name', 'domain', 'industry', 'size', 'country'] as const;
/** The contacts' CSV columns, in order (the import reads the same names back). */
export const CONTACT_EXPORT_COLUMNS = [
  'id',
  'full_name',
  'email',
  'phone',
  'title',
  'account',
  'account_domain',
  'language',
  'time_zone',
  'side',
] as const;

/** The live accounts the actor sees, by name, at most `limit`. */
export function exportAccounts(db: Db, actor: Actor, limit: number) {
  return db
    .select({
      id: clientAccounts.id,
      name: clientAccounts.name,
      domain: clientAccounts.domain,
      industry: clientAccounts.industry,
      size: clientAccounts.size,
      country: clientAccounts.country,
    })
    .from(clientAccounts)
    .where(and(isNull(clientAccounts.merged_into_id), accountsVisibleTo(actor)))
    .orderBy(asc(clientAccounts.name), asc(clientAccounts.id))
    .limit(limit);
}

/** The contacts the actor sees (of one account when given, or one contact), by name, at most `limit`. */
export function exportContacts(db: Db, actor: Actor, filter: { accountId?: number; contactId?: number }, limit: number) {
  const conditions: Array<SQL | undefined> = [contactsVisibleTo(actor)];
  if (filter.accountId !== undefined) conditions.push(eq(contacts.account_id, filter.accountId));
  if (filter.contactId !== undefined) conditions.push(eq(contacts.id, filter.contactId));
  return db
    .select({
      id: contacts.id,
      full_name: contacts.full_name,
      email: contacts.email,
      phone: contacts.phone,
      title: contacts.title,
      account: clientAccounts.name,
      account_domain: clientAccounts.domain,
      language: contacts.language,
      time_zone: contacts.time_zone,
      side: contacts.side,
      updated_at: contacts.updated_at,
    })
    .from(contacts)
    .leftJoin(clientAccounts, eq(clientAccounts.id, contacts.account_id))
    .where(and(...conditions))
    .orderBy(asc(contacts.full_name), asc(contacts.id))
    .limit(limit);
}

export type ExportedContact = Awaited<ReturnType<typeof exportContacts>>[number];

export const cardOf = (contact: ExportedContact): CardContact => ({ ...contact, account_name: contact.account });
