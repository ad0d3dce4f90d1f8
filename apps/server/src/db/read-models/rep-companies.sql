-- rep_companies: per owner ('' for none) and client company (named), the number of deals, so counting
-- an owner's rows counts their distinct companies.
-- Folded from opportunities. Read by the representative's dashboard. Rebuilt by rep_companies_rebuild().
CREATE FUNCTION rep_companies_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,client_company_name}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_companies AS c (owner_key, company, deals)
    SELECT coalesce(owner_id, ''), client_company_name, sum(sign)
    FROM delta
    WHERE client_company_name IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, company) DO UPDATE SET deals = c.deals + excluded.deals$fold$, delta),
    $cleanup$
    DELETE FROM rep_companies c
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, client_company_name AS company
      FROM old_rows WHERE client_company_name IS NOT NULL) k
    WHERE c.owner_key = k.owner_key AND c.company = k.company AND c.deals = 0$cleanup$,
    'DELETE FROM rep_companies'
$$;

CREATE FUNCTION rep_companies_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_companies;
  EXECUTE (SELECT fold FROM rep_companies_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
