-- rep_field_values: per owner ('' for none), field (product, status, lead_status, industry) and value,
-- the number of deals holding it; an industry left empty counts as 'Technology'. The opportunity
-- list's filter options and their counts.
-- Folded from opportunities. Read by the opportunity list's facets. Rebuilt by
-- rep_field_values_rebuild().
CREATE FUNCTION rep_field_values_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,product,status,lead_status,company_industry}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_field_values AS v (owner_key, field, value, rows)
    SELECT coalesce(owner_id, ''), f.field, f.value, sum(sign)
    FROM delta CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
      ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value)
    WHERE f.value IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (owner_key, field, value) DO UPDATE SET rows = v.rows + excluded.rows$fold$, delta),
    $cleanup$
    DELETE FROM rep_field_values v
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, f.field, f.value
      FROM old_rows CROSS JOIN LATERAL (VALUES ('product', product), ('status', status), ('lead_status', lead_status),
      ('industry', coalesce(nullif(btrim(company_industry), ''), 'Technology'))) AS f(field, value) WHERE f.value IS NOT NULL) k
    WHERE v.owner_key = k.owner_key AND v.field = k.field AND v.value = k.value AND v.rows = 0$cleanup$,
    'DELETE FROM rep_field_values'
$$;

CREATE FUNCTION rep_field_values_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_field_values;
  EXECUTE (SELECT fold FROM rep_field_values_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
