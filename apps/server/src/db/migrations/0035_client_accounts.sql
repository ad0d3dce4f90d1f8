CREATE TABLE "account_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"source_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"moved" jsonb NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "account_merges_kind_check" CHECK (kind IN ('merge', 'split', 'migration'))
);
--> statement-breakpoint
CREATE TABLE "call_speakers" (
	"call_analysis_id" uuid NOT NULL,
	"speaker" text NOT NULL,
	"contact_id" integer,
	"user_id" text,
	"side" text,
	"talk_seconds" real,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_speakers_call_analysis_id_speaker_pk" PRIMARY KEY("call_analysis_id","speaker"),
	CONSTRAINT "call_speakers_side_check" CHECK (side IN ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "client_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"match_key" text NOT NULL,
	"domain" text,
	"industry" text,
	"size" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_into_id" integer,
	CONSTRAINT "client_accounts_name_check" CHECK (char_length(btrim(name)) BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"title" text,
	"language" text,
	"time_zone" text,
	"side" text DEFAULT 'buyer' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_side_check" CHECK (side IN ('buyer', 'seller')),
	CONSTRAINT "contacts_language_check" CHECK (language IN ('en', 'fr')),
	CONSTRAINT "contacts_email_check" CHECK (email = lower(email))
);
--> statement-breakpoint
CREATE TABLE "deal_contacts" (
	"opportunity_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_contacts_opportunity_id_contact_id_pk" PRIMARY KEY("opportunity_id","contact_id"),
	CONSTRAINT "deal_contacts_roles_check" CHECK (roles <@ ARRAY['economic_buyer', 'champion', 'decision_maker', 'technical_evaluator', 'user', 'legal_procurement', 'blocker']::text[])
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "account_merges" ADD CONSTRAINT "account_merges_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merges" ADD CONSTRAINT "account_merges_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_merges" ADD CONSTRAINT "account_merges_undone_by_fkey" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_speakers" ADD CONSTRAINT "call_speakers_call_analysis_id_fkey" FOREIGN KEY ("call_analysis_id") REFERENCES "public"."call_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_speakers" ADD CONSTRAINT "call_speakers_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_speakers" ADD CONSTRAINT "call_speakers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "public"."client_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."client_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_contacts" ADD CONSTRAINT "deal_contacts_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_merges_account_at_idx" ON "account_merges" USING btree ("account_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "call_speakers_contact_idx" ON "call_speakers" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_accounts_match_key_idx" ON "client_accounts" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "client_accounts_domain_idx" ON "client_accounts" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "client_accounts_live_name_idx" ON "client_accounts" USING btree ("name","id") WHERE merged_into_id IS NULL;--> statement-breakpoint
CREATE INDEX "client_accounts_merged_into_idx" ON "client_accounts" USING btree ("merged_into_id") WHERE merged_into_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_account_email_idx" ON "contacts" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "deal_contacts_contact_idx" ON "deal_contacts" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."client_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_account_owner_idx" ON "opportunities" USING btree ("account_id","owner_id");--> statement-breakpoint
CREATE INDEX "opportunities_owner_account_idx" ON "opportunities" USING btree ("owner_id","account_id");
--> statement-breakpoint
-- Accounts from today's deals (issue 36, docs/decisions): one account per accountMatchKey of the
-- deals' company names (the two expressions below are @nexa/domain's accountMatchKeySql and
-- domainOfSql as they stood; test/accounts-migration.test.ts checks they still are), named after
-- the spelling most deals use; names whose deals share a web domain are merged into the account
-- with the most deals. Every deal with a company is linked and shows its account's name (the change
-- is in its history); account_merges (kind 'migration') and audit_log list what was merged.
CREATE TEMP TABLE account_backfill_names AS
SELECT n.name, (SELECT CASE WHEN k.key <> '' THEN k.key ELSE k.fallback END FROM
  (SELECT CASE WHEN s.stripped = '' THEN s.words ELSE s.stripped END AS key, s.fallback FROM
  (SELECT w.words, regexp_replace(w.words, '( (inc|incorporated|ltd|limited|llc|llp|lp|corp|corporation|co|company|plc|pty|gmbh|ag|kg|ug|sa|sas|sasu|sarl|eurl|sca|srl|spa|bv|nv|oy|ab|kk))+$', '') AS stripped, w.fallback FROM
  (SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(l.t, '^([a-z0-9-]+([.][a-z0-9-]+)*)[.](com|net|org|io|ai|co|app|dev|fr|de|uk|eu|us|ca|es|it|nl|be|ch)$', '\1'), '[.'']', '', 'g'), '[^a-z0-9\u0080-\U0010ffff]+', ' ', 'g'), '^ | $', '', 'g') AS words, regexp_replace(regexp_replace(l.t, ' +', ' ', 'g'), '^ | $', '', 'g') AS fallback FROM
  (SELECT translate(replace(replace(replace(replace(replace(n.name, 'ß', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), ('ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ              　‐‑‒–—―«»“”„·•…®™©' || chr(9) || chr(10) || chr(13) || chr(12) || chr(11) || '‘’‚ʼ´'), 'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy                                     ''''''''''') AS t) l) w) s) k) AS key
FROM (SELECT DISTINCT client_company_name AS name FROM opportunities WHERE client_company_name IS NOT NULL) n;
--> statement-breakpoint
CREATE TEMP TABLE account_backfill_addresses AS
SELECT a.address, (SELECT CASE WHEN length(h.host) <= 253 AND h.host ~ '^([a-z0-9]([a-z0-9-]*[a-z0-9])?[.])+[a-z][a-z0-9-]*[a-z0-9]$'
    AND h.host NOT IN ('gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.fr', 'hotmail.com', 'hotmail.fr', 'outlook.com', 'outlook.fr', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.de', 'orange.fr', 'wanadoo.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'linkedin.com', 'facebook.com', 'example.com') THEN h.host END
  FROM (SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(translate(a.address, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '^[ \t\r\n]+|[ \t\r\n]+$', '', 'g'), '^[a-z][a-z0-9+.-]*://', ''), '^[^/?#]*@', ''), '[/?#].*$', ''), ':[0-9]*$', ''), '^www[.]', ''), '[.]$', '') AS host) h) AS domain
FROM (SELECT DISTINCT domain_website AS address FROM opportunities WHERE domain_website IS NOT NULL) a;
--> statement-breakpoint
CREATE TEMP TABLE account_backfill_deals AS
SELECT o.id, o.client_company_name AS name, n.key, w.domain,
  nullif(btrim(o.company_industry), '') AS industry, nullif(btrim(o.company_size), '') AS size
FROM opportunities o
JOIN account_backfill_names n ON n.name = o.client_company_name AND n.key <> ''
LEFT JOIN account_backfill_addresses w ON w.address = o.domain_website;
--> statement-breakpoint
INSERT INTO client_accounts (name, match_key, domain, industry, size)
SELECT left(btrim(name.name), 200), name.key, domain.domain, industry.industry, size.size
FROM (SELECT DISTINCT ON (key) key, name FROM (SELECT key, name, count(*) AS deals FROM account_backfill_deals GROUP BY key, name) x
      ORDER BY key, deals DESC, length(name), name) name
LEFT JOIN (SELECT DISTINCT ON (key) key, domain FROM (SELECT key, domain, count(*) AS deals FROM account_backfill_deals
      WHERE domain IS NOT NULL GROUP BY key, domain) x ORDER BY key, deals DESC, domain) domain ON domain.key = name.key
LEFT JOIN (SELECT DISTINCT ON (key) key, industry FROM (SELECT key, industry, count(*) AS deals FROM account_backfill_deals
      WHERE industry IS NOT NULL GROUP BY key, industry) x ORDER BY key, deals DESC, industry) industry ON industry.key = name.key
LEFT JOIN (SELECT DISTINCT ON (key) key, size FROM (SELECT key, size, count(*) AS deals FROM account_backfill_deals
      WHERE size IS NOT NULL GROUP BY key, size) x ORDER BY key, deals DESC, size) size ON size.key = name.key
ORDER BY name.key;
--> statement-breakpoint
-- Keys whose deals share a web domain, directly or through others: one account, the one with the most deals.
CREATE TEMP TABLE account_backfill_reach AS
WITH RECURSIVE links AS (
  SELECT DISTINCT a.key AS a, b.key AS b
  FROM (SELECT DISTINCT key, domain FROM account_backfill_deals WHERE domain IS NOT NULL) a
  JOIN (SELECT DISTINCT key, domain FROM account_backfill_deals WHERE domain IS NOT NULL) b ON b.domain = a.domain AND b.key <> a.key
), reach (key, other) AS (
  SELECT a, a FROM links
  UNION
  SELECT r.key, l.b FROM reach r JOIN links l ON l.a = r.other
)
SELECT key, other FROM reach;
--> statement-breakpoint
UPDATE client_accounts c SET merged_into_id = canonical.into_id
FROM (
  SELECT DISTINCT ON (r.key) r.key, s.id AS into_id
  FROM account_backfill_reach r
  JOIN (SELECT a.match_key AS key, a.id, count(*) AS deals FROM client_accounts a
        JOIN account_backfill_deals d ON d.key = a.match_key GROUP BY a.match_key, a.id) s ON s.key = r.other
  ORDER BY r.key, s.deals DESC, s.id
) canonical
WHERE c.match_key = canonical.key AND c.id <> canonical.into_id;
--> statement-breakpoint
INSERT INTO account_merges (kind, account_id, source_ids, moved)
SELECT 'migration', g.live_id, g.source_ids, jsonb_build_object('names', g.names)
FROM (
  SELECT x.live_id,
    coalesce(array_agg(DISTINCT x.account_id) FILTER (WHERE x.account_id <> x.live_id), '{}') AS source_ids,
    jsonb_agg(jsonb_build_object('name', x.name, 'deals', x.deals) ORDER BY x.deals DESC, x.name) AS names,
    count(*) AS spellings
  FROM (SELECT coalesce(c.merged_into_id, c.id) AS live_id, c.id AS account_id, d.name, count(*) AS deals
        FROM account_backfill_deals d JOIN client_accounts c ON c.match_key = d.key
        GROUP BY 1, 2, 3) x
  GROUP BY x.live_id
) g
WHERE g.spellings > 1
ORDER BY g.live_id;
--> statement-breakpoint
INSERT INTO audit_log (actor_id, action, target, before, after)
SELECT NULL, 'account.merged', a.name, m.moved, jsonb_build_object('account_id', a.id, 'name', a.name, 'merge_id', m.id)
FROM account_merges m JOIN client_accounts a ON a.id = m.account_id
WHERE m.kind = 'migration'
ORDER BY m.id;
--> statement-breakpoint
UPDATE opportunities o SET account_id = coalesce(c.merged_into_id, c.id)
FROM account_backfill_deals d JOIN client_accounts c ON c.match_key = d.key
WHERE o.id = d.id;
--> statement-breakpoint
INSERT INTO opportunity_changes (opportunity_id, source, field, before, after)
SELECT o.id, 'system', 'client_company_name', to_jsonb(o.client_company_name), to_jsonb(a.name)
FROM opportunities o JOIN client_accounts a ON a.id = o.account_id
WHERE o.client_company_name IS DISTINCT FROM a.name;
--> statement-breakpoint
UPDATE opportunities o SET client_company_name = a.name, version = o.version + 1
FROM client_accounts a
WHERE a.id = o.account_id AND o.client_company_name IS DISTINCT FROM a.name;
--> statement-breakpoint
-- A company name of spaces only names no company: it becomes empty, as a deal without one.
INSERT INTO opportunity_changes (opportunity_id, source, field, before, after)
SELECT o.id, 'system', 'client_company_name', to_jsonb(o.client_company_name), NULL
FROM opportunities o JOIN account_backfill_names n ON n.name = o.client_company_name
WHERE n.key = '';
--> statement-breakpoint
UPDATE opportunities o SET client_company_name = NULL, version = o.version + 1
FROM account_backfill_names n
WHERE n.name = o.client_company_name AND n.key = '';
--> statement-breakpoint
DROP TABLE account_backfill_names, account_backfill_addresses, account_backfill_deals, account_backfill_reach;