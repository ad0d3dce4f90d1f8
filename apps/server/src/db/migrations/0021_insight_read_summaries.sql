-- The manager's insights within 40 ms at 1 M deals (issue 21, docs/decisions/022). Profiled on
-- PostgreSQL with 1 M deals, 50 representatives and 50 000 analysed calls, three reads grew with the
-- rows: the forecast's won-so-far (every won deal of the quarter read from the index, per owner),
-- the trends' call scores (every analysis of 13 weeks, its JSON read at request time) and coaching
-- (a representative's latest calls found through their 20 000 deals). Each now reads a summary or
-- an index kept on write:
--   won_days          won deals per closing day and owner, folded by the opportunities' statement
--                     triggers like the other summaries (migration 0020);
--   call_analyses.owner_key
--                     the deal's owner ('' none) on each analysed call, NULL when the deal is gone
--                     (soft-deleted, truncated): set on insert, moved by the opportunities' fold when
--                     a deal changes owner, is deleted or comes back;
--   call_score_weeks  call scores per owner and week (Monday, UTC), kept by statement triggers on
--                     call_analyses, so an owner change of a deal moves its calls' scores too.

CREATE TABLE won_days (
  day date NOT NULL,
  owner_key text NOT NULL,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  CONSTRAINT won_days_pk PRIMARY KEY (day, owner_key)
);
--> statement-breakpoint
CREATE FUNCTION won_days_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO won_days AS s (day, owner_key, deals, amount_sum)
    SELECT closing_date, coalesce(owner_id, ''), sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    WHERE outcome = 'won' AND closing_date IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (day, owner_key) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$q$, delta)
$$;
--> statement-breakpoint
-- The days a statement may have brought to zero, removed by the keys it took from.
CREATE FUNCTION won_days_cleanup_statement() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    DELETE FROM won_days s
    USING (SELECT DISTINCT closing_date AS day, coalesce(owner_id, '') AS owner_key FROM old_rows
      WHERE outcome = 'won' AND closing_date IS NOT NULL) k
    WHERE s.day = k.day AND s.owner_key = k.owner_key AND s.deals = 0 AND s.amount_sum = 0;
  $q$
$$;
--> statement-breakpoint
ALTER TABLE call_analyses ADD COLUMN owner_key text;
--> statement-breakpoint
UPDATE call_analyses c SET owner_key = coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = c.opportunity_id;
--> statement-breakpoint
-- Coaching: a representative's latest calls, newest first, in index order.
CREATE INDEX call_analyses_owner_created_idx ON call_analyses (owner_key, created_at DESC) WHERE owner_key IS NOT NULL;
--> statement-breakpoint
-- A new call takes its deal's owner. The deal's row is share-locked until the call commits, so an
-- owner change waits for it and then moves it (the fold below sees the committed call).
CREATE FUNCTION call_analyses_take_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_key := (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = NEW.opportunity_id FOR SHARE);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER call_analyses_take_owner BEFORE INSERT OR UPDATE OF opportunity_id ON call_analyses
  FOR EACH ROW EXECUTE FUNCTION call_analyses_take_owner();
--> statement-breakpoint
-- The calls of the deals whose owner changed, that were deleted or that came (back): their
-- owner_key set to the deal's owner now (NULL when it is gone). The calls are found through
-- call_analyses_opportunity_idx whatever the statement's size (an array, not a join the plan
-- cached for a bulk statement could turn into a scan); a board move's delta gives an empty array.
CREATE FUNCTION call_owners_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    UPDATE call_analyses c SET owner_key = (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = c.opportunity_id)
    WHERE c.opportunity_id = ANY (ARRAY(
        SELECT id FROM delta GROUP BY id
        HAVING sum(sign) <> 0 OR min(coalesce(owner_id, '')) <> max(coalesce(owner_id, ''))))
      AND c.owner_key IS DISTINCT FROM (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = c.opportunity_id)$q$,
    delta)
$$;
--> statement-breakpoint
-- Every fold of migration 0020, the won days and the calls' owners, then the cleanups.
CREATE OR REPLACE FUNCTION summaries_fold_body(delta text, cleanup boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(E';\n', 'BEGIN ' || team_summaries_statement(delta), rep_product_statuses_statement(delta),
    rep_stage_totals_statement(delta), forecast_summaries_statement(delta), weekly_summaries_statement(delta),
    won_days_statement(delta), call_owners_statement(delta))
    || E';\n' || CASE WHEN cleanup THEN summaries_cleanup_statements() || won_days_cleanup_statement() ELSE '' END
    || E'\nRETURN NULL;\nEND'
$$;
--> statement-breakpoint
DO $do$
BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT 1 AS sign, * FROM new_rows', false));
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows', true));
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_delete() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT -1 AS sign, * FROM old_rows', true));
END
$do$;
--> statement-breakpoint
CREATE FUNCTION insight_reads_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM won_days;
  UPDATE call_analyses SET owner_key = NULL WHERE owner_key IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_reads_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION insight_reads_on_truncate();
--> statement-breakpoint
CREATE TABLE call_score_weeks (
  owner_key text NOT NULL,
  week date NOT NULL,
  calls bigint DEFAULT 0 NOT NULL,
  technical_sum numeric DEFAULT 0 NOT NULL,
  technical_count bigint DEFAULT 0 NOT NULL,
  commercial_sum numeric DEFAULT 0 NOT NULL,
  commercial_count bigint DEFAULT 0 NOT NULL,
  CONSTRAINT call_score_weeks_pk PRIMARY KEY (owner_key, week)
);
--> statement-breakpoint
-- A score counts when the analysis holds a number there (as weeklyCallScores read it before).
CREATE FUNCTION call_score_weeks_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s),
    scored AS (
      SELECT sign, owner_key, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week,
        CASE WHEN jsonb_typeof(result #> '{technicalScore,score}') = 'number' THEN (result #>> '{technicalScore,score}')::numeric END AS technical,
        CASE WHEN jsonb_typeof(result #> '{commercialScore,score}') = 'number' THEN (result #>> '{commercialScore,score}')::numeric END AS commercial
      FROM delta WHERE owner_key IS NOT NULL
    )
    INSERT INTO call_score_weeks AS s (owner_key, week, calls, technical_sum, technical_count, commercial_sum, commercial_count)
    SELECT owner_key, week, sum(sign), coalesce(sum(sign * technical), 0), coalesce(sum(sign) FILTER (WHERE technical IS NOT NULL), 0),
      coalesce(sum(sign * commercial), 0), coalesce(sum(sign) FILTER (WHERE commercial IS NOT NULL), 0)
    FROM scored
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * technical), 0) <> 0 OR coalesce(sum(sign * commercial), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, week) DO UPDATE SET
      calls = s.calls + excluded.calls,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION call_score_weeks_body(delta text, cleanup boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'BEGIN ' || call_score_weeks_statement(delta) || E';\n' || CASE WHEN cleanup THEN $q$
    DELETE FROM call_score_weeks s
    USING (SELECT DISTINCT owner_key, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week FROM old_rows
      WHERE owner_key IS NOT NULL) k
    WHERE s.owner_key = k.owner_key AND s.week = k.week AND s.calls = 0;
  $q$ ELSE '' END || E'\nRETURN NULL;\nEND'
$$;
--> statement-breakpoint
DO $do$
BEGIN
  EXECUTE format('CREATE FUNCTION call_scores_on_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    call_score_weeks_body('SELECT 1 AS sign, * FROM new_rows', false));
  EXECUTE format('CREATE FUNCTION call_scores_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    call_score_weeks_body('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows', true));
  EXECUTE format('CREATE FUNCTION call_scores_on_delete() RETURNS trigger LANGUAGE plpgsql AS %L',
    call_score_weeks_body('SELECT -1 AS sign, * FROM old_rows', true));
END
$do$;
--> statement-breakpoint
CREATE FUNCTION call_scores_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_score_weeks;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER call_scores_insert AFTER INSERT ON call_analyses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_scores_on_insert();
--> statement-breakpoint
CREATE TRIGGER call_scores_update AFTER UPDATE ON call_analyses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_scores_on_update();
--> statement-breakpoint
CREATE TRIGGER call_scores_delete AFTER DELETE ON call_analyses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_scores_on_delete();
--> statement-breakpoint
CREATE TRIGGER call_scores_truncate AFTER TRUNCATE ON call_analyses
  FOR EACH STATEMENT EXECUTE FUNCTION call_scores_on_truncate();
--> statement-breakpoint
-- Recomputes the insights' summaries from the rows: after a bulk load with the triggers off, or to repair.
CREATE OR REPLACE FUNCTION insight_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM forecast_summaries;
  DELETE FROM weekly_summaries;
  DELETE FROM won_days;
  DELETE FROM call_score_weeks;
  EXECUTE forecast_summaries_statement('SELECT 1 AS sign, * FROM opportunities');
  EXECUTE weekly_summaries_statement('SELECT 1 AS sign, * FROM opportunities');
  EXECUTE won_days_statement('SELECT 1 AS sign, * FROM opportunities');
  UPDATE call_analyses c SET owner_key = coalesce(d.owner_id, '') FROM opportunities d
  WHERE d.id = c.opportunity_id AND c.owner_key IS DISTINCT FROM coalesce(d.owner_id, '');
  UPDATE call_analyses c SET owner_key = NULL
  WHERE c.owner_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM opportunities d WHERE d.id = c.opportunity_id);
  DELETE FROM call_score_weeks;
  EXECUTE call_score_weeks_statement('SELECT 1 AS sign, * FROM call_analyses');
END
$$;
--> statement-breakpoint
SELECT insight_summaries_rebuild();
