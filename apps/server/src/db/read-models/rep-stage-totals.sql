-- rep_stage_totals: per owner ('' for none) and stage, the deals and their amount: the pipeline
-- board's column totals.
-- Folded from opportunities. Read by the pipeline board. Rebuilt by rep_stage_totals_rebuild().
CREATE FUNCTION rep_stage_totals_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,stage,amount}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_stage_totals AS s (owner_key, stage, deals, amount_sum)
    SELECT coalesce(owner_id, ''), stage, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, stage) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$fold$, delta),
    $cleanup$
    DELETE FROM rep_stage_totals s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, stage FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.stage = k.stage AND s.deals = 0$cleanup$,
    'DELETE FROM rep_stage_totals'
$$;

CREATE FUNCTION rep_stage_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_stage_totals;
  EXECUTE (SELECT fold FROM rep_stage_totals_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
