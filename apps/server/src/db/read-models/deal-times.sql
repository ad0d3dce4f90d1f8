-- Not a kept total: two columns of the deal itself that follow its changes, whoever writes them (an
-- edit, the board, an import, ingest, a call analysis), unless the writer sets them itself (the demo
-- seed does). Row triggers, before the write, so the folds see the written values.

-- stage_changed_at: when the deal entered its stage.
CREATE FUNCTION opportunities_stage_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage IS DISTINCT FROM OLD.stage AND NEW.stage_changed_at = OLD.stage_changed_at THEN
    NEW.stage_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER opportunities_stage_changed_at BEFORE UPDATE OF stage ON opportunities
  FOR EACH ROW EXECUTE FUNCTION opportunities_stage_changed_at();

-- last_activity_at: a change the forecast shows (stage, amount, closing date, category, owner) is
-- activity (the forecast's "what changed since last week" reads the deals touched since).
CREATE FUNCTION opportunities_forecast_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_activity_at = OLD.last_activity_at AND (NEW.stage, NEW.amount, NEW.closing_date, NEW.forecast_category, NEW.owner_id)
      IS DISTINCT FROM (OLD.stage, OLD.amount, OLD.closing_date, OLD.forecast_category, OLD.owner_id) THEN
    NEW.last_activity_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER opportunities_forecast_activity BEFORE UPDATE OF stage, amount, closing_date, forecast_category, owner_id
  ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_forecast_activity();
