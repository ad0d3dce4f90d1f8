-- Incoming deals are matched on names only a manager sets (account_manager_name, aliases), no
-- longer on full_name, which every user may change. Existing accounts start from their name as
-- it is now.
ALTER TABLE "users" ADD COLUMN "account_manager_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_manager_aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" SET "account_manager_name" = "full_name";--> statement-breakpoint
-- The rule that gave a row its owner; null for rows that arrived before it was recorded.
ALTER TABLE "opportunities" ADD COLUMN "owner_match" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_match_check" CHECK (owner_match IN ('email', 'exact', 'case-insensitive', 'alias', 'first-name', 'last-name', 'manual', 'none'));
