-- weekly_summaries: per owner ('' for none) and week (Monday, UTC), the deals recorded in the week and
-- their amount, and the deals closed in the week (by closing date): won, their amount, lost, and their
-- cycle days.
-- Folded from opportunities. Read by the manager's trends. Rebuilt by weekly_summaries_rebuild().
CREATE FUNCTION weekly_summaries_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,record_date,amount,closing_date,outcome}'::text[],
    format($fold$
    WITH delta AS (%s),
    facts AS (
      SELECT coalesce(owner_id, '') AS owner_key, date_trunc('week', record_date AT TIME ZONE 'UTC')::date AS week,
        sign AS created_deals, sign * coalesce(amount, 0) AS created_amount,
        0 AS won_deals, 0::numeric AS won_amount, 0 AS lost_deals, 0 AS cycle_days, 0 AS cycles
      FROM delta
      UNION ALL
      SELECT coalesce(owner_id, ''), date_trunc('week', closing_date::timestamp)::date, 0, 0,
        CASE WHEN outcome = 'won' THEN sign ELSE 0 END,
        CASE WHEN outcome = 'won' THEN sign * coalesce(amount, 0) ELSE 0 END,
        CASE WHEN outcome = 'lost' THEN sign ELSE 0 END,
        sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date), sign
      FROM delta WHERE outcome <> 'open' AND closing_date IS NOT NULL
    )
    INSERT INTO weekly_summaries AS s (owner_key, week, created_deals, created_amount, won_deals, won_amount,
      lost_deals, cycle_days_sum, cycle_count)
    SELECT owner_key, week, sum(created_deals), sum(created_amount), sum(won_deals), sum(won_amount),
      sum(lost_deals), sum(cycle_days), sum(cycles)
    FROM facts
    GROUP BY 1, 2
    HAVING sum(created_deals) <> 0 OR sum(created_amount) <> 0 OR sum(won_deals) <> 0 OR sum(won_amount) <> 0
      OR sum(lost_deals) <> 0 OR sum(cycle_days) <> 0 OR sum(cycles) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, week) DO UPDATE SET
      created_deals = s.created_deals + excluded.created_deals,
      created_amount = s.created_amount + excluded.created_amount,
      won_deals = s.won_deals + excluded.won_deals,
      won_amount = s.won_amount + excluded.won_amount,
      lost_deals = s.lost_deals + excluded.lost_deals,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$fold$, delta),
    $cleanup$
    DELETE FROM weekly_summaries s
    USING (
      SELECT coalesce(owner_id, '') AS owner_key, date_trunc('week', record_date AT TIME ZONE 'UTC')::date AS week FROM old_rows
      UNION
      SELECT coalesce(owner_id, ''), date_trunc('week', closing_date::timestamp)::date FROM old_rows
      WHERE outcome <> 'open' AND closing_date IS NOT NULL
    ) k
    WHERE s.owner_key = k.owner_key AND s.week = k.week
      AND s.created_deals = 0 AND s.won_deals = 0 AND s.lost_deals = 0 AND s.cycle_count = 0$cleanup$,
    'DELETE FROM weekly_summaries'
$$;

CREATE FUNCTION weekly_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM weekly_summaries;
  EXECUTE (SELECT fold FROM weekly_summaries_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
