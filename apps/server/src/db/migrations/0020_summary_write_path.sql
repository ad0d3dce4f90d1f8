-- The write path of the summaries (a board move is answered in 25 ms at 20 users). The summaries
-- of migrations 0013, 0017 and 0019 were folded by three trigger functions per statement that
-- built their SQL as text and ran it with EXECUTE: planned again on every write, about 3 ms of a
-- move. Here one trigger function per operation runs every fold as static SQL, planned once per
-- session; its text is still generated from the one definition of each aggregate (the
-- *_statement functions, which the rebuilds use too), so the aggregate is written once.
-- Groups whose delta is all zeros (a move between two open stages leaves the owner's open total
-- as it was) are not written, so they take no lock; zero rows are removed for the keys the
-- statement took from only, not by a scan of the whole summary.
CREATE OR REPLACE FUNCTION team_summaries_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO team_summaries AS s (owner_key, outcome, deals, amount_sum, technical_sum, technical_count,
      commercial_sum, commercial_count, cycle_days_sum, cycle_count)
    SELECT owner_key, outcome, deals, amount_sum, technical_sum, technical_count, commercial_sum, commercial_count,
      cycle_days_sum, cycle_count
    FROM (
      SELECT coalesce(owner_id, '') AS owner_key, outcome,
        sum(sign) AS deals,
        coalesce(sum(sign * amount), 0) AS amount_sum,
        coalesce(sum(sign * technical_scoring::numeric), 0) AS technical_sum,
        coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0) AS technical_count,
        coalesce(sum(sign * commercial_scoring::numeric), 0) AS commercial_sum,
        coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0) AS commercial_count,
        coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
          FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_days_sum,
        coalesce(sum(sign) FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_count
      FROM delta
      GROUP BY 1, 2
    ) g
    WHERE (deals, amount_sum, technical_sum, technical_count, commercial_sum, commercial_count, cycle_days_sum, cycle_count)
      <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT (owner_key, outcome) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$q$, delta)
$$;
--> statement-breakpoint
-- The rows a statement may have brought to zero, removed by the keys it took from (old_rows).
CREATE FUNCTION summaries_cleanup_statements() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    DELETE FROM team_summaries s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, outcome FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.outcome = k.outcome AND s.deals = 0;
    DELETE FROM rep_product_statuses s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, coalesce(product, '') AS product, outcome FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.product = k.product AND s.outcome = k.outcome AND s.deals = 0;
    DELETE FROM rep_stage_totals s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, stage FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.stage = k.stage AND s.deals = 0;
    DELETE FROM forecast_summaries s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, closing_quarter, stage, forecast_group FROM old_rows
      WHERE outcome = 'open' AND closing_quarter IS NOT NULL) k
    WHERE s.owner_key = k.owner_key AND s.quarter = k.closing_quarter AND s.stage = k.stage
      AND s.forecast_group = k.forecast_group AND s.deals = 0 AND s.amount_sum = 0;
    DELETE FROM weekly_summaries s
    USING (
      SELECT coalesce(owner_id, '') AS owner_key, date_trunc('week', record_date AT TIME ZONE 'UTC')::date AS week FROM old_rows
      UNION
      SELECT coalesce(owner_id, ''), date_trunc('week', closing_date::timestamp)::date FROM old_rows
      WHERE outcome <> 'open' AND closing_date IS NOT NULL
    ) k
    WHERE s.owner_key = k.owner_key AND s.week = k.week
      AND s.created_deals = 0 AND s.won_deals = 0 AND s.lost_deals = 0 AND s.cycle_count = 0;
  $q$
$$;
--> statement-breakpoint
-- The body of the trigger function for one operation: every fold over `delta`, then the cleanup.
CREATE FUNCTION summaries_fold_body(delta text, cleanup boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(E';\n', 'BEGIN ' || team_summaries_statement(delta), rep_product_statuses_statement(delta),
    rep_stage_totals_statement(delta), forecast_summaries_statement(delta), weekly_summaries_statement(delta))
    || E';\n' || CASE WHEN cleanup THEN summaries_cleanup_statements() ELSE '' END || E'\nRETURN NULL;\nEND'
$$;
--> statement-breakpoint
DO $do$
BEGIN
  EXECUTE format('CREATE FUNCTION summaries_on_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT 1 AS sign, * FROM new_rows', false));
  EXECUTE format('CREATE FUNCTION summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows', true));
  EXECUTE format('CREATE FUNCTION summaries_on_delete() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT -1 AS sign, * FROM old_rows', true));
END
$do$;
--> statement-breakpoint
DROP TRIGGER pipeline_summaries_insert ON opportunities;
--> statement-breakpoint
DROP TRIGGER pipeline_summaries_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER pipeline_summaries_delete ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_stage_totals_insert ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_stage_totals_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_stage_totals_delete ON opportunities;
--> statement-breakpoint
DROP TRIGGER insight_summaries_insert ON opportunities;
--> statement-breakpoint
DROP TRIGGER insight_summaries_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER insight_summaries_delete ON opportunities;
--> statement-breakpoint
DROP FUNCTION pipeline_summaries_fold(), rep_stage_totals_fold(), insight_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER summaries_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summaries_on_insert();
--> statement-breakpoint
CREATE TRIGGER summaries_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summaries_on_update();
--> statement-breakpoint
CREATE TRIGGER summaries_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summaries_on_delete();
