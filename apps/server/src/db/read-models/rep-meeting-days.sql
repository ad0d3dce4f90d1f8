-- rep_meeting_days: per owner ('' for none), day of the next meeting (UTC) and lead status ('' for
-- none), the number of deals with a meeting that day.
-- Folded from opportunities. Read by the representative's dashboard. Rebuilt by
-- rep_meeting_days_rebuild().
CREATE FUNCTION rep_meeting_days_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id,next_meeting_date,lead_status}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO rep_meeting_days AS d (owner_key, day, lead_status, meetings)
    SELECT coalesce(owner_id, ''), (next_meeting_date AT TIME ZONE 'UTC')::date, coalesce(lead_status, ''), sum(sign)
    FROM delta
    WHERE next_meeting_date IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (owner_key, day, lead_status) DO UPDATE SET meetings = d.meetings + excluded.meetings$fold$, delta),
    $cleanup$
    DELETE FROM rep_meeting_days d
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, (next_meeting_date AT TIME ZONE 'UTC')::date AS day,
      coalesce(lead_status, '') AS lead_status FROM old_rows WHERE next_meeting_date IS NOT NULL) k
    WHERE d.owner_key = k.owner_key AND d.day = k.day AND d.lead_status = k.lead_status AND d.meetings = 0$cleanup$,
    'DELETE FROM rep_meeting_days'
$$;

CREATE FUNCTION rep_meeting_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rep_meeting_days;
  EXECUTE (SELECT fold FROM rep_meeting_days_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
