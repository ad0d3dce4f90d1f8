-- A representative's contact search finds its matches from an index (decision 052): the owner's
-- entries (btree_gin's text operator class) and the search text's trigrams (pg_trgm, migration 0008)
-- in one GIN index, so a word few of their contacts have is found without walking their whole range.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "rep_contacts_search_trgm_idx" ON "rep_contacts" USING gin ("owner_id","search" gin_trgm_ops);
