-- The rep dashboard's summaries (docs/decisions/009): rep_companies, rep_company_months,
-- rep_meeting_days and rep_field_values always equal a GROUP BY over opportunities, kept by
-- statement-level triggers with transition tables in the same transaction (the pattern of
-- team_summary_triggers). Keys are upserted in sorted order so concurrent writers lock rows in the
-- same order. A key whose count falls to zero is deleted, so counting a rep's rows counts distinct
-- values.
CREATE FUNCTION rep_dashboard_summaries_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
  )
  INSERT INTO rep_companies AS c (owner_key, company, deals)
  SELECT coalesce(owner_id, ''), client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (owner_key, company) DO UPDATE SET deals = c.deals + excluded.deals;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
  )
  INSERT INTO rep_company_months AS m (owner_key, month, company, deals)
  SELECT coalesce(owner_id, ''), date_trunc('month', record_date AT TIME ZONE 'UTC')::date, client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, month, company) DO UPDATE SET deals = m.deals + excluded.deals;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
  )
  INSERT INTO rep_meeting_days AS d (owner_key, day, lead_status, meetings)
  SELECT coalesce(owner_id, ''), (next_meeting_date AT TIME ZONE 'UTC')::date, coalesce(lead_status, ''), sum(sign)
  FROM delta
  WHERE next_meeting_date IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, day, lead_status) DO UPDATE SET meetings = d.meetings + excluded.meetings;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
  )
  INSERT INTO rep_field_values AS v (owner_key, field, value, rows)
  SELECT coalesce(owner_id, ''), f.field, f.value, sum(sign)
  FROM delta CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value)
  WHERE f.value IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, field, value) DO UPDATE SET rows = v.rows + excluded.rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_dashboard_summaries_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
    UNION ALL
    SELECT -1, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_companies AS c (owner_key, company, deals)
  SELECT coalesce(owner_id, ''), client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (owner_key, company) DO UPDATE SET deals = c.deals + excluded.deals;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
    UNION ALL
    SELECT -1, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_company_months AS m (owner_key, month, company, deals)
  SELECT coalesce(owner_id, ''), date_trunc('month', record_date AT TIME ZONE 'UTC')::date, client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, month, company) DO UPDATE SET deals = m.deals + excluded.deals;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
    UNION ALL
    SELECT -1, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_meeting_days AS d (owner_key, day, lead_status, meetings)
  SELECT coalesce(owner_id, ''), (next_meeting_date AT TIME ZONE 'UTC')::date, coalesce(lead_status, ''), sum(sign)
  FROM delta
  WHERE next_meeting_date IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, day, lead_status) DO UPDATE SET meetings = d.meetings + excluded.meetings;

  WITH delta AS (
    SELECT 1 AS sign, n.owner_id, n.client_company_name, n.record_date, n.next_meeting_date, n.lead_status, n.product, n.status, n.company_industry FROM new_rows n
    UNION ALL
    SELECT -1, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_field_values AS v (owner_key, field, value, rows)
  SELECT coalesce(owner_id, ''), f.field, f.value, sum(sign)
  FROM delta CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value)
  WHERE f.value IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, field, value) DO UPDATE SET rows = v.rows + excluded.rows;

  -- Only the keys this statement took from: these tables hold a row per rep and value.
  DELETE FROM rep_companies c
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, client_company_name AS company
    FROM old_rows WHERE client_company_name IS NOT NULL) k
  WHERE c.owner_key = k.owner_key AND c.company = k.company AND c.deals = 0;

  DELETE FROM rep_company_months m
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, date_trunc('month', record_date AT TIME ZONE 'UTC')::date AS month,
    client_company_name AS company FROM old_rows WHERE client_company_name IS NOT NULL) k
  WHERE m.owner_key = k.owner_key AND m.month = k.month AND m.company = k.company AND m.deals = 0;

  DELETE FROM rep_meeting_days d
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, (next_meeting_date AT TIME ZONE 'UTC')::date AS day,
    coalesce(lead_status, '') AS lead_status FROM old_rows WHERE next_meeting_date IS NOT NULL) k
  WHERE d.owner_key = k.owner_key AND d.day = k.day AND d.lead_status = k.lead_status AND d.meetings = 0;

  DELETE FROM rep_field_values v
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, f.field, f.value
    FROM old_rows CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value) WHERE f.value IS NOT NULL) k
  WHERE v.owner_key = k.owner_key AND v.field = k.field AND v.value = k.value AND v.rows = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_dashboard_summaries_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT -1 AS sign, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_companies AS c (owner_key, company, deals)
  SELECT coalesce(owner_id, ''), client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ORDER BY 1, 2
  ON CONFLICT (owner_key, company) DO UPDATE SET deals = c.deals + excluded.deals;

  WITH delta AS (
    SELECT -1 AS sign, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_company_months AS m (owner_key, month, company, deals)
  SELECT coalesce(owner_id, ''), date_trunc('month', record_date AT TIME ZONE 'UTC')::date, client_company_name, sum(sign)
  FROM delta
  WHERE client_company_name IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, month, company) DO UPDATE SET deals = m.deals + excluded.deals;

  WITH delta AS (
    SELECT -1 AS sign, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_meeting_days AS d (owner_key, day, lead_status, meetings)
  SELECT coalesce(owner_id, ''), (next_meeting_date AT TIME ZONE 'UTC')::date, coalesce(lead_status, ''), sum(sign)
  FROM delta
  WHERE next_meeting_date IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, day, lead_status) DO UPDATE SET meetings = d.meetings + excluded.meetings;

  WITH delta AS (
    SELECT -1 AS sign, o.owner_id, o.client_company_name, o.record_date, o.next_meeting_date, o.lead_status, o.product, o.status, o.company_industry FROM old_rows o
  )
  INSERT INTO rep_field_values AS v (owner_key, field, value, rows)
  SELECT coalesce(owner_id, ''), f.field, f.value, sum(sign)
  FROM delta CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value)
  WHERE f.value IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (owner_key, field, value) DO UPDATE SET rows = v.rows + excluded.rows;

  -- Only the keys this statement took from: these tables hold a row per rep and value.
  DELETE FROM rep_companies c
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, client_company_name AS company
    FROM old_rows WHERE client_company_name IS NOT NULL) k
  WHERE c.owner_key = k.owner_key AND c.company = k.company AND c.deals = 0;

  DELETE FROM rep_company_months m
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, date_trunc('month', record_date AT TIME ZONE 'UTC')::date AS month,
    client_company_name AS company FROM old_rows WHERE client_company_name IS NOT NULL) k
  WHERE m.owner_key = k.owner_key AND m.month = k.month AND m.company = k.company AND m.deals = 0;

  DELETE FROM rep_meeting_days d
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, (next_meeting_date AT TIME ZONE 'UTC')::date AS day,
    coalesce(lead_status, '') AS lead_status FROM old_rows WHERE next_meeting_date IS NOT NULL) k
  WHERE d.owner_key = k.owner_key AND d.day = k.day AND d.lead_status = k.lead_status AND d.meetings = 0;

  DELETE FROM rep_field_values v
  USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, f.field, f.value
    FROM old_rows CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value) WHERE f.value IS NOT NULL) k
  WHERE v.owner_key = k.owner_key AND v.field = k.field AND v.value = k.value AND v.rows = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rep_dashboard_summaries_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_companies;
  DELETE FROM rep_company_months;
  DELETE FROM rep_meeting_days;
  DELETE FROM rep_field_values;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rep_dashboard_summaries_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_dashboard_summaries_on_insert();
--> statement-breakpoint
CREATE TRIGGER rep_dashboard_summaries_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_dashboard_summaries_on_update();
--> statement-breakpoint
CREATE TRIGGER rep_dashboard_summaries_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rep_dashboard_summaries_on_delete();
--> statement-breakpoint
CREATE TRIGGER rep_dashboard_summaries_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION rep_dashboard_summaries_on_truncate();
--> statement-breakpoint
-- Rows that exist before this migration.
INSERT INTO rep_companies (owner_key, company, deals)
SELECT coalesce(owner_id, ''), client_company_name, count(*) FROM opportunities
WHERE client_company_name IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO rep_company_months (owner_key, month, company, deals)
SELECT coalesce(owner_id, ''), date_trunc('month', record_date AT TIME ZONE 'UTC')::date, client_company_name, count(*)
FROM opportunities WHERE client_company_name IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rep_meeting_days (owner_key, day, lead_status, meetings)
SELECT coalesce(owner_id, ''), (next_meeting_date AT TIME ZONE 'UTC')::date, coalesce(lead_status, ''), count(*)
FROM opportunities WHERE next_meeting_date IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO rep_field_values (owner_key, field, value, rows)
SELECT coalesce(owner_id, ''), f.field, f.value, count(*)
FROM opportunities CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
    ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value)
WHERE f.value IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The "require follow-up" count: a rep's open deals whose lead status is Pending, read from a
-- small partial index instead of the rep's every row.
CREATE INDEX opportunities_owner_follow_up_idx ON opportunities (owner_id)
  WHERE pipeline_status = 'On-going' AND lower(btrim(lead_status)) = 'pending';
