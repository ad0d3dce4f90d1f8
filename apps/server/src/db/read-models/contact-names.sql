-- contact_names: each sort name (lower(full_name)) some contact has, with how many contacts have it
-- (docs/decisions/055). A manager's contact search (contacts/queries.ts listContacts) finds the names
-- its text matches here, from contact_names_trgm_idx over a few distinct names, in the list's order,
-- and reads each one's contacts from contacts_name_idx in order with a limit: a page of a common name
-- is a few index entries instead of every contact that has it, sorted (issue 36).
--
-- A sum of the contacts' rows, folded by each statement that writes contacts: +1 per name written, -1
-- per name removed, an update counted as its old row removed and its new one written (a change that
-- keeps the sort name folds nothing). The same statement deletes a name whose count reaches 0, so a
-- name no contact has (a contact deleted, erased or renamed) is gone with the write that removed it
-- (test/privacy-erasure.test.ts reads every table). A contact deleted with undo has left `contacts`
-- (decision 040): its name counts again when it comes back.
--
-- Concurrent writers. The upsert locks each name's row (in sorted order) until the transaction ends,
-- so two writers of one name fold one after the other, and one that adds a name after another removed
-- its last contact inserts it again (ON CONFLICT sees the deletion once committed).
-- Rebuilt by contact_names_rebuild().

-- Folds the names (with their signs) into the counts and removes those that reach 0.
CREATE FUNCTION contact_names_fold(names text[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  WITH delta AS (
    SELECT d.sort_name, sum(d.sign)::integer AS n FROM unnest(names, signs) AS d(sort_name, sign)
    GROUP BY d.sort_name HAVING sum(d.sign) <> 0
  ),
  written AS (
    INSERT INTO contact_names AS k (sort_name, contacts)
    SELECT sort_name, n FROM delta ORDER BY sort_name
    ON CONFLICT (sort_name) DO UPDATE SET contacts = k.contacts + excluded.contacts
    RETURNING k.sort_name, k.contacts
  )
  SELECT array_agg(sort_name) INTO touched FROM written WHERE contacts <= 0;
  IF touched IS NOT NULL THEN
    DELETE FROM contact_names k WHERE k.sort_name = ANY (touched) AND k.contacts <= 0;
  END IF;
END
$$;

-- A contact written (its name), removed (deleted, erased, merged away) or truncated.
CREATE FUNCTION contact_names_on_contacts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contact_names_fold(array_agg(lower(n.full_name)), array_agg(1)) FROM new_rows n HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contact_names_fold(array_agg(lower(o.full_name)), array_agg(-1)) FROM old_rows o HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old rows removed, new rows written: a name an update keeps sums to 0 and the fold skips it.
    PERFORM contact_names_fold(array_agg(c.sort_name), array_agg(c.sign)) FROM (
      SELECT lower(n.full_name) AS sort_name, 1 AS sign FROM new_rows n
      UNION ALL
      SELECT lower(o.full_name), -1 FROM old_rows o
    ) c HAVING count(*) > 0;
  ELSE
    DELETE FROM contact_names;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER contact_names_contacts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_names_on_contacts();
CREATE TRIGGER contact_names_contacts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_names_on_contacts();
CREATE TRIGGER contact_names_contacts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_names_on_contacts();
CREATE TRIGGER contact_names_contacts_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_names_on_contacts();

-- Every sort name from the rows, with its count.
CREATE FUNCTION contact_names_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_names;
  INSERT INTO contact_names (sort_name, contacts)
  SELECT lower(c.full_name), count(*)::integer FROM contacts c GROUP BY 1 ORDER BY 1;
END
$$;
