import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { opportunities } from '../../db/schema.ts';
import { findAccountRecord, liveAccount, resolveAccountRecord, resolveAccounts } from './resolve.ts';

/*
 * How a deal write keeps its account (issue 36): every path that sets a company (create, edit,
 * import, sample, the ingest API, a call analysis's new deal, a restore) goes through the change
 * recorder's insert and update, which call these, so account_id is set whenever
 * client_company_name is, and the deal shows its account's name.
 */

interface DealCompany {
  client_company_name?: string | null;
  domain_website?: string | null;
  company_industry?: string | null;
  company_size?: string | null;
  account_id?: number | null;
}

/** Deals about to be inserted, each with its account and the account's name (a blank name: none). */
export async function withAccounts<T extends DealCompany>(tx: DbOrTx, rows: readonly T[]): Promise<T[]> {
  const named = rows.flatMap((row, i) => (row.client_company_name != null && row.account_id == null ? [i] : []));
  if (!named.length) return [...rows];
  const accounts = await resolveAccounts(
    tx,
    named.map((i) => {
      const row = rows[i]!;
      return {
        name: row.client_company_name!,
        domain: row.domain_website,
        industry: row.company_industry,
        size: row.company_size,
      };
    }),
  );
  const out = [...rows];
  named.forEach((i, n) => {
    const account = accounts[n];
    out[i] = { ...rows[i]!, client_company_name: account?.name ?? null, account_id: account?.id ?? null };
  });
  return out;
}

/** The fields an update writes, with the account of a company it sets (its name shown, its id linked). */
export async function withAccountOf<T extends DealCompany>(tx: DbOrTx, set: T): Promise<T> {
  if (!('client_company_name' in set) || set.account_id !== undefined) return set;
  const name = set.client_company_name;
  const account =
    name == null
      ? null
      : await resolveAccountRecord(tx, {
          name,
          domain: set.domain_website,
          industry: set.company_industry,
          size: set.company_size,
        });
  return { ...set, client_company_name: account?.name ?? null, account_id: account?.id ?? null };
}

/**
 * What a machine proposes for a deal, its company named as the account it already names ("ACME Inc"
 * for a deal of Acme is no change, and no suggestion); a company no account knows stays as given.
 */
export async function machineCompanyAsAccount<T extends Readonly<Record<string, unknown>>>(tx: DbOrTx, proposed: T): Promise<T> {
  const name = proposed.client_company_name;
  if (typeof name !== 'string') return proposed;
  const account = await findAccountRecord(tx, name);
  return account ? { ...proposed, client_company_name: account.name } : proposed;
}

/**
 * A restored deal's account: the live one its stored account became (merged since), or the one its
 * company name finds (a deal archived before accounts existed). Its name follows the account's.
 */
export async function relinkRestoredDeal(tx: DbOrTx, id: number): Promise<void> {
  const [deal] = await tx
    .select({
      name: opportunities.client_company_name,
      accountId: opportunities.account_id,
      domain: opportunities.domain_website,
    })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  if (!deal || deal.name == null) return;
  const account =
    (deal.accountId != null ? await liveAccount(tx, deal.accountId) : null) ??
    (await resolveAccountRecord(tx, { name: deal.name, domain: deal.domain }));
  // A name no account can hold (blank) stays as it was archived: a restore gives back, it does not clean.
  if (!account) return;
  if (account.id === deal.accountId && account.name === deal.name) return;
  await tx
    .update(opportunities)
    .set({
      account_id: account.id,
      client_company_name: account.name,
      version: sql`${opportunities.version} + 1`,
    })
    .where(eq(opportunities.id, id));
}
