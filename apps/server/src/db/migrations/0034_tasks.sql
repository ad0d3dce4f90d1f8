CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"owner_id" text NOT NULL,
	"opportunity_id" integer,
	"contact_id" integer,
	"source" text NOT NULL,
	"call_analysis_id" uuid,
	"call_step" integer,
	"source_line" integer,
	"source_quote" text,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" IN ('open', 'done', 'dismissed')),
	CONSTRAINT "tasks_source_check" CHECK ("tasks"."source" IN ('person', 'call', 'integration')),
	CONSTRAINT "tasks_title_check" CHECK (char_length("tasks"."title") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_call_analysis_id_fkey" FOREIGN KEY ("call_analysis_id") REFERENCES "public"."call_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_owner_status_due_idx" ON "tasks" USING btree ("owner_id","status","due_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_at","id") WHERE status = 'open' AND deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_call_step_idx" ON "tasks" USING btree ("call_analysis_id","call_step");--> statement-breakpoint
CREATE INDEX "tasks_opportunity_idx" ON "tasks" USING btree ("opportunity_id") WHERE opportunity_id IS NOT NULL;