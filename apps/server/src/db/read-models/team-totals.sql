-- team_totals: the team's cards on the manager's dashboard (deals, their amount, representatives) in a
-- handful of rows, one per slot (the writer's connection, pg_backend_pid() % 16), so concurrent writers
-- rarely wait on one another's row; a figure is the sum over the slots.
-- Folded from opportunities (deals, amount) and, row by row, from users (the representatives, as roles
-- and deactivations change). Read by the manager's dashboard. Rebuilt by team_totals_rebuild().
CREATE FUNCTION team_totals_read_model(delta text,
  OUT reads text[], OUT fold text, OUT cleanup text, OUT on_truncate text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    '{amount}'::text[],
    format($fold$
    WITH delta AS (%s)
    INSERT INTO team_totals AS s (slot, deals, amount_sum)
    SELECT pg_backend_pid() %% 16, sum(sign), coalesce(sum(sign * amount), 0)
    FROM delta
    HAVING sum(sign) <> 0 OR coalesce(sum(sign * amount), 0) <> 0
    ON CONFLICT (slot) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum$fold$, delta),
    NULL,
    'UPDATE team_totals SET deals = 0, amount_sum = 0'
$$;

-- Who counts as a representative on the team (docs/metrics.md, "Who counts"): an active user with the
-- role. The users' trigger and the rebuild both ask it.
CREATE FUNCTION team_totals_counts_user(role text, disabled boolean) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT role = 'Sales Representative' AND NOT disabled
$$;

-- Users are few and rarely written: a row trigger counts the representatives as roles change.
CREATE FUNCTION team_totals_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'DELETE' AND team_totals_counts_user(NEW.role, NEW.disabled) THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND team_totals_counts_user(OLD.role, OLD.disabled) THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    INSERT INTO team_totals AS s (slot, representatives) VALUES (pg_backend_pid() % 16, delta)
    ON CONFLICT (slot) DO UPDATE SET representatives = s.representatives + excluded.representatives;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER team_totals_users AFTER INSERT OR DELETE OR UPDATE OF role, disabled ON users
  FOR EACH ROW EXECUTE FUNCTION team_totals_on_users();

-- The representatives counted again (in slot 0), then the deals by the fold.
CREATE FUNCTION team_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_totals;
  INSERT INTO team_totals (slot, representatives)
  SELECT 0, count(*) FILTER (WHERE team_totals_counts_user(role, disabled)) FROM users;
  EXECUTE (SELECT fold FROM team_totals_read_model('SELECT 1 AS sign, * FROM opportunities'));
END
$$;
