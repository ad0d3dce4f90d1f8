CREATE INDEX "opportunities_owner_product_status_meeting_idx" ON "opportunities" USING btree ("owner_id","product","pipeline_status","next_meeting_date");--> statement-breakpoint
-- The rep dashboard's aggregates (totals per status, follow-ups, companies, facets) read only these
-- columns: an index-only scan of the rep's entries instead of one heap page per row. Drizzle's index
-- builder has no INCLUDE, so this index lives in SQL only.
CREATE INDEX "opportunities_owner_dashboard_cover_idx" ON "opportunities" USING btree ("owner_id","pipeline_status") INCLUDE ("amount","lead_status","client_company_name","record_date","product","status","company_industry");
--> statement-breakpoint
-- Upcoming meetings and the calendar's dots: the meeting range of one rep with its lead status, index-only.
CREATE INDEX "opportunities_owner_meeting_cover_idx" ON "opportunities" USING btree ("owner_id","next_meeting_date") INCLUDE ("lead_status");
