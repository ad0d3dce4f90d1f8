-- My Companies: a filter on a company's aggregates (industry, product, search) grouped every row of
-- the representative (20 000 rows: 750 ms p95), and a page grouped its companies' rows (190 each
-- here: 25 companies, 4,700 rows read from as many heap pages). What a company shows and what the
-- filters read is kept here per representative and company, so a page reads a few hundred summary
-- rows: kind 'deal' (one row per company, value '': its deal count and total value), 'product',
-- 'client', 'lead_status', 'industry' (trimmed, non-empty); rows = deals with that value, amount_sum
-- their amounts. Only named companies (what My Companies lists). The next meeting depends on the
-- clock, so it is read per company from an index of open deals' meetings.
CREATE TABLE rep_company_facts (
  owner_key text NOT NULL,
  company text NOT NULL,
  kind text NOT NULL,
  value text NOT NULL,
  rows bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  CONSTRAINT rep_company_facts_pk PRIMARY KEY (owner_key, kind, value, company)
);
--> statement-breakpoint
-- A representative's companies by name (the filter groups by company).
CREATE INDEX rep_company_facts_company_idx ON rep_company_facts (owner_key, company);
--> statement-breakpoint
-- A company's next meeting ahead: the first of its open deals' meetings after now, one index probe.
CREATE INDEX opportunities_owner_company_meeting_idx ON opportunities (owner_id, client_company_name, next_meeting_date)
  WHERE outcome = 'open';
--> statement-breakpoint
CREATE FUNCTION rep_company_facts_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO rep_company_facts AS s (owner_key, company, kind, value, rows, amount_sum)
    SELECT coalesce(owner_id, ''), client_company_name, f.kind, f.value, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta CROSS JOIN LATERAL (VALUES ('deal', ''), ('product', product), ('client', client_name),
      ('lead_status', lead_status), ('industry', nullif(btrim(company_industry), ''))) AS f(kind, value)
    WHERE client_company_name IS NOT NULL AND btrim(client_company_name) <> '' AND f.value IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 3, 4, 2
    ON CONFLICT (owner_key, kind, value, company) DO UPDATE SET
      rows = s.rows + excluded.rows,
      amount_sum = s.amount_sum + excluded.amount_sum$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION rep_company_facts_cleanup() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT $q$
    DELETE FROM rep_company_facts s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, client_company_name AS company FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.company = k.company AND s.rows = 0;
  $q$
$$;
--> statement-breakpoint
-- Static SQL generated from the one definition above (as migration 0020 does for the others).
DO $do$
DECLARE
  body text := 'BEGIN %s; %s RETURN NULL; END';
BEGIN
  EXECUTE format('CREATE FUNCTION rep_company_facts_on_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, rep_company_facts_statement('SELECT 1 AS sign, * FROM new_rows'), ''));
  EXECUTE format('CREATE FUNCTION rep_company_facts_on_update() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, rep_company_facts_statement('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'),
      rep_company_facts_cleanup()));
  EXECUTE format('CREATE FUNCTION rep_company_facts_on_delete() RETURNS trigger LANGUAGE plpgsql AS %L',
    format(body, rep_company_facts_statement('SELECT -1 AS sign, * FROM old_rows'), rep_company_facts_cleanup()));
END
$do$;
--> statement-breakpoint
CREATE FUNCTION rep_company_facts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_company_facts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_company_facts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_company_facts;
  EXECUTE rep_company_facts_statement('SELECT 1 AS sign, * FROM opportunities');
END
$$;
--> statement-breakpoint
CREATE TRIGGER rep_company_facts_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_company_facts_on_insert();
--> statement-breakpoint
CREATE TRIGGER rep_company_facts_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_company_facts_on_update();
--> statement-breakpoint
CREATE TRIGGER rep_company_facts_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_company_facts_on_delete();
--> statement-breakpoint
CREATE TRIGGER rep_company_facts_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION rep_company_facts_on_truncate();
--> statement-breakpoint
SELECT rep_company_facts_rebuild();
