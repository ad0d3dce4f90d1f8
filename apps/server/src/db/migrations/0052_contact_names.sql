-- A manager's contact search finds name matches in the kept dictionary of sort names (decision 055):
-- its table and the trigrams of its names; filled by db/read-models/contact-names.sql when the migrator
-- first applies it. The contacts' trigram index loses the name (found in the dictionary) and keeps the
-- e-mail and title.
CREATE TABLE "contact_names" (
	"sort_name" text NOT NULL,
	"contacts" integer NOT NULL,
	CONSTRAINT "contact_names_pk" PRIMARY KEY("sort_name")
);
--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "contact_names_trgm_idx" ON "contact_names" USING gin ("sort_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_title_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops,"title" gin_trgm_ops);