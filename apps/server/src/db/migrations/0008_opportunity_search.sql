-- Free-text search over a rep's opportunities (spec §5: product, client company, client, account
-- manager, amount text) with a trigram index, so `ILIKE '%acme%'` reads matching entries instead of
-- every row of the rep. The expression must stay identical to opportunitySearchText in schema.ts.
-- A control character separates the fields so a search cannot match across two of them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX opportunities_search_trgm_idx ON opportunities USING gin ((
  coalesce(product, '') || chr(1) || coalesce(client_company_name, '') || chr(1) || coalesce(client_name, '')
    || chr(1) || coalesce(account_manager, '') || chr(1) || coalesce(amount::text, '')
) gin_trgm_ops);
