-- What runs when a deal is written (and when an analysed call is), applied after every other file.
--
-- Each kept total is defined once, in its own file, by <name>_read_model(delta), which answers:
--   reads        the columns of the source table the fold reads;
--   fold         one statement over `delta`: the statement's rows, each with a sign (+1 written,
--                -1 removed); keys are upserted in sorted order, so concurrent writers lock summary
--                rows in one order, and a group whose delta is all zeros is not written;
--   cleanup      the rows the statement brought to zero, removed by the keys it took from (old_rows);
--                NULL when the total keeps no such rows;
--   on_truncate  what TRUNCATE of the source leaves.
-- install_fold_triggers turns the list of a source table's kept totals into one statement-level
-- trigger per operation, named after `prefix`:
--   <prefix>_on_insert    every fold over new_rows
--   <prefix>_on_update    one comparison of old and new rows on the columns each kept total reads,
--                         then the fold and cleanup of each kept total whose columns changed (a board
--                         move between open stages runs the stage totals, the forecast and the field
--                         values, not the eleven others)
--   <prefix>_on_delete    every fold over old_rows, each followed by its cleanup
--   <prefix>_on_truncate  every on_truncate
-- in the order of the list, so every writer takes its locks in that order.
--
-- Why the bodies are generated: a trigger function runs a static statement with a plan it makes once
-- per connection, where EXECUTE of the same text is planned on every write (about 3 ms of a board
-- move, docs/decisions/023). So each fold's text must stand in three trigger bodies and its rebuild;
-- generated here from the one definition, no aggregate is written twice. To read what runs:
--   SELECT pg_get_functiondef('summaries_on_update'::regproc);
--
-- The other triggers are plain and sit beside what they keep: deal-times.sql (before an update of a
-- deal), call-owners.sql (before a call is written), team-totals.sql (after a user is written),
-- rep-contacts.sql (after a committee place, a contact or an account is written), rep-accounts.sql
-- (after an account is written).
CREATE FUNCTION install_fold_triggers(source regclass, prefix text, read_models text[]) RETURNS void
LANGUAGE plpgsql AS $install$
DECLARE
  inserted constant text := 'SELECT 1 AS sign, * FROM new_rows';
  updated constant text := 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows';
  deleted constant text := 'SELECT -1 AS sign, * FROM old_rows';
  model text;
  ins record;
  upd record;
  del record;
  on_insert text := '';
  changed_flags text[] := '{}';
  on_update text := '';
  on_delete text := '';
  on_truncate text := '';
BEGIN
  FOREACH model IN ARRAY read_models LOOP
    EXECUTE format('SELECT * FROM %I($1)', model || '_read_model') INTO ins USING inserted;
    EXECUTE format('SELECT * FROM %I($1)', model || '_read_model') INTO upd USING updated;
    EXECUTE format('SELECT * FROM %I($1)', model || '_read_model') INTO del USING deleted;
    on_insert := on_insert || ins.fold || E';\n';
    -- A row whose id is on one side only counts as changed for every kept total.
    changed_flags := changed_flags || format('bool_or(n.id IS NULL OR o.id IS NULL OR ROW(%s) IS DISTINCT FROM ROW(%s)) AS %I',
      (SELECT string_agg('n.' || quote_ident(c), ', ') FROM unnest(upd.reads) c),
      (SELECT string_agg('o.' || quote_ident(c), ', ') FROM unnest(upd.reads) c), model);
    on_update := on_update || format(E'  IF changed.%I THEN\n%s;\n%s  END IF;\n', model, upd.fold, coalesce(upd.cleanup || E';\n', ''));
    on_delete := on_delete || del.fold || E';\n' || coalesce(del.cleanup || E';\n', '');
    on_truncate := on_truncate || ins.on_truncate || E';\n';
  END LOOP;

  EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', prefix || '_on_insert',
    E'BEGIN\n' || on_insert || E'RETURN NULL;\nEND');
  EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', prefix || '_on_update',
    format(E'DECLARE\n  changed record;\nBEGIN\n  SELECT %s\n  INTO changed FROM new_rows n FULL JOIN old_rows o ON o.id = n.id;\n%sRETURN NULL;\nEND',
      array_to_string(changed_flags, E',\n    '), on_update));
  EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', prefix || '_on_delete',
    E'BEGIN\n' || on_delete || E'RETURN NULL;\nEND');
  EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', prefix || '_on_truncate',
    E'BEGIN\n' || on_truncate || E'RETURN NULL;\nEND');

  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    prefix || '_insert', source, prefix || '_on_insert');
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    prefix || '_update', source, prefix || '_on_update');
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    prefix || '_delete', source, prefix || '_on_delete');
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    prefix || '_truncate', source, prefix || '_on_truncate');
END
$install$;

-- The kept totals of each source table, in the order their rows are locked. read_models_rebuild()
-- rebuilds them all, in the same order, and the others kept by triggers of their own file, from the
-- rows (after a bulk load with the triggers off, or to repair). A <name>_read_model defined in a file but missing here stops the step.
DO $install$
DECLARE
  deals constant text[] := ARRAY['rep_company_facts', 'rep_companies', 'rep_company_months', 'rep_meeting_days',
    'rep_field_values', 'team_summaries', 'member_totals', 'team_totals', 'rep_product_statuses', 'rep_stage_totals',
    'forecast_summaries', 'weekly_summaries', 'won_days', 'call_owners', 'rep_accounts', 'rep_contacts'];
  calls constant text[] := ARRAY['call_score_weeks'];
  -- Kept from other tables by triggers of their own file, rebuilt with the rest.
  others constant text[] := ARRAY['contact_names'];
  unlisted text;
BEGIN
  PERFORM install_fold_triggers('opportunities', 'summaries', deals);
  PERFORM install_fold_triggers('call_analyses', 'call_scores', calls);
  EXECUTE format('CREATE FUNCTION read_models_rebuild() RETURNS void LANGUAGE plpgsql AS %L',
    E'BEGIN\n' || (SELECT string_agg(format('  PERFORM %I();', m || '_rebuild'), E'\n') FROM unnest(deals || calls || others) m) || E'\nEND');
  SELECT string_agg(p.proname, ', ') INTO unlisted FROM pg_proc p
  WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE '%\_read\_model'
    AND p.proname <> ALL (SELECT m || '_read_model' FROM unnest(deals || calls) m);
  IF unlisted IS NOT NULL THEN
    RAISE EXCEPTION 'read models folded by no trigger (add them to a list in triggers.sql): %', unlisted;
  END IF;
END
$install$;
