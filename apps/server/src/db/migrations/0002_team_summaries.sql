CREATE TABLE "team_quarter_wins" (
	"owner_key" text NOT NULL,
	"quarter" date NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	"amount_sum" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "team_quarter_wins_owner_key_quarter_pk" PRIMARY KEY("owner_key","quarter")
);
--> statement-breakpoint
CREATE TABLE "team_summaries" (
	"owner_key" text NOT NULL,
	"pipeline_status" text NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	"amount_sum" numeric DEFAULT 0 NOT NULL,
	"technical_sum" numeric DEFAULT 0 NOT NULL,
	"technical_count" bigint DEFAULT 0 NOT NULL,
	"commercial_sum" numeric DEFAULT 0 NOT NULL,
	"commercial_count" bigint DEFAULT 0 NOT NULL,
	"won_lead_count" bigint DEFAULT 0 NOT NULL,
	"cycle_days_sum" bigint DEFAULT 0 NOT NULL,
	"cycle_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_summaries_owner_key_pipeline_status_pk" PRIMARY KEY("owner_key","pipeline_status")
);
