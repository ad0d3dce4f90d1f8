-- call_owners: call_analyses.owner_key, each analysed call's deal owner ('' for none; NULL when the
-- deal is gone: soft-deleted, truncated), so coaching finds a representative's latest calls in index
-- order and call_score_weeks groups scores by owner.
-- Set when a call is written (call_analyses_take_owner, below); moved by the fold when a deal changes
-- owner, is deleted or comes back. Rebuilt by call_owners_rebuild().

-- A new call takes its deal's owner. The deal's row is share-locked until the call commits, so an
-- owner change waits for it and then moves it (the fold below sees the committed call).
CREATE FUNCTION call_analyses_take_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_key := (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = NEW.opportunity_id FOR SHARE);
  RETURN NEW;
END
$$;

CREATE TRIGGER call_analyses_take_owner BEFORE INSERT OR UPDATE OF opportunity_id ON call_analyses
  FOR EACH ROW EXECUTE FUNCTION call_analyses_take_owner();

-- The calls of the deals whose owner changed, that were deleted or that came (back): their owner_key
-- set to the deal's owner now (NULL when it is gone). The calls are found through
-- call_analyses_opportunity_idx whatever the statement's size (an array, not a join the plan cached
-- for a bulk statement could turn into a scan); a board move's delta gives an empty array.
CREATE FUNCTION call_owners_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{owner_id}'::text[],
    format($fold$
    WITH delta AS (%s)
    UPDATE call_analyses c SET owner_key = (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = c.opportunity_id)
    WHERE c.opportunity_id = ANY (ARRAY(
        SELECT id FROM delta GROUP BY id
        HAVING sum(sign) <> 0 OR min(coalesce(owner_id, '')) <> max(coalesce(owner_id, ''))))
      AND c.owner_key IS DISTINCT FROM (SELECT coalesce(o.owner_id, '') FROM opportunities o WHERE o.id = c.opportunity_id)$fold$,
      delta),
    NULL,
    'UPDATE call_analyses SET owner_key = NULL WHERE owner_key IS NOT NULL'
$$;

CREATE FUNCTION call_owners_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_analyses c SET owner_key = coalesce(d.owner_id, '') FROM opportunities d
  WHERE d.id = c.opportunity_id AND c.owner_key IS DISTINCT FROM coalesce(d.owner_id, '');
  UPDATE call_analyses c SET owner_key = NULL
  WHERE c.owner_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM opportunities d WHERE d.id = c.opportunity_id);
END
$$;
