ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_external_id_idx" ON "contacts" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("email");