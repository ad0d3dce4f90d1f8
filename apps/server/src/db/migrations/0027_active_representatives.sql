-- A deactivated representative is no longer on the team (docs/metrics.md, "Who counts"): the team's
-- count of representatives counts the active ones, and the indexes the dashboard finds its members
-- and its Unassigned group by follow the same rule, so every page counts the same people.
CREATE OR REPLACE FUNCTION team_totals_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.role = 'Sales Representative' AND NOT NEW.disabled THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD.role = 'Sales Representative' AND NOT OLD.disabled THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    INSERT INTO team_totals AS s (slot, representatives) VALUES (pg_backend_pid() % 16, delta)
    ON CONFLICT (slot) DO UPDATE SET representatives = s.representatives + excluded.representatives;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER team_totals_users ON users;
--> statement-breakpoint
CREATE TRIGGER team_totals_users AFTER INSERT OR DELETE OR UPDATE OF role, disabled ON users
  FOR EACH ROW EXECUTE FUNCTION team_totals_on_users();
--> statement-breakpoint
-- The count again under the new rule, in slot 0 (the other slots' shares of it set to zero).
UPDATE team_totals SET representatives = 0;
--> statement-breakpoint
INSERT INTO team_totals AS s (slot, representatives)
SELECT 0, count(*) FROM users WHERE role = 'Sales Representative' AND NOT disabled
ON CONFLICT (slot) DO UPDATE SET representatives = excluded.representatives;
--> statement-breakpoint
DROP INDEX users_not_representative_idx;
--> statement-breakpoint
CREATE INDEX users_not_active_representative_idx ON users (id)
  WHERE role IS DISTINCT FROM 'Sales Representative' OR disabled;
--> statement-breakpoint
DROP INDEX users_representative_name_idx;
--> statement-breakpoint
CREATE INDEX users_active_representative_name_idx ON users (full_name COLLATE "C", id)
  WHERE role = 'Sales Representative' AND NOT disabled;
