-- call_score_weeks: per owner and week (Monday, UTC) of the analysis, the analysed calls and their
-- technical and commercial score sums and counts (a score counts when the analysis holds a number
-- there). A call whose deal is gone (owner_key NULL) counts nowhere.
-- Folded from call_analyses, so a deal's owner change (which moves its calls' owner_key, see
-- call-owners.sql) moves its calls' scores too. Read by the manager's trends. Rebuilt by
-- call_score_weeks_rebuild().
CREATE FUNCTION call_score_weeks_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_key,created_at,result}'::text[],
    format($fold$
    WITH delta AS (%s),
    scored AS (
      SELECT sign, owner_key, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week,
        CASE WHEN jsonb_typeof(result #> '{technicalScore,score}') = 'number' THEN (result #>> '{technicalScore,score}')::numeric END AS technical,
        CASE WHEN jsonb_typeof(result #> '{commercialScore,score}') = 'number' THEN (result #>> '{commercialScore,score}')::numeric END AS commercial
      FROM delta WHERE owner_key IS NOT NULL
    )
    INSERT INTO call_score_weeks AS s (owner_key, week, calls, technical_sum, technical_count, commercial_sum, commercial_count)
    SELECT owner_key, week, sum(sign), coalesce(sum(sign * technical), 0), coalesce(sum(sign) FILTER (WHERE technical IS NOT NULL), 0),
      coalesce(sum(sign * commercial), 0), coalesce(sum(sign) FILTER (WHERE commercial IS NOT NULL), 0)
    FROM scored
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * technical), 0) <> 0 OR coalesce(sum(sign * commercial), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (owner_key, week) DO UPDATE SET
      calls = s.calls + excluded.calls,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count$fold$, delta),
    $cleanup$
    DELETE FROM call_score_weeks s
    USING (SELECT DISTINCT owner_key, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week FROM old_rows
      WHERE owner_key IS NOT NULL) k
    WHERE s.owner_key = k.owner_key AND s.week = k.week AND s.calls = 0$cleanup$,
    'DELETE FROM call_score_weeks'
$$;

CREATE FUNCTION call_score_weeks_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_score_weeks;
  EXECUTE (SELECT fold FROM call_score_weeks_read_model('SELECT 1 AS sign, * FROM call_analyses'));
END
$$;
