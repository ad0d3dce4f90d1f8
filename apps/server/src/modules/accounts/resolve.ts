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

/** What a resolution knows of an account: its name and the details a write may fill in. */
const ACCOUNT_FIELDS = {
  id: clientAccounts.id,
  name: clientAccounts.name,
  domain: clientAccounts.domain,
  industry: clientAccounts.industry,
  size: clientAccounts.size,
  country: clientAccounts.country,
};

/** The live accounts the given ids stand for (themselves, or the ones they were merged into). */
async function liveAccounts(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, LiveAccount>> {
  const result = new Map<number, LiveAccount>();
  // Each id's current hop, followed until a live row (merged_into_id null) answers.
  let pending = new Map<number, number[]>();
  for (const id of new Set(ids)) pending.set(id, [id]);
  for (let hop = 0; hop < MAX_HOPS && pending.size; hop++) {
    const rows = await tx
      .select({ ...ACCOUNT_FIELDS, mergedInto: clientAccounts.merged_into_id })
      .from(clientAccounts)
      .where(
        sql`${clientAccounts.id} IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify([...pending.keys()])}::jsonb))`,
      );
    const next = new Map<number, number[]>();
    for (const row of rows) {
      const starts = pending.get(row.id) ?? [];
      if (row.mergedInto == null) {
        const { mergedInto: _, ...live } = row;
        for (const start of starts) result.set(start, live);
      } else next.set(row.mergedInto, [...(next.get(row.mergedInto) ?? []), ...starts]);
    }
    pending = next;
  }
  return result;
}

interface LiveAccount extends ResolvedAccount {
  domain: string | null;
  industry: string | null;
  size: string | null;
  country: string | null;
}

/** The live account an account id stands for (itself, or the one it was merged into). */
export async function liveAccount(tx: DbOrTx, id: number): Promise<ResolvedAccount | null> {
  const live = (await liveAccounts(tx, [id])).get(id);
  return live ? { id: live.id, name: live.name } : null;
}

/** The account a company name finds without creating one (its key, then a merged key's account); null when none. */
export async function findAccountRecord(tx: DbOrTx, name: string): Promise<ResolvedAccount | null> {
  const key = accountMatchKey(name);
  if (key === '') return null;
  const [row] = await tx.select({ id: clientAccounts.id }).from(clientAccounts).where(eq(clientAccounts.match_key, key));
  return row ? liveAccount(tx, row.id) : null;
}

/** What a write knew of an account that its record lacks (a value already there is never replaced). */
function blanksToFill(account: LiveAccount, input: AccountInput, domain: string | null) {
  const fill: Partial<Record<'domain' | 'industry' | 'size' | 'country', string>> = {};
  if (!account.domain && domain) fill.domain = domain;
  for (const field of ['industry', 'size', 'country'] as const) {
    const value = blank(input[field]);
    if (!account[field] && value) fill[field] = value;
  }
  return fill;
}

/**
 * The accounts company names (and web addresses) belong to, created when there is none: one entry
 * per input, in order, null for a blank name (no company). Set-based, so an import of thousands of
 * rows asks a handful of questions, and safe under concurrent writers (one row per match key).
 */
export async function resolveAccounts(tx: DbOrTx, inputs: readonly AccountInput[]): Promise<Array<ResolvedAccount | null>> {
  const keys = inputs.map((input) => accountMatchKey(input.name));
  // The first input of each key speaks for it (its name, address and details).
  const firstOfKey = new Map<string, AccountInput>();
  keys.forEach((key, i) => key !== '' && !firstOfKey.has(key) && firstOfKey.set(key, inputs[i]!));
  const found = new Map<string, LiveAccount>();

  const lookUp = async (wanted: string[]) => {
    if (!wanted.length) return;
    const rows = await tx
      .select({ id: clientAccounts.id, key: clientAccounts.match_key })
      .from(clientAccounts)
      .where(sql`${clientAccounts.match_key} IN (SELECT jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`);
    const live = await liveAccounts(
      tx,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const account = live.get(row.id);
      if (account) found.set(row.key, account);
    }
  };

  await lookUp([...firstOfKey.keys()]);
  for (let attempt = 0; attempt < 3; attempt++) {
    const missing = [...firstOfKey.keys()].filter((key) => !found.has(key));
    if (!missing.length) break;
    // A name new to a known domain becomes another name of that domain's account.
    const domains = [...new Set(missing.map((key) => domainOf(firstOfKey.get(key)!.domain)).filter((d): d is string => !!d))];
    const byDomain = new Map<string, LiveAccount>();
    if (domains.length) {
      const rows = await tx
        .select(ACCOUNT_FIELDS)
        .from(clientAccounts)
        .where(
          and(
            isNull(clientAccounts.merged_into_id),
            sql`${clientAccounts.domain} IN (SELECT jsonb_array_elements_text(${JSON.stringify(domains)}::jsonb))`,
          ),
        )
        .orderBy(clientAccounts.id);
      for (const row of rows) if (!byDomain.has(row.domain!)) byDomain.set(row.domain!, row);
    }
    const values = missing.map((key) => {
      const input = firstOfKey.get(key)!;
      const domain = domainOf(input.domain);
      const alias = domain ? byDomain.get(domain) : undefined;
      return {
        name: accountName(input.name),
        match_key: key,
        domain: alias ? null : domain,
        industry: alias ? null : blank(input.industry),
        size: alias ? null : blank(input.size),
        country: alias ? null : blank(input.country),
        merged_into_id: alias?.id ?? null,
      };
    });
    const created = await tx
      .insert(clientAccounts)
      .values(values)
      .onConflictDoNothing({ target: clientAccounts.match_key })
      .returning({ id: clientAccounts.id, key: clientAccounts.match_key, mergedInto: clientAccounts.merged_into_id });
    const accountOfId = new Map([...byDomain.values()].map((account) => [account.id, account]));
    for (const row of created) {
      const value = values.find((v) => v.match_key === row.key)!;
      found.set(
        row.key,
        row.mergedInto != null
          ? accountOfId.get(row.mergedInto)!
          : {
              id: row.id,
              name: value.name,
              domain: value.domain,
              industry: value.industry,
              size: value.size,
              country: value.country,
            },
      );
    }
    // Keys another writer created meanwhile: read them again.
    await lookUp(missing.filter((key) => !found.has(key)));
  }

  // Fill what the accounts lack from what the inputs knew, once per account.
  const fills = new Map<number, Record<string, string>>();
  for (const [key, input] of firstOfKey) {
    const account = found.get(key);
    if (!account) throw new Error(`resolveAccounts: no account for key ${key}`);
    const fill = { ...blanksToFill(account, input, domainOf(input.domain)), ...(fills.get(account.id) ?? {}) };
    if (Object.keys(fill).length) {
      fills.set(account.id, fill);
      Object.assign(account, fill);
    }
  }
  for (const [id, fill] of fills) {
    const set = Object.fromEntries(
      Object.entries(fill).map(([field, value]) => [field, sql`coalesce(${sql.identifier(field)}, ${value})`]),
    );
    await tx.update(clientAccounts).set(set).where(eq(clientAccounts.id, id));
  }
  return keys.map((key) => {
    const account = key === '' ? undefined : found.get(key);
    return account ? { id: account.id, name: account.name } : null;
  });
}

/**
 * The account a company name (and web address) belongs to, created when there is none; null when
 * the name is blank (no company).
 */
export async function resolveAccountRecord(tx: DbOrTx, input: AccountInput): Promise<ResolvedAccount | null> {
  const [account] = await resolveAccounts(tx, [input]);
  return account ?? null;
}

/** The id of the account a company name belongs to (resolveAccountRecord); null for a blank name. */
export async function resolveAccount(tx: DbOrTx, input: AccountInput): Promise<number | null> {
  return (await resolveAccountRecord(tx, input))?.id ?? null;
}
