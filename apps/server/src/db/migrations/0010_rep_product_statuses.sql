CREATE TABLE "rep_product_statuses" (
	"owner_key" text NOT NULL,
	"product" text NOT NULL,
	"pipeline_status" text NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rep_product_statuses_owner_key_product_pipeline_status_pk" PRIMARY KEY("owner_key","product","pipeline_status")
);
--> statement-breakpoint
DROP INDEX "opportunities_owner_product_status_meeting_idx";--> statement-breakpoint
CREATE INDEX "opportunities_owner_product_status_meeting_id_idx" ON "opportunities" USING btree ("owner_id","product","pipeline_status","next_meeting_date","id");--> statement-breakpoint
-- rep_product_statuses always equals a GROUP BY over opportunities, kept by statement-level
-- triggers with transition tables in the same transaction, as the other summaries are (migrations
-- team_summary_triggers and rep_dashboard_summary_triggers): keys upserted in sorted order, and a
-- key whose count falls to zero deleted.
CREATE FUNCTION rep_product_statuses_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rep_product_statuses AS s (owner_key, product, pipeline_status, deals)
  SELECT coalesce(owner_id, ''), coalesce(product, ''), pipeline_status, count(*)
  FROM new_rows
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, product, pipeline_status) DO UPDATE SET deals = s.deals + excluded.deals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_product_statuses_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1 AS sign, owner_id, product, pipeline_status FROM new_rows
    UNION ALL
    SELECT -1, owner_id, product, pipeline_status FROM old_rows
  )
  INSERT INTO rep_product_statuses AS s (owner_key, product, pipeline_status, deals)
  SELECT coalesce(owner_id, ''), coalesce(product, ''), pipeline_status, sum(sign)
  FROM delta
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, product, pipeline_status) DO UPDATE SET deals = s.deals + excluded.deals;

  DELETE FROM rep_product_statuses s
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, coalesce(product, '') AS product, pipeline_status FROM old_rows) k
  WHERE s.owner_key = k.owner_key AND s.product = k.product AND s.pipeline_status = k.pipeline_status AND s.deals = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_product_statuses_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rep_product_statuses AS s (owner_key, product, pipeline_status, deals)
  SELECT coalesce(owner_id, ''), coalesce(product, ''), pipeline_status, -count(*)
  FROM old_rows
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, product, pipeline_status) DO UPDATE SET deals = s.deals + excluded.deals;

  DELETE FROM rep_product_statuses s
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, coalesce(product, '') AS product, pipeline_status FROM old_rows) k
  WHERE s.owner_key = k.owner_key AND s.product = k.product AND s.pipeline_status = k.pipeline_status AND s.deals = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_product_statuses_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_product_statuses;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rep_product_statuses_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_product_statuses_on_insert();
--> statement-breakpoint
CREATE TRIGGER rep_product_statuses_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_product_statuses_on_update();
--> statement-breakpoint
CREATE TRIGGER rep_product_statuses_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_product_statuses_on_delete();
--> statement-breakpoint
CREATE TRIGGER rep_product_statuses_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION rep_product_statuses_on_truncate();
--> statement-breakpoint
-- Rows that exist before this migration.
INSERT INTO rep_product_statuses (owner_key, product, pipeline_status, deals)
SELECT coalesce(owner_id, ''), coalesce(product, ''), pipeline_status, count(*) FROM opportunities GROUP BY 1, 2, 3;
