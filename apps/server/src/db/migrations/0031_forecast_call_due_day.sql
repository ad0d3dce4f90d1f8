-- The day forecast calls fall due (issue 38): a representative who has not made this week's call
-- by then, in their own time zone, is reminded. A team setting beside the others; an ISO weekday
-- (1 = Monday … 7 = Sunday), null until a manager chooses one (the default, Thursday, is the
-- domain's DEFAULT_CALL_DUE_DAY, as the other settings' defaults are).
ALTER TABLE insight_settings ADD COLUMN forecast_call_due_day smallint
  CONSTRAINT insight_settings_forecast_call_due_day_check CHECK (forecast_call_due_day BETWEEN 1 AND 7);
