-- The manager's dashboard ranked every representative on each request: it grouped team_summaries
-- (three rows per owner) into members and ranked them all, so its cost grew with the team (25 ms
-- p95 at 50 representatives, 101 ms at 500). member_totals keeps one row per owner with the same
-- sums split by outcome, folded by the same statement triggers as the other summaries, and its
-- indexes give the most sales and the best score averages in index order: the dashboard reads its
-- top representatives and its leaders, never the whole team. team_summaries stays: the win-rate
-- view and the representative's dashboard read it by outcome. The team's cards (deals, amount,
-- representatives) come from team_totals: a handful of rows, one per slot, that each writer adds to
-- (the slot is its connection's, so concurrent writers rarely wait on one another's row).
CREATE TABLE member_totals (
  owner_key text PRIMARY KEY,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  won_deals bigint DEFAULT 0 NOT NULL,
  lost_deals bigint DEFAULT 0 NOT NULL,
  open_amount numeric DEFAULT 0 NOT NULL,
  won_amount numeric DEFAULT 0 NOT NULL,
  lost_amount numeric DEFAULT 0 NOT NULL,
  technical_sum numeric DEFAULT 0 NOT NULL,
  technical_count bigint DEFAULT 0 NOT NULL,
  commercial_sum numeric DEFAULT 0 NOT NULL,
  commercial_count bigint DEFAULT 0 NOT NULL,
  cycle_days_sum bigint DEFAULT 0 NOT NULL,
  cycle_count bigint DEFAULT 0 NOT NULL,
  technical_average numeric GENERATED ALWAYS AS (technical_sum / nullif(technical_count, 0)) STORED,
  commercial_average numeric GENERATED ALWAYS AS (commercial_sum / nullif(commercial_count, 0)) STORED
);
--> statement-breakpoint
CREATE INDEX member_totals_sales_idx ON member_totals (amount_sum DESC);
--> statement-breakpoint
-- A score's leader: the best average, ties to more sales, then the id (code points): the first row
-- of the index that belongs to a representative, however many share the best average.
CREATE INDEX member_totals_technical_idx ON member_totals (technical_average DESC, amount_sum DESC, owner_key COLLATE "C")
  WHERE technical_average IS NOT NULL;
--> statement-breakpoint
CREATE INDEX member_totals_commercial_idx ON member_totals (commercial_average DESC, amount_sum DESC, owner_key COLLATE "C")
  WHERE commercial_average IS NOT NULL;
--> statement-breakpoint
-- The Unassigned group is every owner who is not a representative: found from the few other users.
CREATE INDEX users_not_representative_idx ON users (id) WHERE role IS DISTINCT FROM 'Sales Representative';
--> statement-breakpoint
-- Representatives in name order (code points, as the dashboard ties them) for a team whose top has
-- fewer than ten representatives with sales.
CREATE INDEX users_representative_name_idx ON users (full_name COLLATE "C", id) WHERE role = 'Sales Representative';
--> statement-breakpoint
CREATE FUNCTION member_totals_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO member_totals AS s (owner_key, deals, amount_sum, won_deals, lost_deals, open_amount, won_amount,
      lost_amount, technical_sum, technical_count, commercial_sum, commercial_count, cycle_days_sum, cycle_count)
    SELECT *
    FROM (
      SELECT coalesce(owner_id, '') AS owner_key,
        sum(sign) AS deals,
        coalesce(sum(sign * amount), 0) AS amount_sum,
        coalesce(sum(sign) FILTER (WHERE outcome = 'won'), 0) AS won_deals,
        coalesce(sum(sign) FILTER (WHERE outcome = 'lost'), 0) AS lost_deals,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'open'), 0) AS open_amount,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'won'), 0) AS won_amount,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'lost'), 0) AS lost_amount,
        coalesce(sum(sign * technical_scoring::numeric), 0) AS technical_sum,
        coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0) AS technical_count,
        coalesce(sum(sign * commercial_scoring::numeric), 0) AS commercial_sum,
        coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0) AS commercial_count,
        coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
          FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_days_sum,
        coalesce(sum(sign) FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_count
      FROM delta
      GROUP BY 1
    ) g
    WHERE (deals, amount_sum, won_deals, lost_deals, open_amount, won_amount, lost_amount, technical_sum, technical_count,
      commercial_sum, commercial_count, cycle_days_sum, cycle_count) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1
    ON CONFLICT (owner_key) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum,
      won_deals = s.won_deals + excluded.won_deals,
      lost_deals = s.lost_deals + excluded.lost_deals,
      open_amount = s.open_amount + excluded.open_amount,
      won_amount = s.won_amount + excluded.won_amount,
      lost_amount = s.lost_amount + excluded.lost_amount,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$q$, delta)
$$;
--> statement-breakpoint
CREATE TABLE team_totals (
  slot smallint PRIMARY KEY,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  representatives bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION team_totals_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO team_totals AS s (slot, deals, amount_sum)
    SELECT pg_backend_pid() %% 16, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ON CONFLICT (slot) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$q$, delta)
$$;
--> statement-breakpoint
-- Users are few and rarely written: a row trigger counts the representatives as roles change.
CREATE FUNCTION team_totals_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.role = 'Sales Representative' THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD.role = 'Sales Representative' THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    INSERT INTO team_totals AS s (slot, representatives) VALUES (pg_backend_pid() % 16, delta)
    ON CONFLICT (slot) DO UPDATE SET representatives = s.representatives + excluded.representatives;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER team_totals_users AFTER INSERT OR DELETE OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION team_totals_on_users();
--> statement-breakpoint
INSERT INTO team_totals (slot, representatives)
SELECT 0, count(*) FROM users WHERE role = 'Sales Representative';
--> statement-breakpoint
-- An owner left without deals, removed by the keys the statement took from.
CREATE FUNCTION member_totals_cleanup_statement() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    DELETE FROM member_totals s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.deals = 0;
  $q$
$$;
--> statement-breakpoint
-- 0021's folds with member_totals and team_totals after team_summaries (the order every trigger
-- takes its locks in).
CREATE OR REPLACE FUNCTION summaries_fold_body(delta text, cleanup boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(E';\n', 'BEGIN ' || team_summaries_statement(delta), member_totals_statement(delta),
    team_totals_statement(delta), rep_product_statuses_statement(delta), rep_stage_totals_statement(delta), forecast_summaries_statement(delta),
    weekly_summaries_statement(delta), won_days_statement(delta), call_owners_statement(delta))
    || E';\n' || CASE WHEN cleanup
      THEN summaries_cleanup_statements() || member_totals_cleanup_statement() || won_days_cleanup_statement() ELSE '' END
    || E'\nRETURN NULL;\nEND'
$$;
--> statement-breakpoint
-- 0024's list with member_totals, which reads what team_summaries reads.
CREATE OR REPLACE FUNCTION summary_inputs() RETURNS TABLE (summary text, columns text[]) LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('team_summaries', '{owner_id,outcome,amount,technical_scoring,commercial_scoring,closing_date,record_date}'::text[]),
    ('member_totals', '{owner_id,outcome,amount,technical_scoring,commercial_scoring,closing_date,record_date}'),
    ('team_totals', '{amount}'),
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
DO $do$
BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT 1 AS sign, * FROM new_rows', false));
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_update_body());
  EXECUTE format('CREATE OR REPLACE FUNCTION summaries_on_delete() RETURNS trigger LANGUAGE plpgsql AS %L',
    summaries_fold_body('SELECT -1 AS sign, * FROM old_rows', true));
  -- The existing deals, by the same statements as any insert.
  EXECUTE member_totals_statement('SELECT 1 AS sign, * FROM opportunities');
  EXECUTE team_totals_statement('SELECT 1 AS sign, * FROM opportunities');
END
$do$;
--> statement-breakpoint
CREATE FUNCTION dashboard_totals_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_totals;
  UPDATE team_totals SET deals = 0, amount_sum = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_totals_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_on_truncate();
