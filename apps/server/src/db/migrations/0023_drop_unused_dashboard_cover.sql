-- Every edit of a deal is an update that changes an indexed column (the stage, the last activity),
-- so it writes a new entry in each of the table's indexes. This one, the widest (owner, outcome and
-- seven included columns: 124 MB at 1 M deals), served the dashboards' aggregates before they read
-- the summaries kept on write; no statement uses it now (an index-usage probe over every rep and
-- manager read found no scan), and opportunities_owner_outcome_idx has the same key.
DROP INDEX IF EXISTS opportunities_owner_dashboard_cover_idx;
