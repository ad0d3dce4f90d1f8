-- rep_contacts: each contact a representative may see, with its sort name (lower(full_name)) and its
-- search text (rep_contacts_search_text: name, e-mail, title and account name, one line each), so
-- their contact list (contacts/queries.ts listContacts), searched or not, is one range of
-- rep_contacts_list_idx (owner_id, sort_name, contact_id) instead of every contact they may see,
-- sorted (issue 36, docs/decisions/046 and 047). The rule is accounts/scope.ts contactsVisibleTo: (owner, contact) is kept when
-- the owner has a live deal in the contact's account, or a live deal with the contact on its
-- committee, or created the contact and it has no account. A soft-deleted deal has left
-- `opportunities` and a deleted contact `contacts` (decisions 017, 040): neither opens anything.
--
-- Unlike the sums beside it, a pair's presence is not a sum of its rows' signs: it is recomputed.
-- Every write finds the pairs it may have changed and rep_contacts_refresh sets each to what the
-- rule says of the rows now (after the statement):
--   a deal written (owner_id, account_id: the fold below, run with the deals' other kept totals)
--     its owner, before and after, with the contacts of its account, before and after, and of its
--     committee;
--   a committee place written (deal_contacts, rep_contacts_on_committees) its deal's owner and the contact;
--   a contact written (account_id, created_by, full_name, email, title; contacts,
--     rep_contacts_on_contacts) every owner who sees it now or saw it before;
--   an account renamed (client_accounts, rep_contacts_on_accounts) the search text of its contacts'
--     rows.
-- Rebuilt by rep_contacts_rebuild().
--
-- Concurrent writers. A refresh reads rows other transactions may be changing, so two of them could
-- each miss the other's uncommitted row (a deal added to an account while a contact joins it). Each
-- path first locks what the other paths lock, in a statement of its own, so its reads come after
-- the other's commit: a deal's fold and a contact's write lock the accounts they touch (FOR NO KEY
-- UPDATE: the foreign keys' KEY SHARE still passes; a deal's fold also those of its committee's
-- contacts, whose account name it copies: rep_deal_accounts_lock, rep-accounts.sql); a committee
-- place locks its deal, its contact and the contact's account (FOR SHARE, against a deal's, a
-- contact's or an account's own update); an account's rename holds its row; and every refresh takes a
-- transaction lock per representative, so two deals or places of the same representative are
-- recomputed one after the other. Locks are taken in the order deal, contact, account.
-- What stays open: a deal's fold locks the account its committee's contact is in when the fold
-- starts; if that contact moves to another account, and that account is renamed, both concurrently
-- with the fold, the pair the fold adds may carry the former name until the contact's next write.

-- A contact's search text: what the list's search (`q`, single-line) matches in, one field per line,
-- so a match lies within one field as the search over `contacts` (name, e-mail, title, account name).
-- Kept in lower case and matched with `LIKE lower(pattern)`: in a UTF-8 database that is how
-- PostgreSQL evaluates ILIKE (like.c lowers both sides, then matches as LIKE), without lowering each
-- row's text on every search (a third of the search's time at 1 M deals).
CREATE FUNCTION rep_contacts_search_text(full_name text, email text, title text, account_name text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', full_name, email, title, account_name))
$$;

-- Each caller passes its pairs as two arrays (an empty set does not call it).
-- The pairs (owners[i], contact_ids[i]) set to the rule: removed where it no longer holds, added (or
-- their sort name updated) where it does. Keys are written in sorted order, as every fold does.
CREATE FUNCTION rep_contacts_refresh(owners text[], contact_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- One writer at a time per representative, in sorted order; the statement below then sees what the
  -- one before committed (see "Concurrent writers" above).
  PERFORM pg_advisory_xact_lock(hashtextextended('rep_contacts ' || o.owner_id, 0))
  FROM (SELECT DISTINCT owner_id FROM unnest(owners) AS u(owner_id) WHERE owner_id IS NOT NULL ORDER BY 1) o;
  WITH pairs AS (
    SELECT DISTINCT p.owner_id, p.contact_id FROM unnest(owners, contact_ids) AS p(owner_id, contact_id)
    WHERE p.owner_id IS NOT NULL AND p.contact_id IS NOT NULL
  ),
  seen AS (
    SELECT p.owner_id, c.id AS contact_id, lower(c.full_name) AS sort_name,
      rep_contacts_search_text(c.full_name, c.email, c.title, a.name) AS search
    FROM pairs p JOIN contacts c ON c.id = p.contact_id LEFT JOIN client_accounts a ON a.id = c.account_id
    WHERE EXISTS (SELECT 1 FROM opportunities o WHERE o.owner_id = p.owner_id AND o.account_id = c.account_id)
      OR EXISTS (SELECT 1 FROM deal_contacts dc JOIN opportunities o ON o.id = dc.opportunity_id
        WHERE dc.contact_id = c.id AND o.owner_id = p.owner_id)
      OR (c.account_id IS NULL AND c.created_by = p.owner_id)
  ),
  gone AS (
    DELETE FROM rep_contacts r USING pairs p
    WHERE r.owner_id = p.owner_id AND r.contact_id = p.contact_id
      AND NOT EXISTS (SELECT 1 FROM seen s WHERE s.owner_id = r.owner_id AND s.contact_id = r.contact_id)
  )
  INSERT INTO rep_contacts AS r (owner_id, contact_id, sort_name, search)
  SELECT owner_id, contact_id, sort_name, search FROM seen ORDER BY contact_id, owner_id
  ON CONFLICT (contact_id, owner_id) DO UPDATE SET sort_name = excluded.sort_name, search = excluded.search
  WHERE ROW(r.sort_name, r.search) IS DISTINCT FROM ROW(excluded.sort_name, excluded.search);
END
$$;

-- Every pair of the given contacts, as they are now and as they were (their rows here).
CREATE FUNCTION rep_contacts_refresh_contacts(contact_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rep_contacts_refresh(array_agg(p.owner_id), array_agg(p.contact_id)) FROM (
    SELECT r.owner_id, r.contact_id FROM rep_contacts r WHERE r.contact_id = ANY (contact_ids)
    UNION
    SELECT o.owner_id, c.id FROM contacts c JOIN opportunities o ON o.account_id = c.account_id
    WHERE c.id = ANY (contact_ids)
    UNION
    SELECT o.owner_id, dc.contact_id FROM deal_contacts dc JOIN opportunities o ON o.id = dc.opportunity_id
    WHERE dc.contact_id = ANY (contact_ids)
    UNION
    SELECT c.created_by, c.id FROM contacts c WHERE c.id = ANY (contact_ids) AND c.account_id IS NULL
  ) p HAVING count(*) > 0;
END
$$;

-- The deals' fold (listed in triggers.sql with the other kept totals of a deal): the deals whose
-- owner or account changed, that came or went, on both sides of the change; a board move's statement
-- skips it (neither column read).
CREATE FUNCTION rep_contacts_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,account_id}'::text[],
    rep_deal_accounts_lock(delta) || format($fold$;
    PERFORM rep_contacts_refresh(array_agg(p.owner_id), array_agg(p.contact_id)) FROM (
      WITH delta AS (%s),
      moved AS (
        SELECT id, owner_id, account_id FROM delta WHERE owner_id IS NOT NULL
        GROUP BY id, owner_id, account_id HAVING sum(sign) <> 0
      )
      SELECT m.owner_id, c.id AS contact_id FROM moved m JOIN contacts c ON c.account_id = m.account_id
      UNION
      SELECT m.owner_id, dc.contact_id FROM moved m JOIN deal_contacts dc ON dc.opportunity_id = m.id
    ) p HAVING count(*) > 0$fold$, delta),
    NULL,
    'PERFORM rep_contacts_rebuild()'
$$;

-- What a committee place's refresh reads that another writer may change: its deal (owner, account),
-- its contact (account, creator, searched fields) and the contact's account (its name).
CREATE FUNCTION rep_contacts_lock_committees(deal_ids integer[], contact_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM opportunities o WHERE o.id = ANY (deal_ids) ORDER BY o.id FOR SHARE;
  PERFORM 1 FROM contacts c WHERE c.id = ANY (contact_ids) ORDER BY c.id FOR SHARE;
  PERFORM 1 FROM client_accounts a WHERE a.id IN (SELECT c.account_id FROM contacts c WHERE c.id = ANY (contact_ids))
    ORDER BY a.id FOR SHARE;
END
$$;

-- The accounts a contact's write reads (before and after), locked against a deal's fold.
CREATE FUNCTION rep_contacts_lock_accounts(account_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM client_accounts a WHERE a.id = ANY (account_ids) ORDER BY a.id FOR NO KEY UPDATE;
END
$$;

-- A committee place written, removed or truncated.
CREATE FUNCTION rep_contacts_on_committees() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rep_contacts_lock_committees(ARRAY(SELECT opportunity_id FROM new_rows), ARRAY(SELECT contact_id FROM new_rows));
    PERFORM rep_contacts_refresh(array_agg(o.owner_id), array_agg(n.contact_id))
    FROM new_rows n JOIN opportunities o ON o.id = n.opportunity_id HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM rep_contacts_lock_committees(ARRAY(SELECT opportunity_id FROM old_rows), ARRAY(SELECT contact_id FROM old_rows));
    PERFORM rep_contacts_refresh(array_agg(o.owner_id), array_agg(d.contact_id))
    FROM old_rows d JOIN opportunities o ON o.id = d.opportunity_id HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A change of roles alone moves nothing.
    PERFORM rep_contacts_lock_committees(
      ARRAY(SELECT opportunity_id FROM new_rows UNION SELECT opportunity_id FROM old_rows),
      ARRAY(SELECT contact_id FROM new_rows UNION SELECT contact_id FROM old_rows));
    PERFORM rep_contacts_refresh(array_agg(o.owner_id), array_agg(w.contact_id)) FROM (
      (SELECT opportunity_id, contact_id FROM new_rows EXCEPT SELECT opportunity_id, contact_id FROM old_rows)
      UNION ALL
      (SELECT opportunity_id, contact_id FROM old_rows EXCEPT SELECT opportunity_id, contact_id FROM new_rows)
    ) w JOIN opportunities o ON o.id = w.opportunity_id HAVING count(*) > 0;
  ELSE
    PERFORM rep_contacts_rebuild();
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER rep_contacts_committees_insert AFTER INSERT ON deal_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_committees();
CREATE TRIGGER rep_contacts_committees_update AFTER UPDATE ON deal_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_committees();
CREATE TRIGGER rep_contacts_committees_delete AFTER DELETE ON deal_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_committees();
CREATE TRIGGER rep_contacts_committees_truncate AFTER TRUNCATE ON deal_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_committees();

-- A contact written (on the columns the rule or the order reads), removed (deleted, erased, merged
-- away: its committee places go with it) or truncated.
CREATE FUNCTION rep_contacts_on_contacts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rep_contacts_lock_accounts(ARRAY(SELECT DISTINCT account_id FROM new_rows WHERE account_id IS NOT NULL));
    PERFORM rep_contacts_refresh_contacts(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM rep_contacts_lock_accounts(ARRAY(SELECT DISTINCT account_id FROM old_rows WHERE account_id IS NOT NULL));
    DELETE FROM rep_contacts r WHERE r.contact_id = ANY (ARRAY(SELECT id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the contacts whose account, creator or searched fields changed (a trigger with transition
    -- tables cannot be limited to columns).
    changed := ARRAY(
      SELECT id FROM (
        (SELECT id, account_id, created_by, full_name, email, title FROM new_rows
          EXCEPT SELECT id, account_id, created_by, full_name, email, title FROM old_rows)
        UNION
        (SELECT id, account_id, created_by, full_name, email, title FROM old_rows
          EXCEPT SELECT id, account_id, created_by, full_name, email, title FROM new_rows)
      ) c);
    IF cardinality(changed) > 0 THEN
      PERFORM rep_contacts_lock_accounts(ARRAY(
        SELECT account_id FROM new_rows WHERE id = ANY (changed) AND account_id IS NOT NULL
        UNION
        SELECT account_id FROM old_rows WHERE id = ANY (changed) AND account_id IS NOT NULL));
      PERFORM rep_contacts_refresh_contacts(changed);
    END IF;
  ELSE
    DELETE FROM rep_contacts;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER rep_contacts_contacts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_contacts();
CREATE TRIGGER rep_contacts_contacts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_contacts();
CREATE TRIGGER rep_contacts_contacts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_contacts();
CREATE TRIGGER rep_contacts_contacts_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_contacts();

-- An account renamed: the search text of its contacts' rows (the update holds the account's row).
CREATE FUNCTION rep_contacts_on_accounts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rep_contacts r SET search = rep_contacts_search_text(c.full_name, c.email, c.title, n.name)
  FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.name IS DISTINCT FROM n.name
    JOIN contacts c ON c.account_id = n.id
  WHERE r.contact_id = c.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER rep_contacts_accounts_update AFTER UPDATE ON client_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_contacts_on_accounts();

-- Every pair from the rows: the owners of the deals in each contact's account, of the deals on whose
-- committee it sits, and the creator of a contact without an account.
CREATE FUNCTION rep_contacts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_contacts;
  INSERT INTO rep_contacts (owner_id, contact_id, sort_name, search)
  SELECT p.owner_id, c.id, lower(c.full_name), rep_contacts_search_text(c.full_name, c.email, c.title, a.name) FROM (
    SELECT v.owner_id, c.id AS contact_id FROM (
      SELECT DISTINCT o.owner_id, o.account_id FROM opportunities o WHERE o.owner_id IS NOT NULL AND o.account_id IS NOT NULL
    ) v JOIN contacts c ON c.account_id = v.account_id
    UNION
    SELECT o.owner_id, dc.contact_id FROM deal_contacts dc JOIN opportunities o ON o.id = dc.opportunity_id
    WHERE o.owner_id IS NOT NULL
    UNION
    SELECT c.created_by, c.id FROM contacts c WHERE c.account_id IS NULL AND c.created_by IS NOT NULL
  ) p JOIN contacts c ON c.id = p.contact_id LEFT JOIN client_accounts a ON a.id = c.account_id;
END
$$;
