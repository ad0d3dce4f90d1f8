CREATE TABLE "committee_suggestions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"call_analysis_id" uuid NOT NULL,
	"speaker" text,
	"person_name" text,
	"contact_id" integer,
	"role" text NOT NULL,
	"lines" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"quote" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "committee_suggestions_status_check" CHECK ("committee_suggestions"."status" IN ('pending', 'accepted', 'dismissed')),
	CONSTRAINT "committee_suggestions_role_check" CHECK (role IN ('economic_buyer', 'champion', 'decision_maker', 'technical_evaluator', 'user', 'legal_procurement', 'blocker'))
);
--> statement-breakpoint
ALTER TABLE "committee_suggestions" ADD CONSTRAINT "committee_suggestions_call_analysis_id_fkey" FOREIGN KEY ("call_analysis_id") REFERENCES "public"."call_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_suggestions" ADD CONSTRAINT "committee_suggestions_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_suggestions" ADD CONSTRAINT "committee_suggestions_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committee_suggestions_analysis_idx" ON "committee_suggestions" USING btree ("call_analysis_id");--> statement-breakpoint
CREATE INDEX "committee_suggestions_pending_idx" ON "committee_suggestions" USING btree ("opportunity_id") WHERE "committee_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "committee_suggestions_contact_idx" ON "committee_suggestions" USING btree ("contact_id");