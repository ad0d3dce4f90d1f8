-- rep_company_facts: what My Companies shows and filters on, per owner ('' for none) and named client
-- company: kind 'deal' (value '': the company's deal count and total value), 'product', 'client',
-- 'lead_status', 'industry' (trimmed, non-empty); rows = the deals with that value, amount_sum their
-- amounts. The next meeting depends on the clock and is read from an index instead.
-- Folded from opportunities. Read by My Companies. Rebuilt by rep_company_facts_rebuild().
CREATE FUNCTION rep_company_facts_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,client_company_name,product,client_name,lead_status,company_industry,amount}'::text[],
    format($fold$
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
      amount_sum = s.amount_sum + excluded.amount_sum$fold$, delta),
    $cleanup$
    DELETE FROM rep_company_facts s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, client_company_name AS company FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.company = k.company AND s.rows = 0$cleanup$,
    'DELETE FROM rep_company_facts'
$$;

CREATE FUNCTION rep_company_facts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_company_facts;
  EXECUTE (SELECT fold FROM rep_company_facts_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
