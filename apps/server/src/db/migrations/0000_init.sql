CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_analysis_cache" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"analysis" text NOT NULL,
	"recommended_cards" jsonb NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_analysis_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"search_query" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"selected_date" timestamp with time zone NOT NULL,
	"request_type" text NOT NULL,
	"notes" text,
	"ip" text,
	"user_agent" text,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text,
	"account_manager" text,
	"product" text,
	"status" text,
	"pipeline_status" text GENERATED ALWAYS AS (CASE WHEN lower(btrim(coalesce(status, ''))) IN ('closed win', 'closed-win', 'closedwin', 'won') THEN 'Closed-Win' WHEN lower(btrim(coalesce(status, ''))) IN ('closed lost', 'closed-lost', 'closedlost', 'lost') THEN 'Closed-Lost' ELSE 'On-going' END) STORED NOT NULL,
	"lead_status" text,
	"amount" numeric(14, 2),
	"client_company_name" text,
	"client_name" text,
	"next_meeting_date" timestamp with time zone,
	"closing_date" date,
	"company_industry" text,
	"company_size" text,
	"domain_website" text,
	"company_summary" text,
	"record_date" timestamp with time zone DEFAULT now() NOT NULL,
	"technical_scoring" real,
	"commercial_scoring" real,
	"technical_answers" text,
	"commercial_answers" text,
	"technical_feedback" text,
	"commercial_feedback" text,
	"technical_attached_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rep_quotas" (
	"user_id" text PRIMARY KEY NOT NULL,
	"quarterly_quota" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "team_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"github_link" text,
	"linkedin_link" text,
	"introduction_text" text,
	"resume_file_path" text,
	"resume_original_name" text,
	"resume_content_type" text,
	"resume_size" integer,
	"ip" text,
	"user_agent" text,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"image" text,
	"role" text,
	"company" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_quotas" ADD CONSTRAINT "rep_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_analysis_searches_created_idx" ON "company_analysis_searches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_requests_slot_unique" ON "demo_requests" USING btree ("selected_date") WHERE request_type = 'demo';--> statement-breakpoint
CREATE INDEX "demo_requests_created_idx" ON "demo_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "opportunities_owner_meeting_idx" ON "opportunities" USING btree ("owner_id","next_meeting_date");--> statement-breakpoint
CREATE INDEX "opportunities_owner_status_idx" ON "opportunities" USING btree ("owner_id","pipeline_status");--> statement-breakpoint
CREATE INDEX "opportunities_owner_record_idx" ON "opportunities" USING btree ("owner_id","record_date");--> statement-breakpoint
CREATE INDEX "opportunities_account_manager_idx" ON "opportunities" USING btree ("account_manager");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_applications_created_idx" ON "team_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");