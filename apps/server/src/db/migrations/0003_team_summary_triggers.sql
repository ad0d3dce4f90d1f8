-- Team summaries (docs/decisions/005): team_summaries and team_quarter_wins always equal a
-- GROUP BY over opportunities. Statement-level AFTER triggers with transition tables fold each
-- INSERT, UPDATE or DELETE into the summaries in the same transaction: one grouped upsert per
-- statement, so a bulk import of a million rows costs one aggregate, not a million upserts.
-- Keys are upserted in sorted order so concurrent writers lock summary rows in the same order.
-- Runs on PostgreSQL 15 and PGlite (PostgreSQL 18).
CREATE FUNCTION team_summaries_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1 AS sign, n.* FROM new_rows n
  )
  INSERT INTO team_summaries AS s (owner_key, pipeline_status, deals, amount_sum, technical_sum, technical_count,
    commercial_sum, commercial_count, won_lead_count, cycle_days_sum, cycle_count)
  SELECT coalesce(owner_id, ''), pipeline_status,
    sum(sign),
    coalesce(sum(sign * amount), 0),
    coalesce(sum(sign * technical_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0),
    coalesce(sum(sign * commercial_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE lower(coalesce(lead_status, '')) LIKE '%won%'), 0),
    coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
      FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0)
  FROM delta
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, pipeline_status) DO UPDATE SET
    deals = s.deals + excluded.deals,
    amount_sum = s.amount_sum + excluded.amount_sum,
    technical_sum = s.technical_sum + excluded.technical_sum,
    technical_count = s.technical_count + excluded.technical_count,
    commercial_sum = s.commercial_sum + excluded.commercial_sum,
    commercial_count = s.commercial_count + excluded.commercial_count,
    won_lead_count = s.won_lead_count + excluded.won_lead_count,
    cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
    cycle_count = s.cycle_count + excluded.cycle_count;

  WITH delta AS (
    SELECT 1 AS sign, n.* FROM new_rows n
  )
  INSERT INTO team_quarter_wins AS q (owner_key, quarter, deals, amount_sum)
  SELECT coalesce(owner_id, ''), date_trunc('quarter', closing_date::timestamp)::date, sum(sign), coalesce(sum(sign * amount), 0)
  FROM delta
  WHERE pipeline_status = 'Closed-Win' AND closing_date IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, quarter) DO UPDATE SET
    deals = q.deals + excluded.deals,
    amount_sum = q.amount_sum + excluded.amount_sum;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION team_summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1 AS sign, n.* FROM new_rows n
    UNION ALL
    SELECT -1 AS sign, o.* FROM old_rows o
  )
  INSERT INTO team_summaries AS s (owner_key, pipeline_status, deals, amount_sum, technical_sum, technical_count,
    commercial_sum, commercial_count, won_lead_count, cycle_days_sum, cycle_count)
  SELECT coalesce(owner_id, ''), pipeline_status,
    sum(sign),
    coalesce(sum(sign * amount), 0),
    coalesce(sum(sign * technical_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0),
    coalesce(sum(sign * commercial_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE lower(coalesce(lead_status, '')) LIKE '%won%'), 0),
    coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
      FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0)
  FROM delta
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, pipeline_status) DO UPDATE SET
    deals = s.deals + excluded.deals,
    amount_sum = s.amount_sum + excluded.amount_sum,
    technical_sum = s.technical_sum + excluded.technical_sum,
    technical_count = s.technical_count + excluded.technical_count,
    commercial_sum = s.commercial_sum + excluded.commercial_sum,
    commercial_count = s.commercial_count + excluded.commercial_count,
    won_lead_count = s.won_lead_count + excluded.won_lead_count,
    cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
    cycle_count = s.cycle_count + excluded.cycle_count;

  WITH delta AS (
    SELECT 1 AS sign, n.* FROM new_rows n
    UNION ALL
    SELECT -1 AS sign, o.* FROM old_rows o
  )
  INSERT INTO team_quarter_wins AS q (owner_key, quarter, deals, amount_sum)
  SELECT coalesce(owner_id, ''), date_trunc('quarter', closing_date::timestamp)::date, sum(sign), coalesce(sum(sign * amount), 0)
  FROM delta
  WHERE pipeline_status = 'Closed-Win' AND closing_date IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, quarter) DO UPDATE SET
    deals = q.deals + excluded.deals,
    amount_sum = q.amount_sum + excluded.amount_sum;

  DELETE FROM team_summaries WHERE deals = 0;
  DELETE FROM team_quarter_wins WHERE deals = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION team_summaries_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT -1 AS sign, o.* FROM old_rows o
  )
  INSERT INTO team_summaries AS s (owner_key, pipeline_status, deals, amount_sum, technical_sum, technical_count,
    commercial_sum, commercial_count, won_lead_count, cycle_days_sum, cycle_count)
  SELECT coalesce(owner_id, ''), pipeline_status,
    sum(sign),
    coalesce(sum(sign * amount), 0),
    coalesce(sum(sign * technical_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0),
    coalesce(sum(sign * commercial_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE lower(coalesce(lead_status, '')) LIKE '%won%'), 0),
    coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
      FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0)
  FROM delta
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, pipeline_status) DO UPDATE SET
    deals = s.deals + excluded.deals,
    amount_sum = s.amount_sum + excluded.amount_sum,
    technical_sum = s.technical_sum + excluded.technical_sum,
    technical_count = s.technical_count + excluded.technical_count,
    commercial_sum = s.commercial_sum + excluded.commercial_sum,
    commercial_count = s.commercial_count + excluded.commercial_count,
    won_lead_count = s.won_lead_count + excluded.won_lead_count,
    cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
    cycle_count = s.cycle_count + excluded.cycle_count;

  WITH delta AS (
    SELECT -1 AS sign, o.* FROM old_rows o
  )
  INSERT INTO team_quarter_wins AS q (owner_key, quarter, deals, amount_sum)
  SELECT coalesce(owner_id, ''), date_trunc('quarter', closing_date::timestamp)::date, sum(sign), coalesce(sum(sign * amount), 0)
  FROM delta
  WHERE pipeline_status = 'Closed-Win' AND closing_date IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, quarter) DO UPDATE SET
    deals = q.deals + excluded.deals,
    amount_sum = q.amount_sum + excluded.amount_sum;

  DELETE FROM team_summaries WHERE deals = 0;
  DELETE FROM team_quarter_wins WHERE deals = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION team_summaries_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_summaries;
  DELETE FROM team_quarter_wins;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes both summaries from the rows in one transaction: after a bulk load with the
-- triggers disabled, or to repair. Also fills them for rows that existed before this migration.
CREATE FUNCTION team_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_summaries;
  DELETE FROM team_quarter_wins;
  WITH delta AS (
    SELECT 1 AS sign, r.* FROM opportunities r
  )
  INSERT INTO team_summaries AS s (owner_key, pipeline_status, deals, amount_sum, technical_sum, technical_count,
    commercial_sum, commercial_count, won_lead_count, cycle_days_sum, cycle_count)
  SELECT coalesce(owner_id, ''), pipeline_status,
    sum(sign),
    coalesce(sum(sign * amount), 0),
    coalesce(sum(sign * technical_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0),
    coalesce(sum(sign * commercial_scoring::numeric), 0),
    coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE lower(coalesce(lead_status, '')) LIKE '%won%'), 0),
    coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
      FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0),
    coalesce(sum(sign) FILTER (WHERE pipeline_status <> 'On-going' AND closing_date IS NOT NULL), 0)
  FROM delta
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, pipeline_status) DO UPDATE SET
    deals = s.deals + excluded.deals,
    amount_sum = s.amount_sum + excluded.amount_sum,
    technical_sum = s.technical_sum + excluded.technical_sum,
    technical_count = s.technical_count + excluded.technical_count,
    commercial_sum = s.commercial_sum + excluded.commercial_sum,
    commercial_count = s.commercial_count + excluded.commercial_count,
    won_lead_count = s.won_lead_count + excluded.won_lead_count,
    cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
    cycle_count = s.cycle_count + excluded.cycle_count;

  WITH delta AS (
    SELECT 1 AS sign, r.* FROM opportunities r
  )
  INSERT INTO team_quarter_wins AS q (owner_key, quarter, deals, amount_sum)
  SELECT coalesce(owner_id, ''), date_trunc('quarter', closing_date::timestamp)::date, sum(sign), coalesce(sum(sign * amount), 0)
  FROM delta
  WHERE pipeline_status = 'Closed-Win' AND closing_date IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (owner_key, quarter) DO UPDATE SET
    deals = q.deals + excluded.deals,
    amount_sum = q.amount_sum + excluded.amount_sum;
END
$$;
--> statement-breakpoint
CREATE TRIGGER team_summaries_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_summaries_on_insert();
--> statement-breakpoint
CREATE TRIGGER team_summaries_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_summaries_on_update();
--> statement-breakpoint
CREATE TRIGGER team_summaries_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_summaries_on_delete();
--> statement-breakpoint
CREATE TRIGGER team_summaries_truncate AFTER TRUNCATE ON opportunities FOR EACH STATEMENT EXECUTE FUNCTION team_summaries_on_truncate();
--> statement-breakpoint
SELECT team_summaries_rebuild();
--> statement-breakpoint
-- The win-rate view keeps its columns and meaning (closed-won ÷ closed, per owner) but reads the
-- summaries instead of grouping every opportunity on each call.
CREATE OR REPLACE VIEW "rep_win_rate" AS
SELECT
  nullif(s.owner_key, '') AS owner_id,
  max(u.full_name) AS account_manager,
  coalesce(sum(s.deals) FILTER (WHERE s.pipeline_status = 'Closed-Win'), 0)::int AS won,
  coalesce(sum(s.deals) FILTER (WHERE s.pipeline_status = 'Closed-Lost'), 0)::int AS lost,
  CASE
    WHEN coalesce(sum(s.deals) FILTER (WHERE s.pipeline_status <> 'On-going'), 0) = 0 THEN NULL
    ELSE round(100.0 * coalesce(sum(s.deals) FILTER (WHERE s.pipeline_status = 'Closed-Win'), 0)
      / sum(s.deals) FILTER (WHERE s.pipeline_status <> 'On-going'), 2)::real
  END AS win_rate_percentage
FROM team_summaries s
LEFT JOIN users u ON u.id = s.owner_key
GROUP BY s.owner_key;
