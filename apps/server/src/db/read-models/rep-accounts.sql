-- rep_accounts: each account a representative may see, with the number of their live deals in it and
-- copies of what the account list sorts and searches on (name, domain, created_at, live = not merged
-- away), so their account list (accounts/queries.ts listAccounts) is one range of rep_accounts_name_idx
-- or rep_accounts_created_idx instead of the accounts of every deal they own (issue 36,
-- docs/decisions/047). The rule is accounts/scope.ts accountsVisibleTo: (owner, account) is kept while
-- the owner has a live deal in the account (a soft-deleted deal has left `opportunities`, decision 017).
-- That is a count, so it is folded with the deals' other kept totals (a row per owner and account,
-- removed at zero); the copies follow the account's own writes (rep_accounts_on_accounts below).
-- Rebuilt by rep_accounts_rebuild().
--
-- Concurrent writers. The fold copies the account's columns as it adds a row, while an account's
-- update rewrites the copies of the rows it sees: each first locks the account (the fold FOR NO KEY
-- UPDATE, the same lock rep-contacts.sql's fold takes, by rep_deal_accounts_lock; the update holds its
-- row), so one runs after the other's commit and neither misses the other's row.

-- The accounts a deals' fold of this file or of rep-contacts.sql reads (the deals' accounts, and those
-- of their committees' contacts, whose search text carries their account's name), locked in one
-- statement in id order, so two writers never take them in opposite orders. Both folds run this same
-- statement; the second finds them held.
CREATE FUNCTION rep_deal_accounts_lock(delta text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format($lock$
    PERFORM 1 FROM client_accounts a WHERE a.id IN (
      SELECT d.account_id FROM (%s) d
      UNION
      SELECT c.account_id FROM (%s) d JOIN deal_contacts dc ON dc.opportunity_id = d.id JOIN contacts c ON c.id = dc.contact_id
    ) ORDER BY a.id FOR NO KEY UPDATE$lock$, delta, delta)
$$;

CREATE FUNCTION rep_accounts_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,account_id}'::text[],
    rep_deal_accounts_lock(delta) || format($fold$;
    WITH delta AS (%s)
    INSERT INTO rep_accounts AS r (owner_id, account_id, deals, name, domain, created_at, live)
    SELECT d.owner_id, d.account_id, d.deals, a.name, a.domain, a.created_at, a.merged_into_id IS NULL
    FROM (
      SELECT owner_id, account_id, sum(sign)::int AS deals FROM delta
      WHERE owner_id IS NOT NULL AND account_id IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign) <> 0
    ) d JOIN client_accounts a ON a.id = d.account_id
    ORDER BY d.account_id, d.owner_id
    ON CONFLICT (account_id, owner_id) DO UPDATE SET deals = r.deals + excluded.deals$fold$, delta),
    $cleanup$
    DELETE FROM rep_accounts r
    USING (SELECT DISTINCT owner_id, account_id FROM old_rows WHERE owner_id IS NOT NULL AND account_id IS NOT NULL) k
    WHERE r.account_id = k.account_id AND r.owner_id = k.owner_id AND r.deals = 0$cleanup$,
    'DELETE FROM rep_accounts'
$$;

-- An account renamed, given a domain, merged away or back: its rows' copies follow (the update holds
-- the account's row, see "Concurrent writers").
CREATE FUNCTION rep_accounts_on_accounts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rep_accounts r
  SET name = n.name, domain = n.domain, created_at = n.created_at, live = n.merged_into_id IS NULL
  FROM new_rows n
  WHERE r.account_id = n.id
    AND ROW(r.name, r.domain, r.created_at, r.live) IS DISTINCT FROM ROW(n.name, n.domain, n.created_at, n.merged_into_id IS NULL);
  RETURN NULL;
END
$$;

CREATE TRIGGER rep_accounts_accounts_update AFTER UPDATE ON client_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_accounts_on_accounts();

CREATE FUNCTION rep_accounts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_accounts;
  INSERT INTO rep_accounts (owner_id, account_id, deals, name, domain, created_at, live)
  SELECT d.owner_id, d.account_id, d.deals, a.name, a.domain, a.created_at, a.merged_into_id IS NULL
  FROM (
    SELECT owner_id, account_id, count(*)::int AS deals FROM opportunities
    WHERE owner_id IS NOT NULL AND account_id IS NOT NULL GROUP BY 1, 2
  ) d JOIN client_accounts a ON a.id = d.account_id;
END
$$;
