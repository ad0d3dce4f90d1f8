-- forecast_summaries: the open pipeline per owner ('' for none), quarter of the closing date, stage
-- and forecast group (the representative's call, else the stage's): the deals and their amount. Every
-- forecast figure but "won" (won_days) comes from here.
-- Folded from opportunities. Read by the manager's forecast. Rebuilt by forecast_summaries_rebuild().
CREATE FUNCTION forecast_summaries_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,closing_quarter,stage,forecast_group,outcome,amount}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO forecast_summaries AS s (owner_key, quarter, stage, forecast_group, deals, amount_sum)
    SELECT coalesce(owner_id, ''), closing_quarter, stage, forecast_group, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    WHERE outcome = 'open' AND closing_quarter IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (owner_key, quarter, stage, forecast_group) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$fold$, delta),
    $cleanup$
    DELETE FROM forecast_summaries s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, closing_quarter, stage, forecast_group FROM old_rows
      WHERE outcome = 'open' AND closing_quarter IS NOT NULL) k
    WHERE s.owner_key = k.owner_key AND s.quarter = k.closing_quarter AND s.stage = k.stage
      AND s.forecast_group = k.forecast_group AND s.deals = 0 AND s.amount_sum = 0$cleanup$,
    'DELETE FROM forecast_summaries'
$$;

CREATE FUNCTION forecast_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM forecast_summaries;
  EXECUTE (SELECT fold FROM forecast_summaries_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
