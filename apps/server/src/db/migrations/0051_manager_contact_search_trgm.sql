-- A manager's contact search finds its matches from indexes (decision 052, amended): the trigrams
-- (pg_trgm, migration 0008) of each contact field it reads, and of the account names it reads, so a
-- text few contacts have is found without reading every contact.
CREATE INDEX "client_accounts_name_trgm_idx" ON "client_accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("full_name" gin_trgm_ops,"email" gin_trgm_ops,"title" gin_trgm_ops);
