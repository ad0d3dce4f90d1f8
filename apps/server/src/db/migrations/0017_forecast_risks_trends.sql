-- The manager's forecast, deals at risk and trends (docs/decisions/020-forecast-risks-trends.md).
-- forecast_category is the representative's call on an open deal (NULL: the stage decides);
-- forecast_group is where the deal counts (the same rule as forecastGroupSql in @nexa/domain) and
-- closing_quarter the quarter of its closing date, both stored so the drill-down lists are read
-- in index order.
ALTER TABLE opportunities ADD COLUMN forecast_category text
  CONSTRAINT opportunities_forecast_category_check CHECK (forecast_category IN ('pipeline', 'best_case', 'commit'));
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN forecast_group text GENERATED ALWAYS AS (CASE WHEN stage = 'Closed-Win' THEN 'closed' WHEN stage = 'Closed-Lost' THEN 'omitted' WHEN forecast_category IN ('pipeline', 'best_case', 'commit') THEN forecast_category ELSE CASE stage WHEN 'New' THEN 'pipeline' WHEN 'Qualified' THEN 'pipeline' WHEN 'Proposal' THEN 'best_case' WHEN 'Negotiation' THEN 'commit' WHEN 'Closed-Win' THEN 'closed' WHEN 'Closed-Lost' THEN 'omitted' END END) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN closing_quarter date GENERATED ALWAYS AS (date_trunc('quarter', closing_date::timestamp)::date) STORED;
--> statement-breakpoint
-- A figure's deals, biggest first: team-wide and per representative.
CREATE INDEX opportunities_quarter_group_amount_idx ON opportunities (closing_quarter, forecast_group, amount DESC NULLS LAST, id DESC)
  WHERE closing_quarter IS NOT NULL;
--> statement-breakpoint
CREATE INDEX opportunities_owner_quarter_group_amount_idx ON opportunities (owner_id, closing_quarter, forecast_group, amount DESC NULLS LAST, id DESC)
  WHERE closing_quarter IS NOT NULL;
--> statement-breakpoint
-- Deals at risk, biggest open deals first, read until a page is full: per representative here;
-- team-wide through the team list's index of every deal by amount (migration 0018).
CREATE INDEX opportunities_owner_open_amount_idx ON opportunities (owner_id, amount DESC NULLS LAST, id DESC) WHERE outcome = 'open';
--> statement-breakpoint
-- What changed since the weekly snapshot: the deals touched since it was taken.
CREATE INDEX opportunities_last_activity_idx ON opportunities (last_activity_at);
--> statement-breakpoint
-- Trends: call scores by week.
CREATE INDEX call_analyses_created_idx ON call_analyses (created_at);
--> statement-breakpoint
-- A change the forecast shows (stage, amount, closing date, category, owner) is activity, whoever
-- writes it, unless the writer sets the time itself.
CREATE FUNCTION opportunities_forecast_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_activity_at = OLD.last_activity_at AND (NEW.stage, NEW.amount, NEW.closing_date, NEW.forecast_category, NEW.owner_id)
      IS DISTINCT FROM (OLD.stage, OLD.amount, OLD.closing_date, OLD.forecast_category, OLD.owner_id) THEN
    NEW.last_activity_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER opportunities_forecast_activity BEFORE UPDATE OF stage, amount, closing_date, forecast_category, owner_id
  ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_forecast_activity();
--> statement-breakpoint
-- Team-wide settings: stage probabilities and risk thresholds (one row; absent = the defaults).
CREATE TABLE insight_settings (
  id smallint PRIMARY KEY DEFAULT 1 CONSTRAINT insight_settings_one_row CHECK (id = 1),
  stage_probabilities jsonb NOT NULL,
  risk_thresholds jsonb NOT NULL,
  updated_by text REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The open pipeline per owner, quarter of the closing date, stage and forecast group: every
-- forecast figure but "won" (read from the won deals' index, up to today) comes from here.
CREATE TABLE forecast_summaries (
  owner_key text NOT NULL,
  quarter date NOT NULL,
  stage text NOT NULL,
  forecast_group text NOT NULL,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  CONSTRAINT forecast_summaries_pk PRIMARY KEY (owner_key, quarter, stage, forecast_group)
);
--> statement-breakpoint
-- Trends per owner and week (Monday, UTC): deals recorded in the week and their amount; deals
-- closed in the week (by closing date), won, their amount and their cycle days.
CREATE TABLE weekly_summaries (
  owner_key text NOT NULL,
  week date NOT NULL,
  created_deals bigint DEFAULT 0 NOT NULL,
  created_amount numeric DEFAULT 0 NOT NULL,
  won_deals bigint DEFAULT 0 NOT NULL,
  won_amount numeric DEFAULT 0 NOT NULL,
  lost_deals bigint DEFAULT 0 NOT NULL,
  cycle_days_sum bigint DEFAULT 0 NOT NULL,
  cycle_count bigint DEFAULT 0 NOT NULL,
  CONSTRAINT weekly_summaries_pk PRIMARY KEY (owner_key, week)
);
--> statement-breakpoint
CREATE FUNCTION forecast_summaries_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO forecast_summaries AS s (owner_key, quarter, stage, forecast_group, deals, amount_sum)
    SELECT coalesce(owner_id, ''), closing_quarter, stage, forecast_group, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    WHERE outcome = 'open' AND closing_quarter IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (owner_key, quarter, stage, forecast_group) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION weekly_summaries_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s),
    facts AS (
      SELECT coalesce(owner_id, '') AS owner_key, date_trunc('week', record_date AT TIME ZONE 'UTC')::date AS week,
        sign AS created_deals, sign * coalesce(amount, 0) AS created_amount,
        0 AS won_deals, 0::numeric AS won_amount, 0 AS lost_deals, 0 AS cycle_days, 0 AS cycles
      FROM delta
      UNION ALL
      SELECT coalesce(owner_id, ''), date_trunc('week', closing_date::timestamp)::date, 0, 0,
        CASE WHEN outcome = 'won' THEN sign ELSE 0 END,
        CASE WHEN outcome = 'won' THEN sign * coalesce(amount, 0) ELSE 0 END,
        CASE WHEN outcome = 'lost' THEN sign ELSE 0 END,
        sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date), sign
      FROM delta WHERE outcome <> 'open' AND closing_date IS NOT NULL
    )
    INSERT INTO weekly_summaries AS s (owner_key, week, created_deals, created_amount, won_deals, won_amount,
      lost_deals, cycle_days_sum, cycle_count)
    SELECT owner_key, week, sum(created_deals), sum(created_amount), sum(won_deals), sum(won_amount),
      sum(lost_deals), sum(cycle_days), sum(cycles)
    FROM facts
    GROUP BY 1, 2
    HAVING sum(created_deals) <> 0 OR sum(created_amount) <> 0 OR sum(won_deals) <> 0 OR sum(won_amount) <> 0
      OR sum(lost_deals) <> 0 OR sum(cycle_days) <> 0 OR sum(cycles) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, week) DO UPDATE SET
      created_deals = s.created_deals + excluded.created_deals,
      created_amount = s.created_amount + excluded.created_amount,
      won_deals = s.won_deals + excluded.won_deals,
      won_amount = s.won_amount + excluded.won_amount,
      lost_deals = s.lost_deals + excluded.lost_deals,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION insight_summaries_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
BEGIN
  EXECUTE forecast_summaries_statement(delta);
  EXECUTE weekly_summaries_statement(delta);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM forecast_summaries WHERE deals = 0 AND amount_sum = 0;
    DELETE FROM weekly_summaries WHERE created_deals = 0 AND won_deals = 0 AND lost_deals = 0 AND cycle_count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION insight_summaries_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM forecast_summaries;
  DELETE FROM weekly_summaries;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes both from the rows: after a bulk load with the triggers off, or to repair.
CREATE FUNCTION insight_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM forecast_summaries;
  DELETE FROM weekly_summaries;
  EXECUTE forecast_summaries_statement('SELECT 1 AS sign, * FROM opportunities');
  EXECUTE weekly_summaries_statement('SELECT 1 AS sign, * FROM opportunities');
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_summaries_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER insight_summaries_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER insight_summaries_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER insight_summaries_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION insight_summaries_on_truncate();
--> statement-breakpoint
SELECT insight_summaries_rebuild();
--> statement-breakpoint
-- Weekly forecast snapshots, taken on the first read of a week: every deal of the two forecast
-- quarters as it stood, so "what changed since last week" compares only the deals touched since.
CREATE TABLE forecast_snapshot_weeks (
  week date PRIMARY KEY,
  taken_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE forecast_snapshots (
  week date NOT NULL REFERENCES forecast_snapshot_weeks(week) ON DELETE CASCADE,
  opportunity_id integer NOT NULL,
  owner_id text,
  forecast_group text NOT NULL,
  amount numeric,
  quarter date,
  CONSTRAINT forecast_snapshots_pk PRIMARY KEY (week, opportunity_id)
);
