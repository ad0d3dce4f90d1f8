import { sql } from 'drizzle-orm';
import {
  ROLES,
  accountMatchKey,
  domainOf,
  type AccountChangeResult,
  type AccountDetail,
  type AccountMerge,
  type AccountPatch,
  type AccountSplit,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { visibleDealAs } from '../opportunities/scope.ts';
import { recordAudit } from '../team-admin/audit.ts';
import { ACCOUNT_COLUMNS, visibleAccountRow } from './queries.ts';
import { accountName } from './resolve.ts';

/*
 * Changes to accounts (issue 36): edit, merge, split, and the undo of a merge or split. Each runs in
 * one transaction with its account_merges row (what moved from where, for the undo), an audit_log
 * row (the team's history) and, for every deal whose displayed company changes, a row in the deal's
 * own history (source person). A representative changes only accounts all of whose deals are
 * theirs; a manager any account.
 */

type Account = AccountDetail['account'];

interface MovedDeal {
  id: number;
  account_id: number;
  name: string | null;
}
interface MovedContact {
  id: number;
  account_id: number | null;
}
interface Moved {
  deals: MovedDeal[];
  contacts: MovedContact[];
}

/** A representative may change only accounts whose live deals are all theirs (else another rep's deals would move). */
async function assertMayChange(tx: DbOrTx, actor: Actor, ids: readonly number[]): Promise<void> {
  if (actor.role === ROLES.manager) return;
  const [shared] = await selectRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM opportunities
      WHERE account_id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        AND owner_id IS DISTINCT FROM ${actor.userId}`,
  );
  if (Number(shared?.n ?? 0) > 0)
    throw new AppError('forbidden', 'Only a manager changes an account that holds another representative’s deals');
}

/** The deals whose displayed company moves to `name`, in their history, by the actor, and their version bumped. */
async function renameDeals(tx: DbOrTx, actor: Actor, dealIds: readonly number[], accountId: number): Promise<void> {
  if (!dealIds.length) return;
  const ids = sql`(SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(dealIds)}::jsonb))`;
  await tx.execute(sql`WITH changed AS (
      UPDATE opportunities o SET account_id = a.id, client_company_name = a.name, version = o.version + 1,
        field_sources = o.field_sources || '{"client_company_name": "person"}'::jsonb
      FROM client_accounts a, (SELECT id, client_company_name AS before FROM opportunities WHERE id IN ${ids} FOR UPDATE) b
      WHERE a.id = ${accountId} AND o.id = b.id
      RETURNING o.id, b.before, o.client_company_name AS after)
    INSERT INTO opportunity_changes (opportunity_id, source, actor_id, field, before, after)
    SELECT id, 'person', ${actor.userId}, 'client_company_name', to_jsonb(before), to_jsonb(after) FROM changed
    WHERE before IS DISTINCT FROM after`);
}

async function accountById(tx: DbOrTx, id: number): Promise<Account> {
  const [row] = await selectRows<Account>(
    tx,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_accounts.id = ${id}`,
  );
  return row!;
}

/** Which row holds a match key (any, merged or not). */
async function holderOfKey(tx: DbOrTx, key: string): Promise<{ id: number; merged_into_id: number | null } | undefined> {
  const [row] = await selectRows<{ id: number; merged_into_id: number | null }>(
    tx,
    sql`SELECT id, merged_into_id FROM client_accounts WHERE match_key = ${key} FOR UPDATE`,
  );
  return row;
}

const nameTaken = () => new AppError('conflict', 'Another account already has this name: merge the two accounts instead', 'name');

/** Edits an account: a new name shows on every deal of it, and the old name keeps finding it. */
export async function patchAccount(db: Db, actor: Actor, id: number, patch: AccountPatch): Promise<Account> {
  return db.transaction(async (tx) => {
    const before = await visibleAccountRow(tx, actor, id, true);
    if (!before) throw notFound('Account');
    const set: Record<string, unknown> = {};
    if (patch.domain !== undefined) {
      const domain = patch.domain === null ? null : domainOf(patch.domain);
      if (patch.domain !== null && !domain) throw new AppError('bad_request', 'Not a company web address', 'domain');
      set.domain = domain;
    }
    for (const field of ['industry', 'size', 'country'] as const) if (patch[field] !== undefined) set[field] = patch[field];
    const name = patch.name === undefined ? undefined : accountName(patch.name);
    if (name !== undefined && name !== before.name) {
      await assertMayChange(tx, actor, [id]);
      const key = accountMatchKey(name);
      if (key === '') throw new AppError('bad_request', 'A name is needed', 'name');
      const [current] = await selectRows<{ match_key: string }>(tx, sql`SELECT match_key FROM client_accounts WHERE id = ${id}`);
      if (key !== current!.match_key) {
        // Any row holding the key says no, even one merged into this account: rows are never deleted (a
        // merge's undo and an archived deal may point at them), so a former name is not taken back.
        if (await holderOfKey(tx, key)) throw nameTaken();
        set.match_key = key;
      }
      set.name = name;
    }
    if (!Object.keys(set).length) return accountById(tx, id);
    const assignments = sql.join(
      Object.entries(set).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
      sql`, `,
    );
    const [old] = await selectRows<{ match_key: string; name: string }>(
      tx,
      sql`SELECT match_key, name FROM client_accounts WHERE id = ${id}`,
    );
    await tx.execute(sql`UPDATE client_accounts SET ${assignments}, updated_at = now() WHERE id = ${id}`);
    if (set.match_key !== undefined) {
      // The old name stays one of the account's names: a deal written with it still finds the account.
      await tx.execute(
        sql`INSERT INTO client_accounts (name, match_key, merged_into_id) VALUES (${old!.name}, ${old!.match_key}, ${id})`,
      );
    }
    if (set.name !== undefined) {
      const deals = await selectRows<{ id: number }>(tx, sql`SELECT id FROM opportunities WHERE account_id = ${id}`);
      await renameDeals(
        tx,
        actor,
        deals.map((deal) => deal.id),
        id,
      );
    }
    const after = await accountById(tx, id);
    const changed = Object.keys(set).filter((field) => field !== 'match_key');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'account.edited',
      target: after.name,
      before: Object.fromEntries(changed.map((field) => [field, before[field as keyof Account]])),
      after: { account_id: id, ...Object.fromEntries(changed.map((field) => [field, after[field as keyof Account]])) },
    });
    return after;
  });
}

const idList = (ids: readonly number[]) => sql`(SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Merges accounts into `id`: their deals and contacts move to it, they are hidden, and their names find it from now on. */
export async function mergeAccounts(db: Db, actor: Actor, id: number, input: AccountMerge): Promise<AccountChangeResult> {
  const from = [...new Set(input.from)].filter((source) => source !== id);
  if (!from.length) throw new AppError('bad_request', 'Choose other accounts to merge into this one', 'from');
  return db.transaction(async (tx) => {
    const target = await visibleAccountRow(tx, actor, id, true);
    if (!target) throw notFound('Account');
    for (const source of from) if (!(await visibleAccountRow(tx, actor, source, true))) throw notFound('Account');
    await assertMayChange(tx, actor, [id, ...from]);
    const deals = await selectRows<MovedDeal>(
      tx,
      sql`SELECT id, account_id, client_company_name AS name FROM opportunities WHERE account_id IN ${idList(from)} ORDER BY id FOR UPDATE`,
    );
    const contacts = await selectRows<MovedContact>(
      tx,
      sql`SELECT id, account_id FROM contacts WHERE account_id IN ${idList(from)} ORDER BY id FOR UPDATE`,
    );
    await tx.execute(sql`UPDATE client_accounts SET merged_into_id = ${id}, updated_at = now() WHERE id IN ${idList(from)}`);
    await renameDeals(
      tx,
      actor,
      deals.map((deal) => deal.id),
      id,
    );
    await tx.execute(sql`UPDATE contacts SET account_id = ${id}, updated_at = now() WHERE account_id IN ${idList(from)}`);
    const moved: Moved = { deals, contacts };
    const [change] = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO account_merges (kind, account_id, source_ids, moved, actor_id)
        VALUES ('merge', ${id}, ARRAY(SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(from)}::jsonb)), ${JSON.stringify(moved)}::jsonb, ${actor.userId}) RETURNING id`,
    );
    const names = await selectRows<{ name: string }>(
      tx,
      sql`SELECT name FROM client_accounts WHERE id IN ${idList(from)} ORDER BY name`,
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'account.merged',
      target: target.name,
      before: { names: names.map((row) => row.name), deals: deals.length, contacts: contacts.length },
      after: { account_id: id, name: target.name, merge_id: change!.id },
    });
    await tx.execute(sql`UPDATE client_accounts SET updated_at = now() WHERE id = ${id}`);
    return { change_id: change!.id, account: await accountById(tx, id) };
  });
}

/** Moves chosen deals and contacts of account `id` to a new account named `name`. */
export async function splitAccount(db: Db, actor: Actor, id: number, input: AccountSplit): Promise<AccountChangeResult> {
  return db.transaction(async (tx) => {
    const source = await visibleAccountRow(tx, actor, id, true);
    if (!source) throw notFound('Account');
    const name = accountName(input.name);
    const key = accountMatchKey(name);
    if (key === '') throw new AppError('bad_request', 'A name is needed', 'name');
    if (await holderOfKey(tx, key)) throw nameTaken();
    const deals = await selectRows<MovedDeal>(
      tx,
      sql`SELECT id, account_id, client_company_name AS name FROM opportunities
        WHERE id IN ${idList(input.deal_ids)} AND account_id = ${id} AND ${visibleDealAs(actor, 'opportunities')} ORDER BY id FOR UPDATE`,
    );
    if (deals.length !== new Set(input.deal_ids).size)
      throw new AppError('bad_request', 'A chosen deal is not one of this account’s', 'deal_ids');
    const contacts = await selectRows<MovedContact>(
      tx,
      sql`SELECT id, account_id FROM contacts WHERE id IN ${idList(input.contact_ids)} AND account_id = ${id} ORDER BY id FOR UPDATE`,
    );
    if (contacts.length !== new Set(input.contact_ids).size)
      throw new AppError('bad_request', 'A chosen contact is not one of this account’s', 'contact_ids');
    const [created] = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO client_accounts (name, match_key, domain, industry, size, country)
        VALUES (${name}, ${key}, NULL, ${source.industry}, ${source.size}, ${source.country}) RETURNING id`,
    );
    const newId = created!.id;
    await renameDeals(
      tx,
      actor,
      deals.map((deal) => deal.id),
      newId,
    );
    if (contacts.length)
      await tx.execute(
        sql`UPDATE contacts SET account_id = ${newId}, updated_at = now() WHERE id IN ${idList(contacts.map((c) => c.id))}`,
      );
    const moved: Moved = { deals, contacts };
    const [change] = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO account_merges (kind, account_id, source_ids, moved, actor_id)
        VALUES ('split', ${newId}, ARRAY[${id}::int], ${JSON.stringify(moved)}::jsonb, ${actor.userId}) RETURNING id`,
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'account.split',
      target: name,
      before: { account_id: id, name: source.name, deals: deals.length, contacts: contacts.length },
      after: { account_id: newId, name, merge_id: change!.id },
    });
    return { change_id: change!.id, account: await accountById(tx, newId) };
  });
}

/**
 * Undoes a merge (the merged accounts come back with the deals and contacts that moved, where they
 * still are) or a split (what moved goes back, and the new account becomes one of the old one's
 * names). The latest change of the accounts involved only: an older one may have been built on.
 */
export async function undoAccountChange(db: Db, actor: Actor, changeId: number): Promise<AccountChangeResult> {
  return db.transaction(async (tx) => {
    const [change] = await selectRows<{
      id: number;
      kind: string;
      account_id: number;
      source_ids: number[] | string;
      moved: Moved | string;
      undone_at: string | null;
    }>(tx, sql`SELECT id, kind, account_id, source_ids, moved, undone_at FROM account_merges WHERE id = ${changeId} FOR UPDATE`);
    if (!change || !(await visibleAccountRow(tx, actor, change.account_id, true))) throw notFound('Account change');
    if (change.kind === 'migration') throw new AppError('conflict', 'What the migration merged is undone by a split');
    if (change.undone_at) throw new AppError('conflict', 'This change was already undone');
    const sources = (
      typeof change.source_ids === 'string'
        ? JSON.parse(change.source_ids.replace('{', '[').replace('}', ']'))
        : change.source_ids
    ) as number[];
    const [later] = await selectRows<{ id: number }>(
      tx,
      sql`SELECT id FROM account_merges WHERE id > ${changeId} AND undone_at IS NULL AND kind <> 'migration'
        AND (account_id IN (${change.account_id}, ${sql.join(
          sources.map((s) => sql`${s}`),
          sql`, `,
        )})
          OR source_ids && ARRAY[${change.account_id}, ${sql.join(
            sources.map((s) => sql`${s}::int`),
            sql`, `,
          )}]::int[]) LIMIT 1`,
    );
    if (later) throw new AppError('conflict', 'A later merge or split of these accounts must be undone first');
    const moved = (typeof change.moved === 'string' ? JSON.parse(change.moved) : change.moved) as Moved;
    await assertMayChange(tx, actor, [change.account_id, ...sources]);
    let shown: number;
    if (change.kind === 'merge') {
      await tx.execute(sql`UPDATE client_accounts SET merged_into_id = NULL, updated_at = now()
        WHERE id IN ${idList(sources)} AND merged_into_id = ${change.account_id}`);
      for (const source of sources) {
        const dealIds = moved.deals.filter((d) => d.account_id === source).map((d) => d.id);
        const still = await selectRows<{ id: number }>(
          tx,
          sql`SELECT id FROM opportunities WHERE id IN ${idList(dealIds)} AND account_id = ${change.account_id}`,
        );
        await renameDeals(
          tx,
          actor,
          still.map((d) => d.id),
          source,
        );
        const contactIds = moved.contacts.filter((c) => c.account_id === source).map((c) => c.id);
        await tx.execute(sql`UPDATE contacts SET account_id = ${source}, updated_at = now()
          WHERE id IN ${idList(contactIds)} AND account_id = ${change.account_id}`);
      }
      shown = change.account_id;
    } else {
      const [source] = sources;
      const all = await selectRows<{ id: number }>(tx, sql`SELECT id FROM opportunities WHERE account_id = ${change.account_id}`);
      await renameDeals(
        tx,
        actor,
        all.map((d) => d.id),
        source!,
      );
      await tx.execute(
        sql`UPDATE contacts SET account_id = ${source!}, updated_at = now() WHERE account_id = ${change.account_id}`,
      );
      await tx.execute(
        sql`UPDATE client_accounts SET merged_into_id = ${source!}, updated_at = now() WHERE id = ${change.account_id}`,
      );
      shown = source!;
    }
    await tx.execute(sql`UPDATE account_merges SET undone_at = now(), undone_by = ${actor.userId} WHERE id = ${changeId}`);
    const account = await accountById(tx, shown);
    const created = await accountById(tx, change.account_id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: change.kind === 'merge' ? 'account.merge_undone' : 'account.split_undone',
      target: created.name,
      after: { account_id: shown, merge_id: changeId },
    });
    return { change_id: changeId, account };
  });
}
