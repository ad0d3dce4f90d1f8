ALTER TABLE "opportunities" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_currency_check" CHECK (currency ~ '^[A-Z]{3}$');--> statement-breakpoint
-- A deal deleted before this migration comes back in US dollars: its archived row (decision 017) gains the currency
-- every deal had, since a restore takes a missing key as null and the column refuses null.
UPDATE "deleted_opportunities" SET "row" = "row" || '{"currency": "USD"}'::jsonb WHERE NOT ("row" ? 'currency');
