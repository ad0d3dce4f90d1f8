-- Deals edited by people (docs/decisions/017-deal-edits-and-soft-delete.md).
-- A deal's own notes, and the reason given when it was marked won or lost.
ALTER TABLE opportunities ADD COLUMN notes text;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN close_reason text;
--> statement-breakpoint
-- Soft delete moves the row here, whole, so every figure, index and summary trigger (which only ever
-- see opportunities) drops it by construction, and a restore puts it back under the same id. Its
-- history and call analyses stay where they are, keyed by that id: their foreign keys no longer
-- cascade from opportunities (a delete is now always a move; the 30-day purge removes them).
CREATE TABLE "deleted_opportunities" (
	"id" integer PRIMARY KEY NOT NULL,
	"owner_id" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deleted_opportunities_owner_deleted_at_idx" ON "deleted_opportunities" USING btree ("owner_id", "deleted_at" DESC);
--> statement-breakpoint
CREATE INDEX "deleted_opportunities_deleted_at_idx" ON "deleted_opportunities" USING btree ("deleted_at");
--> statement-breakpoint
ALTER TABLE "opportunity_changes" DROP CONSTRAINT "opportunity_changes_opportunity_id_fkey";
--> statement-breakpoint
ALTER TABLE "call_analyses" DROP CONSTRAINT "call_analyses_opportunity_id_opportunities_id_fk";
--> statement-breakpoint
-- What a call analysis or an integration would have written over a person's value: offered beside
-- the field until someone accepts or dismisses it.
CREATE TABLE "opportunity_suggestions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" jsonb,
	"source" text NOT NULL,
	"call_analysis_id" uuid REFERENCES "call_analyses"("id") ON DELETE SET NULL,
	"api_key_id" uuid REFERENCES "api_keys"("id") ON DELETE SET NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "opportunity_suggestions_status_check" CHECK ("status" IN ('pending', 'accepted', 'dismissed')),
	CONSTRAINT "opportunity_suggestions_source_check" CHECK ("source" IN ('import', 'ingest', 'analysis', 'system'))
);
--> statement-breakpoint
CREATE INDEX "opportunity_suggestions_pending_idx" ON "opportunity_suggestions" USING btree ("opportunity_id", "field") WHERE "status" = 'pending';
