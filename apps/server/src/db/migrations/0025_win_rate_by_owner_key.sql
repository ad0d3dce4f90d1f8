-- rep_win_rate is read for one owner at a time (a deal's detail and a board move's answer, a
-- representative's page). Its owner_id was nullif(owner_key, ''), which no index serves: each read
-- grouped every representative's summary rows (150 at 50 representatives, 15,000 at 5,000). Now
-- owner_id is the key itself, the Unassigned group ('') is left out (no statement reads it: a deal
-- without an owner has no owner's win rate), and a read for one owner is a scan of its three rows.
CREATE OR REPLACE VIEW rep_win_rate AS
SELECT
  s.owner_key AS owner_id,
  max(u.full_name) AS account_manager,
  coalesce(sum(s.deals) FILTER (WHERE s.outcome = 'won'), 0)::int AS won,
  coalesce(sum(s.deals) FILTER (WHERE s.outcome = 'lost'), 0)::int AS lost,
  CASE
    WHEN coalesce(sum(s.deals) FILTER (WHERE s.outcome <> 'open'), 0) = 0 THEN NULL
    ELSE round(100.0 * coalesce(sum(s.deals) FILTER (WHERE s.outcome = 'won'), 0)
      / sum(s.deals) FILTER (WHERE s.outcome <> 'open'), 2)::real
  END AS win_rate_percentage
FROM team_summaries s
LEFT JOIN users u ON u.id = s.owner_key
WHERE s.owner_key <> ''
GROUP BY s.owner_key;
