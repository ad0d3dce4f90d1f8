-- rep_company_months: per owner ('' for none), month of the record date (UTC) and client company
-- (named), the number of deals: the representative's new companies per month.
-- Folded from opportunities. Read by the representative's dashboard. Rebuilt by
-- rep_company_months_rebuild().
CREATE FUNCTION rep_company_months_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,client_company_name,record_date}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_company_months AS m (owner_key, month, company, deals)
    SELECT coalesce(owner_id, ''), date_trunc('month', record_date AT TIME ZONE 'UTC')::date, client_company_name, sum(sign)
    FROM delta
    WHERE client_company_name IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (owner_key, month, company) DO UPDATE SET deals = m.deals + excluded.deals$fold$, delta),
    $cleanup$
    DELETE FROM rep_company_months m
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, date_trunc('month', record_date AT TIME ZONE 'UTC')::date AS month,
      client_company_name AS company FROM old_rows WHERE client_company_name IS NOT NULL) k
    WHERE m.owner_key = k.owner_key AND m.month = k.month AND m.company = k.company AND m.deals = 0$cleanup$,
    'DELETE FROM rep_company_months'
$$;

CREATE FUNCTION rep_company_months_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_company_months;
  EXECUTE (SELECT fold FROM rep_company_months_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
