DROP INDEX "opportunities_owner_meeting_idx";--> statement-breakpoint
CREATE INDEX "opportunities_owner_meeting_id_idx" ON "opportunities" USING btree ("owner_id","next_meeting_date","id");--> statement-breakpoint
-- The calendar's dots come from rep_meeting_days now (migration 0007); nothing reads this one.
DROP INDEX IF EXISTS "opportunities_owner_meeting_cover_idx";
