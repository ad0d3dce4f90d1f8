-- The pipeline model (docs/decisions/012-pipeline-model.md): each opportunity stores its canonical
-- stage, decided by the application when the row is written (resolvePipeline in @nexa/domain), and
-- the database derives its outcome and the spec's pipeline group from that stage, so the figures
-- never read the status text again. The status text stays as it was received.
-- The summaries are rebuilt at the end, so their triggers stay off while every row is rewritten.
ALTER TABLE opportunities DISABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN stage text;
--> statement-breakpoint
-- Rows written before the model: the domain rule as SQL (stageSql('status') of pipeline-model.ts,
-- checked against it by test/pipeline-model.test.ts).
UPDATE opportunities SET stage = CASE WHEN (' ' || btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) || ' ') ~ ' (lost|lose|loss|closedlost|perdu|perdue|perdus|perdues|echec|echoue|echouee|abandoned|abandonne|abandonnee|dropped|dead|rejected|refuse|refusee|declined|disqualified|unqualified|disqualifie|disqualifiee|cancelled|canceled|annule|annulee|no go|nogo|sans suite) ' THEN 'Closed-Lost' WHEN btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) IN ('closed', 'clos', 'cloture', 'ferme') OR (' ' || btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) || ' ') ~ ' (won|win|closedwon|closedwin|gagne|gagnee|gagnes|gagnees|signe|signee|signed|booked|remporte|remportee|conclu|conclue|success|succes|reussi|reussie) ' THEN 'Closed-Win' WHEN (' ' || btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) || ' ') ~ ' (negotiation|negotiations|negotiating|negociation|negociations|contract|contracting|contrat|closing|procurement|legal review) ' THEN 'Negotiation' WHEN (' ' || btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) || ' ') ~ ' (proposal|proposition|propal|quote|quoted|quotation|devis|offer|offre|tender|rfp) ' THEN 'Proposal' WHEN (' ' || btrim(regexp_replace(translate(lower(coalesce(status, '')), 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g')) || ' ') ~ ' (qualified|qualification|qualifie|qualifiee|discovery|decouverte|demo|demonstration|evaluation|poc|proof of concept) ' THEN 'Qualified' ELSE 'New' END;
--> statement-breakpoint
ALTER TABLE opportunities ALTER COLUMN stage SET NOT NULL;
--> statement-breakpoint
ALTER TABLE opportunities ADD CONSTRAINT opportunities_stage_check
  CHECK (stage IN ('New', 'Qualified', 'Proposal', 'Negotiation', 'Closed-Win', 'Closed-Lost'));
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN outcome text GENERATED ALWAYS AS (CASE stage WHEN 'Closed-Win' THEN 'won' WHEN 'Closed-Lost' THEN 'lost' ELSE 'open' END) STORED NOT NULL;
--> statement-breakpoint
-- The old summaries and their triggers grouped by a pipeline_status read from the status text.
DROP VIEW rep_win_rate;
--> statement-breakpoint
DROP TRIGGER team_summaries_insert ON opportunities;
--> statement-breakpoint
DROP TRIGGER team_summaries_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER team_summaries_delete ON opportunities;
--> statement-breakpoint
DROP TRIGGER team_summaries_truncate ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_product_statuses_insert ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_product_statuses_update ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_product_statuses_delete ON opportunities;
--> statement-breakpoint
DROP TRIGGER rep_product_statuses_truncate ON opportunities;
--> statement-breakpoint
DROP FUNCTION team_summaries_on_insert(), team_summaries_on_update(), team_summaries_on_delete(),
  team_summaries_on_truncate(), team_summaries_rebuild(), rep_product_statuses_on_insert(),
  rep_product_statuses_on_update(), rep_product_statuses_on_delete(), rep_product_statuses_on_truncate();
--> statement-breakpoint
DROP TABLE team_summaries, team_quarter_wins, rep_product_statuses;
--> statement-breakpoint
-- Its indexes (owner and status, the dashboard cover, the list's product filter, follow-ups) go with it.
ALTER TABLE opportunities DROP COLUMN pipeline_status;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN pipeline_status text GENERATED ALWAYS AS (CASE stage WHEN 'Closed-Win' THEN 'Closed-Win' WHEN 'Closed-Lost' THEN 'Closed-Lost' ELSE 'On-going' END) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX opportunities_owner_outcome_idx ON opportunities USING btree (owner_id, outcome);
--> statement-breakpoint
CREATE INDEX opportunities_owner_dashboard_cover_idx ON opportunities USING btree (owner_id, outcome)
  INCLUDE (amount, lead_status, client_company_name, record_date, product, status, company_industry);
--> statement-breakpoint
CREATE INDEX opportunities_owner_product_outcome_meeting_id_idx ON opportunities USING btree
  (owner_id, product, outcome, next_meeting_date, id);
--> statement-breakpoint
CREATE INDEX opportunities_owner_stage_idx ON opportunities USING btree (owner_id, stage);
--> statement-breakpoint
-- The "require follow-up" count: a rep's open deals whose lead status is Pending.
CREATE INDEX opportunities_owner_follow_up_idx ON opportunities (owner_id)
  WHERE outcome = 'open' AND lower(btrim(lead_status)) = 'pending';
--> statement-breakpoint
-- Quota attainment: a rep's won deals by closing date, amount read from the index.
CREATE INDEX opportunities_owner_won_closing_idx ON opportunities (owner_id, closing_date) INCLUDE (amount)
  WHERE outcome = 'won';
--> statement-breakpoint
-- Team figures per representative and outcome (docs/decisions/007), equal to a GROUP BY over the
-- opportunities at all times.
CREATE TABLE team_summaries (
  owner_key text NOT NULL,
  outcome text NOT NULL,
  deals bigint DEFAULT 0 NOT NULL,
  amount_sum numeric DEFAULT 0 NOT NULL,
  technical_sum numeric DEFAULT 0 NOT NULL,
  technical_count bigint DEFAULT 0 NOT NULL,
  commercial_sum numeric DEFAULT 0 NOT NULL,
  commercial_count bigint DEFAULT 0 NOT NULL,
  cycle_days_sum bigint DEFAULT 0 NOT NULL,
  cycle_count bigint DEFAULT 0 NOT NULL,
  CONSTRAINT team_summaries_owner_key_outcome_pk PRIMARY KEY (owner_key, outcome)
);
--> statement-breakpoint
-- How many opportunities each representative has per product and outcome: the list's total for
-- its dropdown filters. product '' stands for none.
CREATE TABLE rep_product_statuses (
  owner_key text NOT NULL,
  product text NOT NULL,
  outcome text NOT NULL,
  deals bigint DEFAULT 0 NOT NULL,
  CONSTRAINT rep_product_statuses_owner_key_product_outcome_pk PRIMARY KEY (owner_key, product, outcome)
);
--> statement-breakpoint
-- Each summary's aggregate is written once, as the text of one statement over a "delta" of signed
-- rows (+1 written, -1 removed). The trigger runs it over its transition tables, the rebuild over
-- every row. Keys are upserted in sorted order so concurrent writers lock summary rows in the same
-- order; the sales cycle counts closed deals with a closing date (days from the UTC record day).
CREATE FUNCTION team_summaries_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO team_summaries AS s (owner_key, outcome, deals, amount_sum, technical_sum, technical_count,
      commercial_sum, commercial_count, cycle_days_sum, cycle_count)
    SELECT coalesce(owner_id, ''), outcome,
      sum(sign),
      coalesce(sum(sign * amount), 0),
      coalesce(sum(sign * technical_scoring::numeric), 0),
      coalesce(sum(sign) FILTER (WHERE technical_scoring IS NOT NULL), 0),
      coalesce(sum(sign * commercial_scoring::numeric), 0),
      coalesce(sum(sign) FILTER (WHERE commercial_scoring IS NOT NULL), 0),
      coalesce(sum(sign * (closing_date - (record_date AT TIME ZONE 'UTC')::date))
        FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0),
      coalesce(sum(sign) FILTER (WHERE outcome <> 'open' AND closing_date IS NOT NULL), 0)
    FROM delta
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (owner_key, outcome) DO UPDATE SET
      deals = s.deals + excluded.deals,
      amount_sum = s.amount_sum + excluded.amount_sum,
      technical_sum = s.technical_sum + excluded.technical_sum,
      technical_count = s.technical_count + excluded.technical_count,
      commercial_sum = s.commercial_sum + excluded.commercial_sum,
      commercial_count = s.commercial_count + excluded.commercial_count,
      cycle_days_sum = s.cycle_days_sum + excluded.cycle_days_sum,
      cycle_count = s.cycle_count + excluded.cycle_count$q$, delta)
$$;
--> statement-breakpoint
CREATE FUNCTION rep_product_statuses_statement(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH delta AS (%s)
    INSERT INTO rep_product_statuses AS s (owner_key, product, outcome, deals)
    SELECT coalesce(owner_id, ''), coalesce(product, ''), outcome, sum(sign)
    FROM delta
    GROUP BY 1, 2, 3
    HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (owner_key, product, outcome) DO UPDATE SET deals = s.deals + excluded.deals$q$, delta)
$$;
--> statement-breakpoint
-- One trigger function per summary for INSERT, UPDATE and DELETE: the delta is the statement's
-- transition tables, read through EXECUTE so one function serves tables that exist per operation.
CREATE FUNCTION pipeline_summaries_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
BEGIN
  EXECUTE team_summaries_statement(delta);
  EXECUTE rep_product_statuses_statement(delta);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM team_summaries WHERE deals = 0;
    DELETE FROM rep_product_statuses s
    USING (SELECT DISTINCT coalesce(owner_id, '') AS owner_key, coalesce(product, '') AS product, outcome FROM old_rows) k
    WHERE s.owner_key = k.owner_key AND s.product = k.product AND s.outcome = k.outcome AND s.deals = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pipeline_summaries_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_summaries;
  DELETE FROM rep_product_statuses;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes both summaries from the rows in one transaction: after a bulk load with the triggers
-- off, or to repair.
CREATE FUNCTION pipeline_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_summaries;
  DELETE FROM rep_product_statuses;
  EXECUTE team_summaries_statement('SELECT 1 AS sign, * FROM opportunities');
  EXECUTE rep_product_statuses_statement('SELECT 1 AS sign, * FROM opportunities');
END
$$;
--> statement-breakpoint
CREATE TRIGGER pipeline_summaries_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER pipeline_summaries_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER pipeline_summaries_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_summaries_fold();
--> statement-breakpoint
CREATE TRIGGER pipeline_summaries_truncate AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_summaries_on_truncate();
--> statement-breakpoint
ALTER TABLE opportunities ENABLE TRIGGER USER;
--> statement-breakpoint
SELECT pipeline_summaries_rebuild();
--> statement-breakpoint
-- The win rate per owner (won ÷ (won + lost), NULL without a closed deal), read from the summaries.
CREATE VIEW rep_win_rate AS
SELECT
  nullif(s.owner_key, '') AS owner_id,
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
GROUP BY s.owner_key;
