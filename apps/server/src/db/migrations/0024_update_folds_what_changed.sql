-- A board move (an open deal to another open stage) ran every summary's fold: thirteen statements
-- of migrations 0020/0021, eight of 0007 and two of 0022, in three trigger functions, each over
-- the transition tables — more than half of the database's time per move, though a stage change
-- can alter only the stage totals, the forecast and the field values (the status text). Here one
-- trigger function serves every UPDATE: it first compares old and new rows once on the columns each
-- summary reads, then runs the folds (and their cleanups) of the summaries whose inputs changed.
-- Its text is generated from the folds as they are defined (summaries_fold_body of 0020/0021, the
-- body of 0007's update function, the statement functions of 0022), so no aggregate is written
-- twice; a statement whose target has no inputs listed below stops this migration.
--
-- A migration that changes a fold regenerates it: EXECUTE format('CREATE OR REPLACE FUNCTION
-- summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS %L', summaries_update_body()).

-- What each summary reads of a deal (the columns of opportunities its fold uses).
CREATE FUNCTION summary_inputs() RETURNS TABLE (summary text, columns text[]) LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('team_summaries', '{owner_id,outcome,amount,technical_scoring,commercial_scoring,closing_date,record_date}'::text[]),
    ('rep_product_statuses', '{owner_id,product,outcome}'),
    ('rep_stage_totals', '{owner_id,stage,amount}'),
    ('forecast_summaries', '{owner_id,closing_quarter,stage,forecast_group,outcome,amount}'),
    ('weekly_summaries', '{owner_id,record_date,amount,closing_date,outcome}'),
    ('won_days', '{owner_id,closing_date,outcome,amount}'),
    ('call_analyses', '{owner_id}'),
    ('rep_companies', '{owner_id,client_company_name}'),
    ('rep_company_months', '{owner_id,client_company_name,record_date}'),
    ('rep_meeting_days', '{owner_id,next_meeting_date,lead_status}'),
    ('rep_field_values', '{owner_id,product,status,lead_status,company_industry}'),
    ('rep_company_facts', '{owner_id,client_company_name,product,client_name,lead_status,company_industry,amount}')
$$;
--> statement-breakpoint
-- The statements of every UPDATE fold, in the order the three trigger functions ran them (by
-- trigger name: 0022's, 0007's, then 0020/0021's), each with the summary it writes. Statements end
-- at ';' (none of their texts holds one elsewhere); comments are dropped first.
CREATE FUNCTION summary_fold_statements() RETURNS TABLE (n bigint, statement text, summary text) LANGUAGE sql STABLE AS $$
  WITH sources(text) AS (
    SELECT concat_ws(E';\n',
      rep_company_facts_statement(d.delta), rep_company_facts_cleanup(),
      substring((SELECT prosrc FROM pg_proc WHERE proname = 'rep_dashboard_summaries_on_update') FROM d.wrapper),
      substring(summaries_fold_body(d.delta, true) FROM d.wrapper))
    FROM (VALUES ('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows',
      '^\s*BEGIN\s+(.*)RETURN NULL;\s*END\s*$')) AS d(delta, wrapper)
  )
  SELECT t.n, btrim(t.s, E' \n\t'), substring(t.s FROM '(?:INSERT INTO|DELETE FROM|UPDATE)\s+(\w+)')
  FROM sources, regexp_split_to_table(regexp_replace(sources.text, '--[^\n]*', '', 'g'), ';') WITH ORDINALITY AS t(s, n)
  WHERE t.s ~ '\S'
$$;
--> statement-breakpoint
-- The UPDATE trigger's body: one comparison of old and new rows (a row whose id is on one side only
-- counts as changed for every summary), then per summary, if its inputs changed, its statements.
-- Summaries keep the order in which they were first written (and each its keys' order), so
-- concurrent writers still lock summary rows in one order.
CREATE FUNCTION summaries_update_body() RETURNS text LANGUAGE plpgsql STABLE AS $body$
DECLARE
  unknown text;
  flags text;
  blocks text;
BEGIN
  SELECT string_agg(DISTINCT coalesce(f.summary, left(f.statement, 60)), ', ') INTO unknown
  FROM summary_fold_statements() f LEFT JOIN summary_inputs() i USING (summary) WHERE i.summary IS NULL;
  IF unknown IS NOT NULL THEN
    RAISE EXCEPTION 'summaries_update_body: no inputs listed for %', unknown;
  END IF;
  WITH folds AS (
    SELECT f.summary, min(f.n) AS first, string_agg(f.statement, E';\n' ORDER BY f.n) AS statements
    FROM summary_fold_statements() f GROUP BY f.summary
  )
  SELECT
    string_agg(format('bool_or(n.id IS NULL OR o.id IS NULL OR ROW(%s) IS DISTINCT FROM ROW(%s)) AS %I',
      (SELECT string_agg('n.' || c, ', ') FROM unnest(i.columns) c),
      (SELECT string_agg('o.' || c, ', ') FROM unnest(i.columns) c), i.summary), E',\n    ' ORDER BY folds.first),
    string_agg(format(E'  IF changed.%I THEN\n%s;\n  END IF;', i.summary, folds.statements), E'\n' ORDER BY folds.first)
  INTO flags, blocks
  FROM folds JOIN summary_inputs() i USING (summary);
  RETURN format(E'DECLARE\n  changed record;\nBEGIN\n  SELECT %s\n  INTO changed FROM new_rows n FULL JOIN old_rows o ON o.id = n.id;\n%s\n  RETURN NULL;\nEND',
    flags, blocks);
END
$body$;
--> statement-breakpoint
DO $do$
BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_update_body());
END
$do$;
--> statement-breakpoint
-- Their folds now run in summaries_on_update. rep_dashboard_summaries_on_update stays, unattached:
-- it is where 0007's folds are written, and summaries_update_body reads them from it.
DROP TRIGGER rep_dashboard_summaries_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_company_facts_update ON opportunities;
--> statement-breakpoint
DROP FUNCTION rep_company_facts_on_update();
