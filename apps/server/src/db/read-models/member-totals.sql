-- member_totals: one row per owner ('' for none) with team_summaries' sums split by outcome (deals
-- won and lost, amounts open, won and lost), and the score averages as stored generated columns, so
-- the manager's dashboard reads its top representatives and its leaders in index order instead of
-- ranking the whole team.
-- Folded from opportunities. Read by the manager's dashboard. Rebuilt by member_totals_rebuild().
CREATE FUNCTION member_totals_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,outcome,amount,technical_scoring,commercial_scoring,closing_date,record_date}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO member_totals AS s (owner_key, deals, amount_sum, won_deals, lost_deals, open_amount, won_amount,
      lost_amount, technical_sum, technical_count, commercial_sum, commercial_count, cycle_days_sum, cycle_count)
    SELECT *
    FROM (
      SELECT coalesce(owner_id, '') AS owner_key,
        sum(sign) AS deals,
        coalesce(sum(sign * amount), 0) AS amount_sum,
        coalesce(sum(sign) FILTER (WHERE outcome = 'won'), 0) AS won_deals,
        coalesce(sum(sign) FILTER (WHERE outcome = 'lost'), 0) AS lost_deals,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'open'), 0) AS open_amount,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'won'), 0) AS won_amount,
        coalesce(sum(sign * amount) FILTER (WHERE outcome = 'lost'), 0) AS lost_amount,
        coalesce(sum(sign * technical_scoring::numeric), 0) AS technical_sum,
        coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0) AS technical_count,
        coalesce(sum(sign * commercial_scoring::numeric), 0) AS commercial_sum,
        coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0) AS commercial_count,
        coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
          FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_days_sum,
        coalesce(sum(sign) FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_count
      FROM delta
      GROUP BY 1
    ) g
    WHERE (deals, amount_sum, won_deals, lost_deals, open_amount, won_amount, lost_amount, technical_sum, technical_count,
      commercial_sum, commercial_count, cycle_days_sum, cycle_count) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1
    ON CONFLICT (owner_key) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum,
      won_deals = s.won_deals + excluded.won_deals,
      lost_deals = s.lost_deals + excluded.lost_deals,
      open_amount = s.open_amount + excluded.open_amount,
      won_amount = s.won_amount + excluded.won_amount,
      lost_amount = s.lost_amount + excluded.lost_amount,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$fold$, delta),
    $cleanup$
    DELETE FROM member_totals s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.deals = 0$cleanup$,
    'DELETE FROM member_totals'
$$;

CREATE FUNCTION member_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_totals;
  EXECUTE (SELECT fold FROM member_totals_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
