import { sql, type SQL } from 'drizzle-orm';
import {
  ROLES,
  type AccountChange,
  type AccountContact,
  type AccountDeal,
  type AccountDetail,
  type AccountFigures,
  type AccountListItem,
  type AccountPage,
  type AccountListQuery,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import { cappedPage } from '../../db/capped-count.ts';
import { jsonValue, selectRows, type Db, type DbOrTx } from '../../db/client.ts';
import { isoText } from '../../db/iso.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { read } from '../../db/prepared/reads.ts';
import { visibleDealAs } from '../opportunities/scope.ts';
import { accountsVisibleTo, contactsVisibleTo } from './scope.ts';

/*
 * The reads of accounts (issue 36). Every read starts from accountsVisibleTo (scope.ts), and an
 * account's deals and figures from the deals' own rule: a representative counts and lists only their
 * own deals of an account, a manager all of them, so no page shows a deal the reader may not open.
 */

/** An account the actor may see, as a condition on `client_accounts` (TRUE for a manager). */
export const visibleAccount = (actor: Actor): SQL => accountsVisibleTo(actor, sql`client_accounts.id`) ?? sql`TRUE`;

export const ACCOUNT_COLUMNS = sql`client_accounts.id, client_accounts.name, client_accounts.domain, client_accounts.industry,
  client_accounts.size, client_accounts.country, ${isoText(sql`client_accounts.created_at`)} AS created_at,
  ${isoText(sql`client_accounts.updated_at`)} AS updated_at`;

/**
 * The figures of an account over the deals the actor sees, defined once (accountFigures in
 * @nexa/domain says the same in JavaScript, and the tests hold the two together).
 */
const figuresOf = (actor: Actor, account: SQL) => sql`(SELECT jsonb_build_object(
    'deal_count', count(*)::int,
    'open_deals', (count(*) FILTER (WHERE o.outcome = 'open'))::int,
    'open_pipeline', coalesce(sum(o.amount) FILTER (WHERE o.outcome = 'open'), 0)::float8,
    'won_deals', (count(*) FILTER (WHERE o.outcome = 'won'))::int,
    'won_amount', coalesce(sum(o.amount) FILTER (WHERE o.outcome = 'won'), 0)::float8)
  FROM opportunities o WHERE o.account_id = ${account} AND ${visibleDealAs(actor)})`;

/** The list's orders, over the columns name, created_at and account_id of what it lists. */
const ORDER: Record<AccountListQuery['sort'], SQL> = {
  name: sql`name, account_id`,
  '-name': sql`name DESC, account_id DESC`,
  created_at: sql`created_at, account_id`,
  '-created_at': sql`created_at DESC, account_id DESC`,
};

/**
 * A page of the live accounts the actor may see, with their figures, and their number counted up to
 * a bound, in one statement (cappedPage). A representative's are their kept rows (rep_accounts,
 * decision 047, kept to the rule of accountsVisibleTo, with copies of the columns sorted and searched
 * on): the page is a range of rep_accounts_name_idx or rep_accounts_created_idx in the list's order,
 * then those accounts are read by key. A manager's are every live account
 * (client_accounts_live_name_idx).
 */
export async function listAccounts(db: Db, actor: Actor, query: AccountListQuery): Promise<AccountPage> {
  const searched = (t: string) => {
    if (!query.q) return [];
    const pattern = likePattern(query.q);
    return [sql`(${sql.raw(t)}.name ILIKE ${pattern} OR ${sql.raw(t)}.domain ILIKE ${pattern})`];
  };
  const listed =
    actor.role === ROLES.manager
      ? sql`SELECT client_accounts.id AS account_id, client_accounts.name, client_accounts.created_at FROM client_accounts
          WHERE ${sql.join([sql`client_accounts.merged_into_id IS NULL`, visibleAccount(actor), ...searched('client_accounts')], sql` AND `)}`
      : // The owner travels unseen by the planner (db/prepared/reads.ts): one generic plan, kept.
        sql`SELECT r.account_id, r.name, r.created_at FROM rep_accounts r
          WHERE ${sql.join([sql`r.owner_id = ${read.value(actor.userId, 'text')}`, sql`r.live`, ...searched('r')], sql` AND `)}`;
  const { items, total, capped } = await cappedPage<AccountListItem & { figures: AccountFigures | string }>(db, {
    listed,
    order: ORDER[query.sort],
    item: sql`SELECT ${ACCOUNT_COLUMNS}, ${figuresOf(actor, sql`client_accounts.id`)} AS figures
      FROM client_accounts WHERE client_accounts.id = listed.account_id`,
    offset: (query.page - 1) * query.pageSize,
    pageSize: query.pageSize,
  });
  return { items: items.map((item) => ({ ...item, figures: jsonValue(item.figures) as AccountFigures })), total, capped };
}

/** The live account `id` when the actor may see it. */
export async function visibleAccountRow(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const [row] = await selectRows<AccountDetail['account']>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM client_accounts
      WHERE client_accounts.id = ${id} AND client_accounts.merged_into_id IS NULL AND ${visibleAccount(actor)}
      ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

const LISTED = 200;

/** The account's page: the account, its figures, the deals and contacts the actor sees, its merges and splits. */
export async function accountDetail(db: Db, actor: Actor, id: number): Promise<AccountDetail | undefined> {
  const account = await visibleAccountRow(db, actor, id);
  if (!account) return undefined;
  const [figures, deals, contacts, history] = await Promise.all([
    selectRows<{ figures: AccountFigures | string }>(db, sql`SELECT ${figuresOf(actor, sql`${id}::int`)} AS figures`),
    selectRows<AccountDeal>(
      db,
      sql`SELECT o.id, o.product, o.stage, o.outcome, o.amount::float8 AS amount, o.currency, o.owner_id,
          u.full_name AS owner_name, ${isoText(sql`o.next_meeting_date`)} AS next_meeting_date, o.closing_date::text AS closing_date
        FROM opportunities o LEFT JOIN users u ON u.id = o.owner_id
        WHERE o.account_id = ${id} AND ${visibleDealAs(actor)}
        ORDER BY (o.outcome = 'open') DESC, o.next_meeting_date NULLS LAST, o.id DESC LIMIT ${LISTED + 1}`,
    ),
    selectRows<AccountContact>(
      db,
      sql`SELECT contacts.id, contacts.full_name, contacts.title, contacts.email, contacts.phone FROM contacts
        WHERE contacts.account_id = ${id} AND ${contactsVisibleTo(actor) ?? sql`TRUE`}
        ORDER BY contacts.full_name, contacts.id LIMIT ${LISTED + 1}`,
    ),
    accountHistory(db, actor, id),
  ]);
  return {
    account,
    figures: jsonValue(figures[0]!.figures) as AccountFigures,
    deals: deals.slice(0, LISTED),
    more_deals: deals.length > LISTED,
    contacts: contacts.slice(0, LISTED),
    more_contacts: contacts.length > LISTED,
    history,
  };
}

interface ChangeRow {
  id: number;
  kind: AccountChange['kind'];
  at: string;
  actor: string | null;
  account_id: number;
  account_name: string;
  others: string[] | string | null;
  moved: { deals?: unknown[]; contacts?: unknown[]; names?: Array<{ name: string }> } | string;
  undone_at: string | null;
}

/** The merges and splits an account took part in, newest first (the last 20). */
export async function accountHistory(db: DbOrTx, actor: Actor, id: number): Promise<AccountChange[]> {
  const rows = await selectRows<ChangeRow>(
    db,
    sql`SELECT m.id, m.kind, ${isoText(sql`m.at`)} AS at, u.full_name AS actor, m.account_id, a.name AS account_name,
        (SELECT coalesce(jsonb_agg(s.name ORDER BY s.name), '[]'::jsonb) FROM client_accounts s WHERE s.id = ANY(m.source_ids)) AS others,
        m.moved, ${isoText(sql`m.undone_at`)} AS undone_at
      FROM account_merges m JOIN client_accounts a ON a.id = m.account_id LEFT JOIN users u ON u.id = m.actor_id
      WHERE m.account_id = ${id} OR ${id} = ANY(m.source_ids)
      ORDER BY m.at DESC, m.id DESC LIMIT 20`,
  );
  const latest = rows.find((row) => row.undone_at === null && row.kind !== 'migration');
  return rows.map((row) => {
    const moved = jsonValue(row.moved) as Exclude<ChangeRow['moved'], string>;
    return {
      id: row.id,
      kind: row.kind,
      at: row.at,
      actor: row.actor,
      account_id: row.account_id,
      account_name: row.account_name,
      others: (jsonValue(row.others ?? []) as string[]) ?? [],
      names: (moved.names ?? []).map((entry) => entry.name),
      deals: moved.deals?.length ?? 0,
      contacts: moved.contacts?.length ?? 0,
      undone_at: row.undone_at,
      // Only the latest change of an account is undone from its page (an older one may have been built on).
      undoable: row === latest && canChangeAccounts(actor),
    };
  });
}

/** Who may merge, split and undo: a manager, or a representative for accounts whose deals are all theirs (checked on the write). */
export const canChangeAccounts = (actor: Actor) => actor.role === ROLES.manager || actor.role === ROLES.representative;
