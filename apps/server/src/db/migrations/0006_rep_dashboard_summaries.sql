CREATE TABLE "rep_companies" (
	"owner_key" text NOT NULL,
	"company" text NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rep_companies_owner_key_company_pk" PRIMARY KEY("owner_key","company")
);
--> statement-breakpoint
CREATE TABLE "rep_company_months" (
	"owner_key" text NOT NULL,
	"month" date NOT NULL,
	"company" text NOT NULL,
	"deals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rep_company_months_owner_key_month_company_pk" PRIMARY KEY("owner_key","month","company")
);
--> statement-breakpoint
CREATE TABLE "rep_field_values" (
	"owner_key" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rep_field_values_owner_key_field_value_pk" PRIMARY KEY("owner_key","field","value")
);
--> statement-breakpoint
CREATE TABLE "rep_meeting_days" (
	"owner_key" text NOT NULL,
	"day" date NOT NULL,
	"lead_status" text NOT NULL,
	"meetings" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rep_meeting_days_owner_key_day_lead_status_pk" PRIMARY KEY("owner_key","day","lead_status")
);
