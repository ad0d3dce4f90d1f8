-- team_summaries: per owner ('' for none) and outcome (open, won, lost), the deals, their amount, the
-- technical and commercial score sums and counts (an average is sum ÷ count), and the sales cycle over
-- closed deals with a closing date (days from the UTC record day to the closing date).
-- Folded from opportunities. Read by the win-rate view (rep_win_rate) and the representative's
-- dashboard. Rebuilt by team_summaries_rebuild().
CREATE FUNCTION team_summaries_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,outcome,amount,technical_scoring,commercial_scoring,closing_date,record_date}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO team_summaries AS s (owner_key, outcome, deals, amount_sum, technical_sum, technical_count,
      commercial_sum, commercial_count, cycle_days_sum, cycle_count)
    SELECT owner_key, outcome, deals, amount_sum, technical_sum, technical_count, commercial_sum, commercial_count,
      cycle_days_sum, cycle_count
    FROM (
      SELECT coalesce(owner_id, '') AS owner_key, outcome,
        sum(sign) AS deals,
        coalesce(sum(sign * amount), 0) AS amount_sum,
        coalesce(sum(sign * technical_scoring::numeric), 0) AS technical_sum,
        coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0) AS technical_count,
        coalesce(sum(sign * commercial_scoring::numeric), 0) AS commercial_sum,
        coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0) AS commercial_count,
        coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
          FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_days_sum,
        coalesce(sum(sign) FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0) AS cycle_count
      FROM delta
      GROUP BY 1, 2
    ) g
    WHERE (deals, amount_sum, technical_sum, technical_count, commercial_sum, commercial_count, cycle_days_sum, cycle_count)
      <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT (owner_key, outcome) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$fold$, delta),
    $cleanup$
    DELETE FROM team_summaries s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, outcome FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.outcome = k.outcome AND s.deals = 0$cleanup$,
    'DELETE FROM team_summaries'
$$;

CREATE FUNCTION team_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_summaries;
  EXECUTE (SELECT fold FROM team_summaries_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
