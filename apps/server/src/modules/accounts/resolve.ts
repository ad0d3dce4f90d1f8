import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountMatchKey, domainOf } from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import { clientAccounts } from '../../db/schema.ts';

/*
 * The one way a deal (or a contact) finds its account from a company name (issue 36): by the name's
 * match key (accountMatchKey: "ACME, Inc." is Acme), then by web domain, else a new account. An
 * account merged into another keeps its key, so its name still finds the account it went into.
 * Every deal write path that sets a company calls it, in the write's transaction, and shows the
 * account's name on the deal.
 */

export interface AccountInput {
  /** The company name as written. */
  name: string;
  /** A web address or host of the company (domainOf keeps its bare host). */
  domain?: string | null;
  /** Filled in on a new account, or on one that has none yet (never replacing a value). */
  industry?: string | null;
  size?: string | null;
  country?: string | null;
}

export interface ResolvedAccount {
  id: number;
  /** The account's name: the text the deal shows as its company. */
  name: string;
}

/** How far merged_into_id is followed (a merge of a merge …); a chain is never this long. */
const MAX_HOPS = 32;
export const ACCOUNT_NAME_MAX = 200;

/** A company name as an account stores it: spaces around it removed, at most 200 characters. */
export function accountName(name: string): string {
  return Array.from(name.replace(/^ +| +$/g, ''))
    .slice(0, ACCOUNT_NAME_MAX)
    .join('');
}

const blank = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/** The live account an account id stands for (itself, or the one it was merged into). */
export async function liveAccount(tx: DbOrTx, id: number): Promise<ResolvedAccount | null> {
  let current = id;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [row] = await tx
      .select({ id: clientAccounts.id, name: clientAccounts.name, mergedInto: clientAccounts.merged_into_id })
      .from(clientAccounts)
      .where(eq(clientAccounts.id, current));
    if (!row) return null;
    if (row.mergedInto == null) return { id: row.id, name: row.name };
    current = row.mergedInto;
  }
  return null;
}

/** Fills the account's empty details from what the write knew (a person's value is never replaced). */
async function fillBlanks(tx: DbOrTx, id: number, input: AccountInput, domain: string | null): Promise<void> {
  const industry = blank(input.industry);
  const size = blank(input.size);
  const country = blank(input.country);
  if (!domain && !industry && !size && !country) return;
  await tx
    .update(clientAccounts)
    .set({
      domain: sql`coalesce(${clientAccounts.domain}, ${domain})`,
      industry: sql`coalesce(${clientAccounts.industry}, ${industry})`,
      size: sql`coalesce(${clientAccounts.size}, ${size})`,
      country: sql`coalesce(${clientAccounts.country}, ${country})`,
    })
    .where(
      and(
        eq(clientAccounts.id, id),
        sql`(${clientAccounts.domain} IS NULL AND ${domain}::text IS NOT NULL
          OR ${clientAccounts.industry} IS NULL AND ${industry}::text IS NOT NULL
          OR ${clientAccounts.size} IS NULL AND ${size}::text IS NOT NULL
          OR ${clientAccounts.country} IS NULL AND ${country}::text IS NOT NULL)`,
      ),
    );
}

/**
 * The account a company name (and web address) belongs to, created when there is none; null when
 * the name is blank (no company). Safe under concurrent writers: one row per match key.
 */
export async function resolveAccountRecord(tx: DbOrTx, input: AccountInput): Promise<ResolvedAccount | null> {
  const key = accountMatchKey(input.name);
  if (key === '') return null;
  const domain = domainOf(input.domain);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [byKey] = await tx.select({ id: clientAccounts.id }).from(clientAccounts).where(eq(clientAccounts.match_key, key));
    if (byKey) {
      const live = await liveAccount(tx, byKey.id);
      if (live) {
        await fillBlanks(tx, live.id, input, domain);
        return live;
      }
    }
    let aliasOf: ResolvedAccount | null = null;
    if (!byKey && domain) {
      const [byDomain] = await tx
        .select({ id: clientAccounts.id, name: clientAccounts.name })
        .from(clientAccounts)
        .where(and(eq(clientAccounts.domain, domain), isNull(clientAccounts.merged_into_id)))
        .orderBy(clientAccounts.id)
        .limit(1);
      if (byDomain) aliasOf = byDomain;
    }
    // A name new to a known domain is kept as that account's other name (merged into it), so it
    // finds the account by its key from now on, as the migration did for the deals it linked.
    const [created] = await tx
      .insert(clientAccounts)
      .values({
        name: accountName(input.name),
        match_key: key,
        domain: aliasOf ? null : domain,
        industry: aliasOf ? null : blank(input.industry),
        size: aliasOf ? null : blank(input.size),
        country: aliasOf ? null : blank(input.country),
        merged_into_id: aliasOf?.id ?? null,
      })
      .onConflictDoNothing({ target: clientAccounts.match_key })
      .returning({ id: clientAccounts.id, name: clientAccounts.name });
    if (created) {
      if (aliasOf) {
        await fillBlanks(tx, aliasOf.id, input, null);
        return aliasOf;
      }
      return created;
    }
    // Another writer created the key first: read it again.
  }
  throw new Error(`resolveAccount: no account for key ${key}`);
}

/** The id of the account a company name belongs to (resolveAccountRecord); null for a blank name. */
export async function resolveAccount(tx: DbOrTx, input: AccountInput): Promise<number | null> {
  return (await resolveAccountRecord(tx, input))?.id ?? null;
}
