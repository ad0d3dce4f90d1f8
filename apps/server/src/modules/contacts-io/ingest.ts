import { and, eq, inArray, sql } from 'drizzle-orm';
import { emailOf, languageOf, type Attendee, type CrmContact, type CrmContactsResult } from '@nexa/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contacts, opportunities, users } from '../../db/schema.ts';
import { resolveAccountRecord } from '../accounts/resolve.ts';

/*
 * People through the ingest API (issue 36). A CRM's contacts are upserted: found by the CRM's id,
 * else by e-mail; a found contact takes the CRM's id and has its empty fields completed — a value a
 * person set in Nexa is never replaced by an integration. A call's attendees with an e-mail who are
 * no member of the workspace become contacts of the deal's account, so the call's speakers match them.
 */

/** Completes the empty fields of a contact from what an integration sent (never replacing a value). */
export function completion(
  contact: Partial<Record<'email' | 'phone' | 'title' | 'language' | 'time_zone', string | null>> & { accountId?: number | null },
) {
  return {
    account_id: sql`coalesce(${contacts.account_id}, ${contact.accountId ?? null}::int)`,
    email: sql`coalesce(${contacts.email}, ${contact.email ?? null})`,
    phone: sql`coalesce(${contacts.phone}, ${contact.phone ?? null})`,
    title: sql`coalesce(${contacts.title}, ${contact.title ?? null})`,
    language: sql`coalesce(${contacts.language}, ${contact.language ?? null})`,
    time_zone: sql`coalesce(${contacts.time_zone}, ${contact.time_zone ?? null})`,
    updated_at: sql`now()`,
  };
}

/** The CRM's values as stored: e-mail lower case, language as en/fr. */
const normalised = (contact: CrmContact): CrmContact => ({
  ...contact,
  email: contact.email === undefined ? undefined : (emailOf(contact.email) ?? undefined),
  language: contact.language === undefined ? undefined : (languageOf(contact.language) ?? undefined),
});

async function upsertOne(tx: DbOrTx, sent: CrmContact): Promise<CrmContactsResult['items'][number]> {
  const contact = normalised(sent);
  const company = contact.account ?? contact.account_domain;
  const account = company ? await resolveAccountRecord(tx, { name: company, domain: contact.account_domain ?? null }) : null;
  const [byId] = contact.external_id
    ? await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.external_id, contact.external_id)).for('update')
    : [];
  const [byEmail] =
    !byId && contact.email
      ? await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(eq(contacts.email, contact.email))
          // The CRM's own person first: one of the account it names, else the oldest.
          .orderBy(sql`(${contacts.account_id} IS NOT DISTINCT FROM ${account?.id ?? null}::int) DESC`, contacts.id)
          .limit(1)
          .for('update')
      : [];
  const found = byId ?? byEmail;
  if (found) {
    await tx
      .update(contacts)
      .set({
        ...completion({ ...contact, accountId: account?.id ?? null }),
        // The CRM's id is set on the person it found by e-mail, unless it already has one.
        external_id: sql`coalesce(${contacts.external_id}, ${contact.external_id ?? null})`,
      })
      .where(eq(contacts.id, found.id));
    return { id: found.id, external_id: contact.external_id ?? null, created: false };
  }
  const [inserted] = await tx
    .insert(contacts)
    .values({
      external_id: contact.external_id ?? null,
      account_id: account?.id ?? null,
      full_name: contact.full_name,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      title: contact.title ?? null,
      language: (contact.language as 'en' | 'fr' | undefined) ?? null,
      time_zone: contact.time_zone ?? null,
    })
    .returning({ id: contacts.id });
  return { id: inserted!.id, external_id: contact.external_id ?? null, created: true };
}

/**
 * A CRM's contacts, in one transaction, in the order sent. Two sends of the same new external_id at
 * once: the second waits on the unique index and fails with a conflict the client retries.
 */
export async function upsertCrmContacts(db: Db, list: readonly CrmContact[]): Promise<CrmContactsResult> {
  return db.transaction(async (tx) => {
    const items: CrmContactsResult['items'] = [];
    for (const contact of list) items.push(await upsertOne(tx, contact));
    return { items };
  });
}

/**
 * A call's attendees with an e-mail, as contacts of the deal's account (found by e-mail, else created;
 * never the workspace's members, who are the seller's side). Returns speaker name → e-mail, for the
 * speaker matching. A deal with no account yet keeps only the e-mails.
 */
export async function attendeesAsContacts(
  tx: DbOrTx,
  opportunityId: number,
  attendees: readonly Attendee[],
): Promise<Record<string, string>> {
  const emails: Record<string, string> = {};
  const withEmail = attendees
    .map((a) => ({ name: a.name, email: a.email === undefined ? null : emailOf(a.email) }))
    .filter((a): a is { name: string; email: string } => !!a.email);
  for (const a of withEmail) emails[a.name] = a.email;
  if (!withEmail.length) return emails;
  const [deal] = await tx
    .select({ accountId: opportunities.account_id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  if (!deal?.accountId) return emails;
  const members = new Set(
    (
      await tx
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            withEmail.map((a) => a.email),
          ),
        )
    ).map((u) => u.email.toLowerCase()),
  );
  for (const attendee of withEmail) {
    if (members.has(attendee.email)) continue;
    const [known] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.account_id, deal.accountId), eq(contacts.email, attendee.email)))
      .limit(1);
    if (!known) await tx.insert(contacts).values({ account_id: deal.accountId, full_name: attendee.name, email: attendee.email });
  }
  return emails;
}
