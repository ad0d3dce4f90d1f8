ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_kind_check";--> statement-breakpoint
ALTER TABLE "calendar_events" ALTER COLUMN "ref_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_kind_check" CHECK ("calendar_events"."kind" IN ('task', 'meeting', 'booking'));