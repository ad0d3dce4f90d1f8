CREATE TABLE "rep_accounts" (
	"owner_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"deals" integer NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"created_at" timestamp with time zone NOT NULL,
	"live" boolean NOT NULL,
	CONSTRAINT "rep_accounts_pk" PRIMARY KEY("account_id","owner_id")
);
--> statement-breakpoint
-- rep_contacts is emptied so its new column can be NOT NULL: the read models' step that follows in the
-- same transaction refills it, search text included (rep-contacts.sql changed: rep_contacts_rebuild()).
DELETE FROM "rep_contacts";--> statement-breakpoint
ALTER TABLE "rep_contacts" ADD COLUMN "search" text NOT NULL;--> statement-breakpoint
CREATE INDEX "rep_accounts_name_idx" ON "rep_accounts" USING btree ("owner_id","name","account_id") WHERE live;--> statement-breakpoint
CREATE INDEX "rep_accounts_created_idx" ON "rep_accounts" USING btree ("owner_id","created_at","account_id") WHERE live;