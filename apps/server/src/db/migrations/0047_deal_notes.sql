CREATE TABLE "deal_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"author_id" text,
	"text" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deal_notes" ADD CONSTRAINT "deal_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_notes_opportunity_idx" ON "deal_notes" USING btree ("opportunity_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;