-- The pipeline board: one column per stage with its count and amount, and the first cards of each
-- column in next-meeting order. team_summaries keeps outcomes, not the four open stages, and
-- grouping a representative's 20 000 rows by stage on every board costs more than the budget; so
-- the stage totals are one more summary, kept by its own statement-level triggers (same shape as
-- the others: one grouped upsert per statement, keys in sorted order, zero rows removed).
CREATE TABLE rep_stage_totals (
  owner_key text NOT NULL,
  stage text NOT NULL,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  CONSTRAINT rep_stage_totals_owner_key_stage_pk PRIMARY KEY (owner_key, stage)
);
--> statement-breakpoint
CREATE FUNCTION rep_stage_totals_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO rep_stage_totals AS s (owner_key, stage, deals, amount_sum)
    SELECT coalesce(owner_id, ''), stage, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, stage) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION rep_stage_totals_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
BEGIN
  EXECUTE rep_stage_totals_statement(delta);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM rep_stage_totals s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, stage FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.stage = k.stage AND s.deals = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_stage_totals_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_stage_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_stage_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_stage_totals;
  EXECUTE rep_stage_totals_statement('SELECT 1 AS sign, * FROM opportunities');
END
$$;
--> statement-breakpoint
CREATE TRIGGER rep_stage_totals_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_stage_totals_fold();
--> statement-breakpoint
CREATE TRIGGER rep_stage_totals_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_stage_totals_fold();
--> statement-breakpoint
CREATE TRIGGER rep_stage_totals_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_stage_totals_fold();
--> statement-breakpoint
CREATE TRIGGER rep_stage_totals_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION rep_stage_totals_on_truncate();
--> statement-breakpoint
SELECT rep_stage_totals_rebuild();
--> statement-breakpoint
-- A column's first cards: a representative's rows of one stage in the list's default order (next
-- meeting, then id), read in index order; it answers everything (owner, stage) answered.
DROP INDEX opportunities_owner_stage_idx;
--> statement-breakpoint
CREATE INDEX opportunities_owner_stage_meeting_id_idx ON opportunities USING btree (owner_id, stage, next_meeting_date, id);
--> statement-breakpoint
-- The same for the manager's whole-team board.
CREATE INDEX opportunities_stage_meeting_id_idx ON opportunities USING btree (stage, next_meeting_date, id);
