-- won_days: won deals per closing day and owner ('' for none), their count and amount: the forecast's
-- "won so far" without reading every won deal of the quarter.
-- Folded from opportunities. Read by the manager's forecast. Rebuilt by won_days_rebuild().
CREATE FUNCTION won_days_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,closing_date,outcome,amount}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO won_days AS s (day, owner_key, deals, amount_sum)
    SELECT closing_date, coalesce(owner_id, ''), sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    WHERE outcome = 'won' AND closing_date IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (day, owner_key) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$fold$, delta),
    $cleanup$
    DELETE FROM won_days s
    USING (SELECT DISTINCT closing_date AS day, coalesce(owner_id, '') AS owner_key FROM old_rows
      WHERE outcome = 'won' AND closing_date IS NOT NULL) k
    WHERE s.day = k.day AND s.owner_key = k.owner_key AND s.deals = 0 AND s.amount_sum = 0$cleanup$,
    'DELETE FROM won_days'
$$;

CREATE FUNCTION won_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM won_days;
  EXECUTE (SELECT fold FROM won_days_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
