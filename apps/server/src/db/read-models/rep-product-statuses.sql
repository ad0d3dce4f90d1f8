-- rep_product_statuses: per owner ('' for none), product ('' for none) and outcome, the number of
-- deals: the opportunity list's totals for its dropdown filters.
-- Folded from opportunities. Read by the opportunity list. Rebuilt by rep_product_statuses_rebuild().
CREATE FUNCTION rep_product_statuses_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,product,outcome}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_product_statuses AS s (owner_key, product, outcome, deals)
    SELECT coalesce(owner_id, ''), coalesce(product, ''), outcome, sum(sign)
    FROM delta
    GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (owner_key, product, outcome) DO UPDATE SET deals = s.deals + excluded.deals$fold$, delta),
    $cleanup$
    DELETE FROM rep_product_statuses s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, coalesce(product, '') AS product, outcome FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.product = k.product AND s.outcome = k.outcome AND s.deals = 0$cleanup$,
    'DELETE FROM rep_product_statuses'
$$;

CREATE FUNCTION rep_product_statuses_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_product_statuses;
  EXECUTE (SELECT fold FROM rep_product_statuses_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
