CREATE TABLE "notification_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" IN ('instant', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opportunity_id" integer,
	"task_id" bigint,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" IN ('instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE in_app;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE in_app AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_daily_idx" ON "notifications" USING btree ("user_id") WHERE email = 'daily' AND emailed_at IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_analysis_finished_idx" ON "jobs" USING btree ("finished_at") WHERE kind = 'transcript_analysis' AND status = 'succeeded';--> statement-breakpoint
CREATE INDEX "opportunity_changes_moves_idx" ON "opportunity_changes" USING btree ("at") WHERE field IN ('stage', 'status');