-- A deal's history (docs/decisions/014-deal-history.md): every change to an opportunity, by a person, an
-- import, the ingest API or a call analysis, is one row of opportunity_changes (field, before → after).
-- The opportunity itself keeps what the workspace reads without scanning its history:
--   version          bumped by every edit; a PATCH names the version it saw (stale → 409);
--   stage_changed_at when the stage last changed (kept by the trigger below, whoever writes);
--   last_activity_at when the deal last changed or had a call analysed (set by the change recorder);
--   field_sources    who last wrote each field: {"amount": "person", "technical_feedback": "analysis"}.
ALTER TABLE opportunities DISABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN stage_changed_at timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN last_activity_at timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE opportunities ADD COLUMN field_sources jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE opportunities o SET stage_changed_at = o.record_date,
  last_activity_at = greatest(o.record_date, coalesce((SELECT max(c.created_at) FROM call_analyses c WHERE c.opportunity_id = o.id), o.record_date));
--> statement-breakpoint
ALTER TABLE opportunities ENABLE TRIGGER USER;
--> statement-breakpoint
CREATE TABLE "opportunity_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL REFERENCES "opportunities"("id") ON DELETE CASCADE,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"actor_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"api_key_id" uuid REFERENCES "api_keys"("id") ON DELETE SET NULL,
	"call_analysis_id" uuid REFERENCES "call_analyses"("id") ON DELETE SET NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "opportunity_changes_source_check" CHECK ("source" IN ('person', 'import', 'ingest', 'analysis', 'system'))
);
--> statement-breakpoint
CREATE INDEX "opportunity_changes_opportunity_at_idx" ON "opportunity_changes" USING btree ("opportunity_id", "at" DESC, "id" DESC);
--> statement-breakpoint
-- Whoever changes the stage (an edit, the board, an import, ingest, a call analysis), the time it
-- entered its stage follows, unless the writer sets it itself (the demo seed does).
CREATE FUNCTION opportunities_stage_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage IS DISTINCT FROM OLD.stage AND NEW.stage_changed_at = OLD.stage_changed_at THEN
    NEW.stage_changed_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER opportunities_stage_changed_at BEFORE UPDATE OF stage ON opportunities
  FOR EACH ROW EXECUTE FUNCTION opportunities_stage_changed_at();
