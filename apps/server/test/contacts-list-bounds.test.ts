import { sql } from 'drizzle-orm';
import { LIST_COUNT_AHEAD, SEARCH_COUNT_AHEAD, withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Tx } from '../src/db/client.ts';
import { likePattern } from '../src/db/like-pattern.ts';
import { opportunities, SEARCH_INDEXED_BYTES } from '../src/db/schema.ts';
import { accountsVisibleTo, contactsVisibleTo } from '../src/modules/accounts/scope.ts';
import { testDatabaseKind } from './database-target.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The account and contact lists read for speed (decisions 044, 046, 047), on PGlite and PostgreSQL: a
 * representative's contact list reads their kept rows (rep_contacts, searched on their kept search
 * text), and must list exactly the contacts of the one rule (accounts/scope.ts contactsVisibleTo),
 * each once, whichever parts of the rule a contact falls in, and search them as the fields
 * themselves say; their account list reads rep_accounts and must list exactly the accounts of
 * accountsVisibleTo in each order and search; the kept rows of both equal their recomputation from
 * the rule after every kind of write that moves them; and a list's total is counted up to the page's
 * offset + LIST_COUNT_AHEAD, `capped` past it, each later page counting from its own offset.
 */

describe('account and contact lists: the visible set as the rule says, and a bounded total', () => {
  let server: TestServer;
  let repA: HttpClient;
  let manager: HttpClient;
  const user = {} as Record<'a' | 'b' | 'm', string>;
  const q = <T>(query: ReturnType<typeof sql>) => selectRows<T>(server.database.db, query);

  async function addAccount(name: string) {
    const [row] = await q<{ id: number }>(
      sql`INSERT INTO client_accounts (name, match_key) VALUES (${name}, ${name.toLowerCase()}) RETURNING id`,
    );
    return row!.id;
  }

  async function addDeal(owner: string, accountId: number | null, company: string) {
    const [row] = await server.database.db
      .insert(opportunities)
      .values(
        withStage({ owner_id: owner, account_manager: 'x', client_company_name: company, account_id: accountId, status: 'New' }),
      )
      .returning({ id: opportunities.id });
    return row!.id;
  }

  async function addContact(name: string, accountId: number | null, createdBy: string | null) {
    const [row] = await q<{ id: number }>(
      sql`INSERT INTO contacts (full_name, account_id, created_by) VALUES (${name}, ${accountId}, ${createdBy}) RETURNING id`,
    );
    return row!.id;
  }

  const onCommittee = (dealId: number, contactId: number) =>
    q(sql`INSERT INTO deal_contacts (opportunity_id, contact_id, roles) VALUES (${dealId}, ${contactId}, '{}'::text[])`);

  /** What the one rule says rep A sees, by name then id, as the list orders them. */
  const byTheRule = async () =>
    (
      await q<{ id: number }>(
        sql`SELECT contacts.id FROM contacts WHERE ${contactsVisibleTo({ userId: user.a, role: 'Sales Representative' } as never)}
          ORDER BY lower(contacts.full_name), contacts.id`,
      )
    ).map((row) => row.id);

  /**
   * Two writers at once: `hold` runs in a transaction left open, `racing` starts beside it, and the
   * transaction commits once `racing` waits for a lock it holds (PostgreSQL: a backend of this
   * database waits on a Lock; failing when none ever does, so the race is really run). PGlite runs one
   * statement at a time: there `racing` runs after the commit.
   */
  async function whileHolding(hold: (tx: Tx) => Promise<unknown>, racing: () => Promise<unknown>) {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server.database.db.transaction(async (tx) => {
      await hold(tx);
      holding();
      await committing;
    });
    await held;
    const raced = racing();
    if (testDatabaseKind() === 'postgres') {
      const waiting = sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      const deadline = Date.now() + 10_000;
      while ((await q<{ n: number }>(waiting))[0]!.n === 0) {
        if (Date.now() > deadline) throw new Error('the racing write never waited for the held transaction');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    commit();
    await Promise.all([transaction, raced]);
  }

  /**
   * rep_contacts against its recomputation: for every user, the contacts the one rule lets them see
   * (as a representative) with the list's sort name. The pairs on one side only; their number kept.
   */
  const keptAgainstTheRule = async () => {
    const asRep = { userId: '', role: 'Sales Representative' } as never;
    // The search text written out here from the fields the manager's search reads, one per line, lower case.
    const rule = sql`SELECT u.id AS owner_id, contacts.id AS contact_id, lower(contacts.full_name) AS sort_name,
        lower(concat_ws(E'\n', contacts.full_name, contacts.email, contacts.title, acc.name)) AS search
      FROM users u JOIN contacts ON ${contactsVisibleTo(asRep, undefined, sql`u.id`)}
        LEFT JOIN client_accounts acc ON acc.id = contacts.account_id`;
    const kept = sql`SELECT owner_id, contact_id, sort_name, search FROM rep_contacts`;
    // rep_accounts: the accounts the rule opens to each user, with their number of deals and the copies.
    const accountRule = sql`SELECT u.id AS owner_id, a.id AS account_id,
        (SELECT count(*)::int FROM opportunities o WHERE o.owner_id = u.id AND o.account_id = a.id) AS deals,
        a.name, a.domain, a.created_at, a.merged_into_id IS NULL AS live
      FROM users u JOIN client_accounts a ON ${accountsVisibleTo(asRep, sql`a.id`, sql`u.id`)}`;
    const keptAccounts = sql`SELECT owner_id, account_id, deals, name, domain, created_at, live FROM rep_accounts`;
    // contact_names (decision 055): every sort name a contact has, with how many, and no other.
    const nameRule = sql`SELECT lower(full_name) AS sort_name, count(*)::int AS contacts FROM contacts GROUP BY 1`;
    const keptNames = sql`SELECT sort_name, contacts FROM contact_names`;
    // Without statistics PostgreSQL prices the rule's OR of subqueries high enough to compile it (JIT, ~3 s each).
    return server.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      const missing = await selectRows(tx, sql`${rule} EXCEPT ${kept}`);
      const extra = await selectRows(tx, sql`${kept} EXCEPT ${rule}`);
      const missingAccounts = await selectRows(tx, sql`${accountRule} EXCEPT ${keptAccounts}`);
      const extraAccounts = await selectRows(tx, sql`${keptAccounts} EXCEPT ${accountRule}`);
      const missingNames = await selectRows(tx, sql`${nameRule} EXCEPT ${keptNames}`);
      const extraNames = await selectRows(tx, sql`${keptNames} EXCEPT ${nameRule}`);
      const [{ n }] = (await selectRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM rep_contacts`)) as [{ n: number }];
      return { missing, extra, missingAccounts, extraAccounts, missingNames, extraNames, n };
    });
  };
  const expectKept = async (step: string) => {
    const { n, ...sides } = await keptAgainstTheRule();
    expect({ step, ...sides }).toEqual({
      step,
      missing: [],
      extra: [],
      missingAccounts: [],
      extraAccounts: [],
      missingNames: [],
      extraNames: [],
    });
    return n;
  };

  /** Rep A's contact list searched for `text`, against the rule and the fields as the manager's search reads them. */
  const expectSearched = async (text: string) => {
    const pattern = likePattern(text);
    const expected = (
      await q<{ id: number }>(
        sql`SELECT contacts.id FROM contacts LEFT JOIN client_accounts acc ON acc.id = contacts.account_id
          WHERE ${contactsVisibleTo({ userId: user.a, role: 'Sales Representative' } as never)}
            AND (contacts.full_name ILIKE ${pattern} OR contacts.email ILIKE ${pattern} OR contacts.title ILIKE ${pattern}
              OR acc.name ILIKE ${pattern})
          ORDER BY lower(contacts.full_name), contacts.id`,
      )
    ).map((row) => row.id);
    const page = await listed(repA, `&q=${encodeURIComponent(text)}`);
    expect({ text, ids: page.items.map((c) => c.id) }).toEqual({ text, ids: expected.slice(0, 200) });
    return expected.length;
  };

  /** Rep A's account list in each order (and searched), against accountsVisibleTo over client_accounts. */
  const expectAccountsListed = async (text?: string) => {
    const asA = { userId: user.a, role: 'Sales Representative' } as never;
    const orders = {
      name: sql`a.name, a.id`,
      '-name': sql`a.name DESC, a.id DESC`,
      created_at: sql`a.created_at, a.id`,
      '-created_at': sql`a.created_at DESC, a.id DESC`,
    };
    const searched = text ? sql`AND (a.name ILIKE ${likePattern(text)} OR a.domain ILIKE ${likePattern(text)})` : sql``;
    for (const [sort, order] of Object.entries(orders)) {
      const expected = (
        await q<{ id: number }>(
          sql`SELECT a.id FROM client_accounts a WHERE a.merged_into_id IS NULL AND ${accountsVisibleTo(asA, sql`a.id`)}
            ${searched} ORDER BY ${order}`,
        )
      ).map((row) => row.id);
      const res = await repA.get(`/api/accounts?pageSize=200&sort=${sort}${text ? `&q=${encodeURIComponent(text)}` : ''}`);
      expect(res.status).toBe(200);
      expect({ sort, text, ids: res.body.items.map((a: { id: number }) => a.id), total: res.body.total }).toEqual({
        sort,
        text,
        ids: expected.slice(0, 200),
        total: Math.min(expected.length, LIST_COUNT_AHEAD),
      });
    }
  };
  const idOf = async (name: string) => (await q<{ id: number }>(sql`SELECT id FROM contacts WHERE full_name = ${name}`))[0]!.id;

  const listed = async (client: HttpClient, query = '') => {
    const res = await client.get(`/api/contacts?pageSize=200${query}`);
    expect(res.status).toBe(200);
    return res.body as { items: Array<{ id: number }>; total: number; capped: boolean };
  };

  let theirs: number;
  let bens: number;
  let aDeal: number;
  let aLoose: number;
  beforeAll(async () => {
    server = await startTestServer();
    const [a, b, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Ann Able' }),
      server.createUser({ role: 'Sales Representative', fullName: 'Ben Best' }),
      server.createUser({ role: 'Sales Manager', fullName: 'Meg Boss' }),
    ]);
    [user.a, user.b, user.m] = [a.id, b.id, m.id];
    [repA, manager] = await Promise.all([server.signIn(a.email, a.password), server.signIn(m.email, m.password)]);

    theirs = await addAccount('Theirs Inc');
    bens = await addAccount('Bens Ltd');
    const nobodys = await addAccount('Nobodys Co');
    aDeal = await addDeal(user.a, theirs, 'Theirs Inc');
    // Rep A also owns a deal without an account: it opens no account (a NULL matches nothing).
    aLoose = await addDeal(user.a, null, 'Loose');
    const bDeal = await addDeal(user.b, bens, 'Bens Ltd');

    await addContact('Alma In Account', theirs, user.b);
    await onCommittee(aDeal, await addContact('Bea Account And Committee', theirs, null));
    await onCommittee(aDeal, await addContact('Cid Committee Elsewhere', bens, user.b));
    await addContact('Dot Bens Only', bens, user.b);
    await addContact('Eve Own Loose', null, user.a);
    await onCommittee(aLoose, await addContact('Fay Own Loose On Committee', null, user.a));
    await addContact('Gus Bens Loose', null, user.b);
    await onCommittee(aLoose, await addContact('Hal Nobodys On Loose Deal', nobodys, null));
    await onCommittee(bDeal, await addContact('Ivy Bens Committee', bens, user.a));
    // On two of rep A's committees and in their account: still one row.
    const twice = await addContact('Jon Twice', theirs, null);
    await onCommittee(aDeal, twice);
    await onCommittee(aLoose, twice);
  });
  afterAll(() => server?.close());

  it("lists exactly the rule's contacts for a representative, each once, with their exact number", async () => {
    const expected = await byTheRule();
    // Every part of the rule is in the fixture: account, committee outside it, own without an account, both.
    expect(expected).toHaveLength(7);
    const page = await listed(repA);
    expect(page.items.map((c) => c.id)).toEqual(expected);
    expect(page).toMatchObject({ total: expected.length, capped: false });
    // A filter narrows every part alike.
    const searched = await listed(repA, '&q=loose');
    expect(searched.items.map((c) => c.id)).toEqual(
      (
        await q<{ id: number }>(sql`SELECT id FROM contacts WHERE id IN ${sql.raw(`(${expected.join(',')})`)}
        AND full_name ILIKE '%loose%' ORDER BY lower(full_name), id`)
      ).map((row) => row.id),
    );
    expect(searched.total).toBe(searched.items.length);
    // Each searched field, the account's name included, and a text across two fields (never a match).
    for (const text of ['bea', 'ACCOUNT', 'theirs', 'bens ltd', 'zzz', 'Loose\\Deal', '50%']) await expectSearched(text);
    await q(sql`UPDATE contacts SET email = 'jon@twice.test', title = 'Chief Buyer' WHERE full_name = 'Jon Twice'`);
    expect(await expectSearched('twice.test')).toBe(1);
    expect(await expectSearched('chief')).toBe(1);
    expect(await expectSearched('twice chief')).toBe(0);
    // A search text too long for rep_contacts_search_idx (decision 050) is found through the other
    // part of the search, and merged in the list's order with the rest.
    await q(sql`UPDATE contacts SET title = repeat('日', 450) || ' longtitle' WHERE full_name = 'Jon Twice'`);
    const [longest] = await q<{ n: number }>(sql`SELECT max(octet_length(search))::int AS n FROM rep_contacts`);
    expect(longest!.n).toBeGreaterThan(SEARCH_INDEXED_BYTES);
    expect(await expectSearched('longtitle')).toBe(1);
    expect(await expectSearched('o')).toBeGreaterThan(2);
    const paged = await repA.get('/api/contacts?pageSize=3&page=3');
    expect(paged.body).toMatchObject({ total: expected.length, capped: false });
    expect(paged.body.items.map((c: { id: number }) => c.id)).toEqual(expected.slice(6, 9));
  });

  it('counts a long list up to the page offset + LIST_COUNT_AHEAD, capped past it, each later page counting further', async () => {
    const extra = LIST_COUNT_AHEAD + 30;
    await q(
      sql`INSERT INTO contacts (full_name, account_id) SELECT 'Zz Many ' || lpad(g::text, 5, '0'), ${theirs} FROM generate_series(1, ${extra}) AS g`,
    );
    const all = (await byTheRule()).length;
    expect(all).toBe(extra + 7);
    const first = await repA.get('/api/contacts?pageSize=25');
    expect(first.body).toMatchObject({ total: LIST_COUNT_AHEAD, capped: true });
    expect(first.body.items).toHaveLength(25);
    // From page 41 (offset 1,000) on, the count reaches 2,000: all of them, exactly.
    const later = await repA.get('/api/contacts?pageSize=25&page=41');
    expect(later.body).toMatchObject({ total: all, capped: false });
    expect(later.body.items.map((c: { id: number }) => c.id)).toEqual((await byTheRule()).slice(1000, 1025));
    // A search many contacts match (decision 052) counts SEARCH_COUNT_AHEAD past the page, its page
    // taken from the walk; further on, every match is found from the trigram index and the page is
    // sorted from them; and a text few of them have.
    const matching = async (text: string) =>
      (
        await q<{ id: number }>(
          sql`SELECT contacts.id FROM contacts LEFT JOIN client_accounts acc ON acc.id = contacts.account_id
            WHERE ${contactsVisibleTo({ userId: user.a, role: 'Sales Representative' } as never)}
              AND (contacts.full_name ILIKE ${likePattern(text)} OR contacts.email ILIKE ${likePattern(text)}
                OR contacts.title ILIKE ${likePattern(text)} OR acc.name ILIKE ${likePattern(text)})
            ORDER BY lower(contacts.full_name), contacts.id`,
        )
      ).map((row) => row.id);
    const many = await matching('many');
    const searchedFirst = await repA.get('/api/contacts?pageSize=25&page=2&q=many');
    expect(searchedFirst.body).toMatchObject({ total: 25 + SEARCH_COUNT_AHEAD, capped: true });
    expect(searchedFirst.body.items.map((c: { id: number }) => c.id)).toEqual(many.slice(25, 50));
    const searchedLater = await repA.get('/api/contacts?pageSize=25&page=41&q=many');
    expect(searchedLater.body).toMatchObject({ total: many.length, capped: false });
    expect(searchedLater.body.items.map((c: { id: number }) => c.id)).toEqual(many.slice(1000, 1025));
    const few = await repA.get('/api/contacts?pageSize=4&page=2&q=many%200001');
    expect(few.body).toMatchObject({ total: 10, capped: false });
    expect(few.body.items.map((c: { id: number }) => c.id)).toEqual(many.slice(13, 17));
    // A text of two letters has no trigram: the walk counts it.
    const short = await repA.get('/api/contacts?pageSize=25&q=ny');
    expect(short.body).toMatchObject({ total: SEARCH_COUNT_AHEAD, capped: true });
    expect(short.body.items.map((c: { id: number }) => c.id)).toEqual((await matching('ny')).slice(0, 25));
    // The manager's list, every contact: bounded the same way.
    const managers = await manager.get('/api/contacts?pageSize=25');
    expect(managers.body).toMatchObject({ total: LIST_COUNT_AHEAD, capped: true });
    const n = (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts`))[0]!.n;
    expect((await manager.get('/api/contacts?pageSize=200&page=6')).body).toMatchObject({ total: n, capped: false });
  });

  it('bounds the account list the same way, exact under the bound', async () => {
    expect((await repA.get('/api/accounts')).body).toMatchObject({ total: 1, capped: false });
    // Rep A's own accounts in each order and searched, with their figures over their deals only.
    const [second, third] = [await addAccount('Able Second'), await addAccount('Able Third')];
    await q(sql`UPDATE client_accounts SET domain = 'third.example' WHERE id = ${third}`);
    await addDeal(user.a, second, 'Able Second');
    await addDeal(user.a, third, 'Able Third');
    await addDeal(user.b, third, 'Able Third');
    await expectAccountsListed();
    for (const text of ['able', 'THIRD.EX', 'inc', 'nothing']) await expectAccountsListed(text);
    const figures = (await repA.get('/api/accounts?q=third')).body.items[0].figures;
    expect(figures).toMatchObject({ deal_count: 1 });
    await q(sql`DELETE FROM opportunities WHERE account_id IN (${second}, ${third})`);
    await q(
      sql`INSERT INTO client_accounts (name, match_key) SELECT 'Many ' || g, 'many ' || g FROM generate_series(1, ${LIST_COUNT_AHEAD + 5}) AS g`,
    );
    const first = await manager.get('/api/accounts?pageSize=25');
    expect(first.body).toMatchObject({ total: LIST_COUNT_AHEAD, capped: true });
    const n = (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM client_accounts WHERE merged_into_id IS NULL`))[0]!.n;
    expect((await manager.get('/api/accounts?pageSize=100&page=2')).body).toMatchObject({ total: n, capped: false });
    expect((await repA.get('/api/accounts')).body).toMatchObject({ total: 1, capped: false });
  });

  it('keeps rep_contacts equal to the rule through deals, committees, contacts, merges, deletes and erasure', async () => {
    const m = manager;
    const ok = (res: { status: number; body: unknown }) => {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body as { change_id: number };
    };
    expect(await expectKept('inserted')).toBeGreaterThan(7);
    const [bea, cid, dot, ivy] = await Promise.all(
      ['Bea Account And Committee', 'Cid Committee Elsewhere', 'Dot Bens Only', 'Ivy Bens Committee'].map(idOf),
    );

    // A deal's owner, back and forth; its account moved; a new deal; a board move (no column read).
    await q(sql`UPDATE opportunities SET owner_id = ${user.b} WHERE id = ${aDeal}`);
    await expectKept('deal to another owner');
    await q(sql`UPDATE opportunities SET owner_id = ${user.a} WHERE id = ${aDeal}`);
    await expectKept('deal back');
    await q(sql`UPDATE opportunities SET account_id = ${bens} WHERE id = ${aLoose}`);
    await expectKept('deal into an account');
    await q(sql`UPDATE opportunities SET account_id = NULL WHERE id = ${aLoose}`);
    await expectKept('deal out of it');
    const bTheirs = await addDeal(user.b, theirs, 'Theirs Inc');
    await expectKept('new deal');
    await q(sql`UPDATE opportunities SET stage = 'Negotiation' WHERE id = ${bTheirs}`);
    await expectKept('board move');

    // Committee places added and removed, through the API.
    ok(await m.post(`/api/opportunities/${aLoose}/committee`, { contact_id: dot, roles: ['champion'] }));
    await expectKept('committee add');
    ok(await m.delete(`/api/opportunities/${aLoose}/committee/${dot}`));
    await expectKept('committee remove');
    ok(await m.delete(`/api/opportunities/${aDeal}/committee/${cid}`));
    await expectKept('committee remove outside the account');

    // A contact renamed, out of its account (to its creator's own), into another.
    ok(await m.patch(`/api/contacts/${dot}`, { full_name: 'Aaron Renamed' }));
    await expectKept('rename');
    ok(await m.patch(`/api/contacts/${dot}`, { account_id: null }));
    await expectKept('contact out of its account');
    ok(await m.patch(`/api/contacts/${dot}`, { account_id: theirs }));
    await expectKept('contact into an account');
    ok(await m.patch(`/api/contacts/${dot}`, { email: 'aaron@renamed.test', title: 'Buyer' }));
    await expectKept('searched fields');

    // An account renamed and given a domain: the copies of both kept tables follow.
    ok(await m.patch(`/api/accounts/${theirs}`, { name: 'Theirs Renamed', domain: 'theirs.example' }));
    await expectKept('account renamed');
    expect(await expectSearched('renamed')).toBeGreaterThan(1);
    await expectAccountsListed('theirs.example');
    expect((await listed(repA)).items.map((c) => c.id)).toEqual((await byTheRule()).slice(0, 200));

    // Accounts merged and split, each undone.
    const merged = ok(await m.post(`/api/accounts/${theirs}/merge`, { from: [bens] }));
    await expectKept('merge');
    ok(await m.post(`/api/accounts/merges/${merged.change_id}/undo`));
    await expectKept('merge undone');
    const split = ok(await m.post(`/api/accounts/${theirs}/split`, { name: 'Split Off', deal_ids: [aDeal], contact_ids: [bea] }));
    await expectKept('split');
    ok(await m.post(`/api/accounts/merges/${split.change_id}/undo`));
    await expectKept('split undone');

    // A contact deleted and restored (with their committee places); a deal deleted and restored.
    ok(await m.delete(`/api/contacts/${bea}`));
    await expectKept('contact deleted');
    ok(await m.post(`/api/contacts/${bea}/restore`));
    await expectKept('contact restored');
    ok(await m.delete(`/api/opportunities/${aDeal}`));
    await expectKept('deal deleted');
    ok(await m.post(`/api/opportunities/${aDeal}/restore`));
    await expectKept('deal restored');

    // Erased on request: the record and its committee places go.
    ok(await m.post(`/api/contacts/${ivy}/erase`, { confirm: true }));
    await expectKept('erased');
    expect((await listed(repA)).items.map((c) => c.id)).toEqual((await byTheRule()).slice(0, 200));

    // Names several contacts share, case aside (contact_names, decision 055): counted, kept while one
    // contact has the name, gone with the statement that removes or renames the last.
    await q(sql`INSERT INTO contacts (full_name) VALUES ('Twin Name'), ('twin NAME'), ('Twin Other')`);
    await expectKept('shared names');
    await q(sql`UPDATE contacts SET full_name = 'TWIN NAME' WHERE full_name = 'Twin Name'`);
    await q(sql`UPDATE contacts SET full_name = full_name || ' Moved' WHERE full_name IN ('twin NAME', 'Twin Other')`);
    await expectKept('shared names renamed');
    await q(sql`DELETE FROM contacts WHERE full_name ILIKE 'twin % moved' OR full_name = 'TWIN NAME'`);
    await expectKept('shared names deleted');
    expect(await q(sql`SELECT 1 FROM contact_names WHERE sort_name LIKE 'twin %'`)).toEqual([]);
    // The last holder of a name removed in one transaction while another adds the name: the adding
    // fold waits for the name's row, then writes it again once the removal has committed.
    await q(sql`INSERT INTO contacts (full_name) VALUES ('Solo Name')`);
    await whileHolding(
      (tx) => tx.execute(sql`DELETE FROM contacts WHERE full_name = 'Solo Name'`),
      () => q(sql`INSERT INTO contacts (full_name) VALUES ('SOLO name')`),
    );
    await expectKept('a name removed and added at once');
    expect(await q(sql`SELECT contacts FROM contact_names WHERE sort_name = 'solo name'`)).toEqual([{ contacts: 1 }]);

    // Two transactions at once (on PostgreSQL): a contact joins an account while another transaction
    // opens that account to rep B with a deal. Each would miss the other's uncommitted row; the
    // deal's fold waits for the contact's lock on the account, then sees it.
    const late = await addAccount('Late Co');
    await whileHolding(
      (tx) => tx.execute(sql`INSERT INTO contacts (full_name, account_id) VALUES ('Lou Late', ${late})`),
      () => addDeal(user.b, late, 'Late Co'),
    );
    await expectKept('contact and deal written at once');

    // An account renamed in one transaction while another opens it to rep A with a first deal: the
    // deal's fold waits for the account's row, then copies the new name.
    const renamed = await addAccount('Before Rename');
    await addContact('Rhea Renamed Account', renamed, null);
    await whileHolding(
      (tx) => tx.execute(sql`UPDATE client_accounts SET name = 'After Rename' WHERE id = ${renamed}`),
      () => addDeal(user.a, renamed, 'After Rename'),
    );
    await expectKept('account renamed and opened at once');
    expect(
      (await q(sql`SELECT 1 FROM rep_contacts WHERE owner_id = ${user.b} AND contact_id = ${await idOf('Lou Late')}`)).length,
    ).toBe(1);

    // Rebuilt from the rows, then every committee and every deal truncated.
    await q(sql`DELETE FROM rep_contacts`);
    await q(sql`DELETE FROM contact_names`);
    await q(sql`SELECT read_models_rebuild()`);
    expect(await expectKept('rebuilt')).toBeGreaterThan(7);
    await q(sql`DELETE FROM deal_contacts WHERE opportunity_id = ${bTheirs}`);
    await q(sql`DELETE FROM opportunities WHERE id = ${bTheirs}`);
    await expectKept('bulk deletes');
    await q(sql`TRUNCATE deal_contacts`);
    await expectKept('committees truncated');
    await q(sql`TRUNCATE opportunities CASCADE`);
    // Only the contacts without an account are left to their creators.
    expect(await expectKept('deals truncated')).toBe(
      (
        await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts WHERE account_id IS NULL AND created_by IS NOT NULL`)
      )[0]!.n,
    );
  });

  it("searches the manager's contacts as the fields say, in order, with the total counted SEARCH_COUNT_AHEAD past the page", async () => {
    /** The manager's search for `text` against its rule over every contact, page by page. */
    const expectManagerSearched = async (text: string, page = 1, pageSize = 25) => {
      const pattern = likePattern(text);
      const all = (
        await q<{ id: number }>(
          sql`SELECT contacts.id FROM contacts LEFT JOIN client_accounts acc ON acc.id = contacts.account_id
            WHERE contacts.full_name ILIKE ${pattern} OR contacts.email ILIKE ${pattern} OR contacts.title ILIKE ${pattern}
              OR acc.name ILIKE ${pattern}
            ORDER BY lower(contacts.full_name), contacts.id`,
        )
      ).map((row) => row.id);
      const res = await manager.get(`/api/contacts?pageSize=${pageSize}&page=${page}&q=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      const offset = (page - 1) * pageSize;
      const bound = offset + SEARCH_COUNT_AHEAD;
      expect({
        text,
        page,
        ids: res.body.items.map((c: { id: number }) => c.id),
        total: res.body.total,
        capped: res.body.capped,
      }).toEqual({
        text,
        page,
        ids: all.slice(offset, offset + pageSize),
        total: Math.min(all.length, bound),
        capped: all.length > bound,
      });
      return all.length;
    };
    // A common word (found in the walk, and past the bound from the trigram index), a rare one, one
    // matched through the account's name only or through both (fields left NULL), nobody's, and texts
    // without a trigram (the walk alone).
    const partners = await addAccount('Qx Partners');
    await q(sql`UPDATE contacts SET account_id = ${partners} WHERE full_name LIKE 'Zz Many %'`);
    expect(await expectManagerSearched('many')).toBeGreaterThan(LIST_COUNT_AHEAD);
    for (const page of [2, 41, 42]) await expectManagerSearched('many', page);
    expect(await expectManagerSearched('many 0001', 2, 4)).toBe(10);
    expect(await expectManagerSearched('qx partners')).toBeGreaterThan(SEARCH_COUNT_AHEAD);
    const rossi = await addAccount('Rossi Group');
    for (const [name, account] of [
      ['Nell Null Fields', rossi],
      ['Bo Rossi', rossi],
      ['Cy Rossi Elsewhere', null],
    ] as const)
      await addContact(name, account, null);
    expect(await expectManagerSearched('rossi')).toBe(3);
    expect(await expectManagerSearched('qqq')).toBe(0);
    expect(await expectManagerSearched('ny')).toBeGreaterThan(SEARCH_COUNT_AHEAD);
    for (const text of ['o', 'zq', '50%', 'Loose\\Deal', 'bens ltd']) await expectManagerSearched(text);
    // Contacts before the matches in the list's order, more than the walk's budget: the count comes
    // from the trigram indexes, the page from the walk to its end (a common word) or from them (a rare one).
    await q(
      sql`INSERT INTO contacts (full_name, email) SELECT 'Aa Filler ' || lpad(g::text, 5, '0'), 'filler' || g || '@example.test' FROM generate_series(1, 4100) AS g`,
    );
    for (const page of [1, 3]) await expectManagerSearched('many', page);
    await expectManagerSearched('qx partners', 2);
    expect(await expectManagerSearched('many 0001')).toBe(10);
    expect(await expectManagerSearched('filler4099@')).toBe(1);
    await expectManagerSearched('qqq');
    await expectManagerSearched('ny', 2);
    // Past the walk's budget, matches by name (name by name from contact_names, decision 055) and by
    // title only, interleaved in the list's order, some by both (each once). 6,100 contacts before
    // them: more than the walk's budget for pages 1 and 2.
    await q(
      sql`INSERT INTO contacts (full_name) SELECT 'Aa Filler Two ' || lpad(g::text, 5, '0') FROM generate_series(1, 2000) AS g`,
    );
    await q(
      sql`INSERT INTO contacts (full_name, title) SELECT (ARRAY['Ab Hat', 'Ac Other', 'Ad Hat', 'Ae Other', 'Af Hat'])[1 + g % 5] || ' ' || lpad(g::text, 3, '0'),
        CASE WHEN g % 5 IN (1, 3) OR g % 7 = 0 THEN 'Hat maker' END FROM generate_series(1, 260) AS g`,
    );
    expect(await expectManagerSearched('hat')).toBeGreaterThan(SEARCH_COUNT_AHEAD + 25);
    for (const page of [2, 5, 11]) await expectManagerSearched('hat', page);
    expect(await expectManagerSearched('hat 25')).toBe(6);
    await q(sql`DELETE FROM contacts WHERE full_name ~ '^A[b-f] (Hat|Other) '`);
    await q(sql`DELETE FROM contacts WHERE full_name LIKE 'Aa Filler %'`);
  });
});
