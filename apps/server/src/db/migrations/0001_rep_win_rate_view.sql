-- Win rate per representative (DESIGN §4.6): closed-won / (closed-won + closed-lost).
-- NULL when the representative has no closed deal, so callers apply the spec's fallback.
CREATE VIEW "rep_win_rate" AS
SELECT
  owner_id,
  max(account_manager) AS account_manager,
  count(*) FILTER (WHERE pipeline_status = 'Closed-Win')::int AS won,
  count(*) FILTER (WHERE pipeline_status = 'Closed-Lost')::int AS lost,
  CASE
    WHEN count(*) FILTER (WHERE pipeline_status <> 'On-going') = 0 THEN NULL
    ELSE round(100.0 * count(*) FILTER (WHERE pipeline_status = 'Closed-Win')
      / count(*) FILTER (WHERE pipeline_status <> 'On-going'), 2)::real
  END AS win_rate_percentage
FROM opportunities
GROUP BY owner_id;
