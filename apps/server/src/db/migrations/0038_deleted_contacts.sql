CREATE TABLE "deleted_contacts" (
	"id" integer PRIMARY KEY NOT NULL,
	"row" jsonb NOT NULL,
	"committee" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_contacts" ADD CONSTRAINT "deleted_contacts_deleted_by_fkey" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_contacts_deleted_by_at_idx" ON "deleted_contacts" USING btree ("deleted_by","deleted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deleted_contacts_deleted_at_idx" ON "deleted_contacts" USING btree ("deleted_at");