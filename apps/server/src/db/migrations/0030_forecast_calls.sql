-- Forecast calls (issue 38): each week a representative commits to a commit and a best-case figure
-- for the quarter, with a note; a manager may adjust the latest one. One row per representative,
-- quarter and week (a second submission in a week replaces the first); the weeks kept are the
-- history that tells who is accurate (docs/metrics.md, "Forecast calls").
CREATE TABLE forecast_calls (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  quarter date NOT NULL,
  week date NOT NULL,
  commit_amount bigint NOT NULL CHECK (commit_amount >= 0),
  best_case_amount bigint NOT NULL CHECK (best_case_amount >= commit_amount),
  note text NOT NULL DEFAULT '',
  submitted_at timestamp with time zone NOT NULL DEFAULT now(),
  adjusted_commit bigint,
  adjusted_best_case bigint,
  adjusted_by text REFERENCES users(id) ON DELETE SET NULL,
  adjusted_at timestamp with time zone,
  PRIMARY KEY (user_id, quarter, week)
);
