CREATE TABLE "rep_contacts" (
	"owner_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"sort_name" text NOT NULL,
	CONSTRAINT "rep_contacts_pk" PRIMARY KEY("contact_id","owner_id")
);
--> statement-breakpoint
CREATE INDEX "rep_contacts_list_idx" ON "rep_contacts" USING btree ("owner_id","sort_name","contact_id");