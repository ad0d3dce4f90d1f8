import { getTableName, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  unique,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import {
  BUYING_ROLES,
  CHANGE_SOURCES,
  DEFAULT_CURRENCY,
  FORECAST_CATEGORIES,
  OWNER_MATCHES,
  STAGES,
  forecastGroupSql,
  outcomeSql,
  pipelineStatusSql,
  type ChangeSource,
  type ContactSide,
  type ForecastCategory,
  type ForecastGroup,
  type Outcome,
  type PipelineStatus,
  type Stage,
} from '@nexa/domain';

/*
 * Every table, column, index and constraint the migrations create is declared here as it stands
 * after the last migration (test/schema-matches-migrations.test.ts compares the two), so that
 * `npm run db:generate` writes exactly the migration a change here needs. What Drizzle cannot
 * declare lives in the SQL migrations only, and that test lists it by name:
 * - the index opportunities_owner_won_closing_idx (it has INCLUDE (amount), which Drizzle's index
 *   builder cannot write; migration 0013);
 * - the view rep_win_rate (declared below with `.existing()`: its query stays in its migration);
 * - the triggers, and the functions they run, that keep the summary tables (the read models).
 * Foreign keys of the tables written by hand after migration 0012 carry PostgreSQL's own names
 * (<table>_<column>_fkey), so they are declared with sqlForeignKey. docs/decisions/031 says why.
 */

/**
 * A descending index column as the migrations' SQL writes it (`DESC`, which puts nulls first):
 * Drizzle's `.desc()` alone writes `DESC NULLS LAST`, another index, that an `ORDER BY … DESC`
 * cannot read in order.
 */
const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst();

/**
 * A foreign key named as PostgreSQL names one written inline in SQL (<table>_<column>_fkey), as the
 * migrations written by hand did; Drizzle's `.references()` would name it <table>_<column>_<target>_fk.
 */
function sqlForeignKey(column: ExtraConfigColumn, target: AnyPgColumn, onDelete: 'cascade' | 'set null') {
  const name = `${getTableName(column.table)}_${column.name}_fkey`;
  return foreignKey({ name, columns: [column], foreignColumns: [target] }).onDelete(onDelete);
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- accounts (tables and keys as better-auth expects them; see docs/decisions/003) ---

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    // better-auth's "name" field, renamed to the specification's column.
    full_name: text('full_name').notNull().default(''),
    image: text('image'),
    role: text('role'),
    company: text('company'),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * The names incoming deals are matched on, kept apart from `full_name` because every user may
     * change their own display name: set when the account is created, changed only by a manager.
     */
    account_manager_name: text('account_manager_name').notNull().default(''),
    account_manager_aliases: text('account_manager_aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The interface and e-mail language the person chose ('en' | 'fr'); null: the browser decides. */
    language: text('language'),
    /** An IANA zone name for the times shown in the workspace; null: the browser's zone. */
    time_zone: text('time_zone'),
    /**
     * Whether a representative is e-mailed when their weekly forecast call falls due and is not made
     * (modules/insights/call-reminder-mail.ts); they turn it off in their settings.
     */
    forecast_call_reminder_email: boolean('forecast_call_reminder_email').notNull().default(true),
    /**
     * When the person last signed in, and the time before that (null: this is their first sign-in),
     * written when a session is made (auth.ts): the workspace says "Welcome" or "Welcome back" from it.
     */
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    previous_sign_in_at: timestamp('previous_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The team's active representatives by name (migration 0027), and the few accounts that are not one.
    index('users_active_representative_name_idx')
      .on(sql`${t.full_name} COLLATE "C"`, t.id)
      .where(sql`role = 'Sales Representative' AND NOT disabled`),
    index('users_not_active_representative_idx')
      .on(t.id)
      .where(sql`role IS DISTINCT FROM 'Sales Representative' OR disabled`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Who changed what on the team (invitations, roles, deactivations, reassignments), newest first. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [sqlForeignKey(t.actorId, users.id, 'set null'), index('audit_log_at_idx').on(descending(t.at), descending(t.id))],
);

/** A representative's quarterly quota in whole dollars; without a row, the configured default applies. */
export const repQuotas = pgTable('rep_quotas', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quarterlyQuota: bigint('quarterly_quota', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- client accounts and their people (issue 36; docs/decisions/ACCOUNTS) ---

/**
 * A client company (the auth library owns `accounts`: this table is named apart so the two are never
 * confused). match_key is accountMatchKey(name) (@nexa/domain): one row per key, so "ACME, Inc." and
 * "Acme" are one account; a name merged into another keeps its row with merged_into_id set, hidden,
 * so a later deal with that name still finds the account it was merged into (and an undo clears it).
 * Deals keep client_company_name as the displayed text, set from the account's name.
 */
export const clientAccounts = pgTable(
  'client_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    match_key: text('match_key').notNull(),
    /** The bare lower-case web host (domainOf), e.g. "acme.com". */
    domain: text('domain'),
    industry: text('industry'),
    size: text('size'),
    country: text('country'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    merged_into_id: integer('merged_into_id'),
  },
  (t) => [
    sqlForeignKey(t.merged_into_id, t.id, 'set null'),
    uniqueIndex('client_accounts_match_key_idx').on(t.match_key),
    index('client_accounts_domain_idx').on(t.domain),
    // The account list by name (live accounts only), with its id tie-break.
    index('client_accounts_live_name_idx')
      .on(t.name, t.id)
      .where(sql`merged_into_id IS NULL`),
    index('client_accounts_merged_into_idx')
      .on(t.merged_into_id)
      .where(sql`merged_into_id IS NOT NULL`),
    // A manager's contact search finds the contacts of the accounts whose name has its text (decision 052, amended).
    index('client_accounts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('client_accounts_name_check', sql`char_length(btrim(name)) BETWEEN 1 AND 200`),
  ],
);

/**
 * Each merge and split of accounts, for the history and the undo: what moved from where (deals with
 * their former account and displayed name, contacts with their former account). kind 'migration'
 * lists what the migration that created the accounts merged (the names folded into one account).
 */
export const accountMerges = pgTable(
  'account_merges',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['merge', 'split', 'migration'] }).notNull(),
    /** The account that remained (merge, migration) or the one the split created. */
    account_id: integer('account_id').notNull(),
    /** The accounts merged into it, or the one it was split from. */
    source_ids: integer('source_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    moved: jsonb('moved').notNull(),
    actor_id: text('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    undone_at: timestamp('undone_at', { withTimezone: true }),
    undone_by: text('undone_by'),
  },
  (t) => [
    sqlForeignKey(t.account_id, clientAccounts.id, 'cascade'),
    sqlForeignKey(t.actor_id, users.id, 'set null'),
    sqlForeignKey(t.undone_by, users.id, 'set null'),
    check('account_merges_kind_check', sql`kind IN ('merge', 'split', 'migration')`),
    index('account_merges_account_at_idx').on(t.account_id, descending(t.at)),
  ],
);

// --- opportunities (the specification's secured_call_insight) ---

type SearchedColumns = Record<'product' | 'client_company_name' | 'client_name' | 'account_manager' | 'amount', AnyPgColumn>;

/** What a free-text search on opportunities looks in (opportunitySearchText and its trigram index). */
function searchText(o: SearchedColumns) {
  return sql`(coalesce(${o.product}, '') || chr(1) || coalesce(${o.client_company_name}, '')
    || chr(1) || coalesce(${o.client_name}, '') || chr(1) || coalesce(${o.account_manager}, '')
    || chr(1) || coalesce(${o.amount}::text, ''))`;
}

export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    owner_id: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    account_manager: text('account_manager'),
    product: text('product'),
    /** The status text as it was received, shown where the specification shows it. */
    status: text('status'),
    /**
     * The canonical stage, decided by resolvePipeline(status) when the row is written: every
     * insert and every status change sets it (no default, so a write that forgets fails).
     */
    stage: text('stage').$type<Stage>().notNull(),
    /** open / won / lost, derived from the stage by the database: what every figure counts. */
    outcome: text('outcome')
      .$type<Outcome>()
      .notNull()
      .generatedAlwaysAs(sql.raw(outcomeSql('stage'))),
    /** The spec's pipeline group (On-going / Closed-Win / Closed-Lost): the outcome, named for the wire. */
    pipeline_status: text('pipeline_status')
      .$type<PipelineStatus>()
      .notNull()
      .generatedAlwaysAs(sql.raw(pipelineStatusSql('stage'))),
    lead_status: text('lead_status'),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }),
    /** The amount's currency: an ISO 4217 code (isCurrencyCode says which are known); US dollars until set. */
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    client_company_name: text('client_company_name'),
    /** The deal's account (client_accounts); set whenever client_company_name is (resolveAccount). */
    account_id: integer('account_id'),
    client_name: text('client_name'),
    next_meeting_date: timestamp('next_meeting_date', { withTimezone: true }),
    closing_date: date('closing_date', { mode: 'string' }),
    company_industry: text('company_industry'),
    company_size: text('company_size'),
    domain_website: text('domain_website'),
    company_summary: text('company_summary'),
    record_date: timestamp('record_date', { withTimezone: true }).notNull().defaultNow(),
    technical_scoring: real('technical_scoring'),
    commercial_scoring: real('commercial_scoring'),
    technical_answers: text('technical_answers'),
    commercial_answers: text('commercial_answers'),
    technical_feedback: text('technical_feedback'),
    commercial_feedback: text('commercial_feedback'),
    technical_attached_file: text('technical_attached_file'),
    /** The id an integration gave this opportunity (ingest API upserts by it). */
    external_id: text('external_id'),
    /** Which rule gave the row its owner (OWNER_MATCHES); null for rows older than the column. */
    owner_match: text('owner_match', { enum: OWNER_MATCHES }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit; a PATCH names the version it saw, and a stale one is refused (409). */
    version: integer('version').notNull().default(1),
    /** When the stage last changed: kept by a database trigger whoever writes the stage. */
    stage_changed_at: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the deal last changed or had a call analysed: set by whoever records a change. */
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who last wrote each field (field → ChangeSource), so an analysis never replaces a person's value. */
    field_sources: jsonb('field_sources').$type<Partial<Record<string, ChangeSource>>>().notNull().default({}),
    /** The representative's own notes on the deal. */
    notes: text('notes'),
    /** Why the deal was won or lost, given when it was closed. */
    close_reason: text('close_reason'),
    /** The representative's forecast call on an open deal; null: the stage decides. */
    forecast_category: text('forecast_category').$type<ForecastCategory>(),
    /** Where the deal counts in the forecast (forecastGroupSql): generated, never written. */
    forecast_group: text('forecast_group').$type<ForecastGroup>().notNull().generatedAlwaysAs(sql.raw(forecastGroupSql())),
    /** First day of the closing date's quarter: generated. */
    closing_quarter: date('closing_quarter', { mode: 'string' }).generatedAlwaysAs(
      sql.raw(`date_trunc('quarter', closing_date::timestamp)::date`),
    ),
  },
  (t) => [
    uniqueIndex('opportunities_external_id_unique').on(t.external_id),
    sqlForeignKey(t.account_id, clientAccounts.id, 'set null'),
    // An account's deals by owner, and a representative's accounts (the accounts they own a deal in).
    index('opportunities_account_owner_idx').on(t.account_id, t.owner_id),
    index('opportunities_owner_account_idx').on(t.owner_id, t.account_id),
    check('opportunities_owner_match_check', sql.raw(`owner_match IN (${OWNER_MATCHES.map((rule) => `'${rule}'`).join(', ')})`)),
    check('opportunities_currency_check', sql`currency ~ '^[A-Z]{3}$'`),
    // Upcoming meetings and the list's default order (next meeting, then id): read in index order,
    // stopping at the page's last row even when many meetings share one time.
    index('opportunities_owner_meeting_id_idx').on(t.owner_id, t.next_meeting_date, t.id),
    index('opportunities_owner_outcome_idx').on(t.owner_id, t.outcome),
    // A board column's first cards (owner, stage, next meeting, id), for one rep and for the team.
    index('opportunities_owner_stage_meeting_id_idx').on(t.owner_id, t.stage, t.next_meeting_date, t.id),
    index('opportunities_stage_meeting_id_idx').on(t.stage, t.next_meeting_date, t.id),
    // Quota attainment reads a rep's won deals by closing date from opportunities_owner_won_closing_idx,
    // which lives in migration 0013 only (INCLUDE (amount): see the top of this file).
    check('opportunities_stage_check', sql.raw(`stage IN (${STAGES.map((s) => `'${s}'`).join(', ')})`)),
    index('opportunities_owner_record_idx').on(t.owner_id, t.record_date),
    index('opportunities_account_manager_idx').on(t.account_manager),
    // A page of a rep's companies (named from rep_companies) joined to just their rows.
    index('opportunities_owner_company_idx').on(t.owner_id, t.client_company_name),
    // Equality filters of the list (product, outcome) then the default order with its id tie-break,
    // so a filtered page is read in index order without sorting rows that share a meeting time.
    index('opportunities_owner_product_outcome_meeting_id_idx').on(t.owner_id, t.product, t.outcome, t.next_meeting_date, t.id),
    // The manager's team list (every owner): its default order, the biggest deals first, the soonest close dates.
    index('opportunities_meeting_id_idx').on(t.next_meeting_date, t.id),
    index('opportunities_amount_desc_id_idx').on(t.amount.desc().nullsLast(), descending(t.id)),
    index('opportunities_closing_id_idx').on(t.closing_date, t.id),
    check(
      'opportunities_forecast_category_check',
      sql.raw(`forecast_category IN (${FORECAST_CATEGORIES.map((c) => `'${c}'`).join(', ')})`),
    ),
    // A forecast figure's deals and the deals at risk, biggest first; what changed since the snapshot.
    index('opportunities_quarter_group_amount_idx')
      .on(t.closing_quarter, t.forecast_group, sql`${t.amount} DESC NULLS LAST`, sql`${t.id} DESC`)
      .where(sql`closing_quarter IS NOT NULL`),
    index('opportunities_owner_quarter_group_amount_idx')
      .on(t.owner_id, t.closing_quarter, t.forecast_group, sql`${t.amount} DESC NULLS LAST`, sql`${t.id} DESC`)
      .where(sql`closing_quarter IS NOT NULL`),
    index('opportunities_owner_open_amount_idx')
      .on(t.owner_id, sql`${t.amount} DESC NULLS LAST`, sql`${t.id} DESC`)
      .where(sql`outcome = 'open'`),
    index('opportunities_last_activity_idx').on(t.last_activity_at),
    // My Companies: a rep's open deals per company, the soonest meeting first (migration 0022).
    index('opportunities_owner_company_meeting_idx')
      .on(t.owner_id, t.client_company_name, t.next_meeting_date)
      .where(sql`outcome = 'open'`),
    // The dashboard's follow-ups: a rep's open deals whose lead status is pending (migration 0013).
    index('opportunities_owner_follow_up_idx')
      .on(t.owner_id)
      .where(sql`outcome = 'open' AND lower(btrim(lead_status)) = 'pending'`),
    // Free-text search (migration 0008): trigrams of the text opportunitySearchText builds.
    index('opportunities_search_trgm_idx').using('gin', sql`${searchText(t)} gin_trgm_ops`),
  ],
);

/**
 * A deal's history: one row per field changed, by whom or what (a person, an import, the ingest API,
 * a call analysis), before → after. Shown on the deal's timeline and read by the manager's activity.
 */
export const opportunityChanges = pgTable(
  'opportunity_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a deleted deal's row moves to deleted_opportunities and its history stays (decision 017).
    opportunity_id: integer('opportunity_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').$type<ChangeSource>().notNull(),
    actor_id: text('actor_id'),
    api_key_id: uuid('api_key_id'),
    call_analysis_id: uuid('call_analysis_id'),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    sqlForeignKey(t.actor_id, users.id, 'set null'),
    sqlForeignKey(t.api_key_id, apiKeys.id, 'set null'),
    sqlForeignKey(t.call_analysis_id, callAnalyses.id, 'set null'),
    index('opportunity_changes_opportunity_at_idx').on(t.opportunity_id, descending(t.at), descending(t.id)),
    // The notification sweep's deal moves (issue 37): stage and status changes by time.
    index('opportunity_changes_moves_idx')
      .on(t.at)
      .where(sql`field IN ('stage', 'status')`),
    check('opportunity_changes_source_check', sql.raw(`source IN (${CHANGE_SOURCES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * The text a free-text search looks in: the same expression as the trigram index
 * opportunities_search_trgm_idx (both built by searchText), so the planner uses the index.
 */
export const opportunitySearchText = searchText(opportunities);

/** Win rate per owner: closed-won ÷ (closed-won + closed-lost). */
export const repWinRate = pgView('rep_win_rate', {
  owner_id: text('owner_id'),
  account_manager: text('account_manager'),
  won: integer('won').notNull(),
  lost: integer('lost').notNull(),
  win_rate_percentage: real('win_rate_percentage'),
}).existing();

/** The score and cycle sums team_summaries and member_totals both keep (a fresh set per table). */
const scoreAndCycleSums = () => ({
  technical_sum: numeric('technical_sum', { mode: 'number' }).notNull().default(0),
  technical_count: bigint('technical_count', { mode: 'number' }).notNull().default(0),
  commercial_sum: numeric('commercial_sum', { mode: 'number' }).notNull().default(0),
  commercial_count: bigint('commercial_count', { mode: 'number' }).notNull().default(0),
  /** Closed deals with a closing date: days from record_date (UTC) to closing_date. */
  cycle_days_sum: bigint('cycle_days_sum', { mode: 'number' }).notNull().default(0),
  cycle_count: bigint('cycle_count', { mode: 'number' }).notNull().default(0),
});

/**
 * Team figures per representative and outcome, kept equal to the opportunity rows by
 * statement-level triggers in the same transaction (migration pipeline_model), so the manager
 * workspace reads ~150 rows instead of grouping a million (docs/decisions/007).
 * owner_key is the owner's user id, '' for rows without an owner.
 */
export const teamSummaries = pgTable(
  'team_summaries',
  {
    owner_key: text('owner_key').notNull(),
    outcome: text('outcome').$type<Outcome>().notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
    ...scoreAndCycleSums(),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.outcome] })],
);

/**
 * One row per owner with team_summaries' sums split by outcome (migration 0026), kept by the same
 * statement triggers; its indexes give the manager's dashboard the most sales and the best score
 * averages without ranking the whole team.
 */
export const memberTotals = pgTable(
  'member_totals',
  {
    owner_key: text('owner_key').primaryKey(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
    won_deals: bigint('won_deals', { mode: 'number' }).notNull().default(0),
    lost_deals: bigint('lost_deals', { mode: 'number' }).notNull().default(0),
    open_amount: numeric('open_amount', { mode: 'number' }).notNull().default(0),
    won_amount: numeric('won_amount', { mode: 'number' }).notNull().default(0),
    lost_amount: numeric('lost_amount', { mode: 'number' }).notNull().default(0),
    ...scoreAndCycleSums(),
    technical_average: numeric('technical_average', { mode: 'number' }).generatedAlwaysAs(
      sql`technical_sum / nullif(technical_count, 0)`,
    ),
    commercial_average: numeric('commercial_average', { mode: 'number' }).generatedAlwaysAs(
      sql`commercial_sum / nullif(commercial_count, 0)`,
    ),
  },
  (t) => [
    index('member_totals_sales_idx').on(descending(t.amount_sum)),
    index('member_totals_technical_idx')
      .on(descending(t.technical_average), descending(t.amount_sum), sql`owner_key COLLATE "C"`)
      .where(sql`technical_average IS NOT NULL`),
    index('member_totals_commercial_idx')
      .on(descending(t.commercial_average), descending(t.amount_sum), sql`owner_key COLLATE "C"`)
      .where(sql`commercial_average IS NOT NULL`),
  ],
);

/**
 * The team's cards (deals, amount, active representatives) as a handful of rows that add up to the
 * team (migrations 0026, 0027): each writer adds to its connection's slot (pg_backend_pid() % 16),
 * so concurrent writers rarely wait on one another's row. Kept by triggers on opportunities and users.
 */
export const teamTotals = pgTable('team_totals', {
  slot: smallint('slot').primaryKey(),
  deals: bigint('deals', { mode: 'number' }).notNull().default(0),
  amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  representatives: bigint('representatives', { mode: 'number' }).notNull().default(0),
});

/**
 * The distinct client companies of each representative (all time, and per month recorded), kept
 * by triggers like the team summaries (migration rep_company_summaries), so the rep dashboard's
 * company cards count a few index entries instead of de-duplicating every opportunity.
 */
export const repCompanies = pgTable(
  'rep_companies',
  {
    owner_key: text('owner_key').notNull(),
    company: text('company').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.company] })],
);

/**
 * What My Companies shows and filters on, per representative and company (migration 0022): kind
 * 'deal' (value ''), 'product', 'client', 'lead_status' or 'industry', how many deals carry the
 * value and their amounts.
 */
export const repCompanyFacts = pgTable(
  'rep_company_facts',
  {
    owner_key: text('owner_key').notNull(),
    company: text('company').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rep_company_facts_pk', columns: [t.owner_key, t.kind, t.value, t.company] }),
    index('rep_company_facts_company_idx').on(t.owner_key, t.company),
  ],
);

export const repCompanyMonths = pgTable(
  'rep_company_months',
  {
    owner_key: text('owner_key').notNull(),
    /** First day of the month of record_date, in UTC. */
    month: date('month', { mode: 'string' }).notNull(),
    company: text('company').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.month, t.company] })],
);

/**
 * Deals and amount per representative and stage, kept by triggers like the summaries above
 * (migration pipeline_board), so the pipeline board's column totals read six rows per rep.
 */
export const repStageTotals = pgTable(
  'rep_stage_totals',
  {
    owner_key: text('owner_key').notNull(),
    stage: text('stage').$type<Stage>().notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.stage] })],
);

/**
 * How many opportunities each representative has per product and outcome, kept by
 * triggers like the summaries above (migration rep_product_statuses), so the opportunities list
 * counts its total for the dropdown filters (none, product, status, both) from a few dozen rows
 * instead of the matching rows. product '' stands for none: a product filter is never empty.
 */
export const repProductStatuses = pgTable(
  'rep_product_statuses',
  {
    owner_key: text('owner_key').notNull(),
    product: text('product').notNull(),
    outcome: text('outcome').$type<Outcome>().notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.product, t.outcome] })],
);

/**
 * A representative's meetings per day (UTC) and lead status, for the dashboard calendar's dots:
 * a month is at most a few hundred rows, whatever the number of meetings. lead_status '' stands
 * for none.
 */
export const repMeetingDays = pgTable(
  'rep_meeting_days',
  {
    owner_key: text('owner_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lead_status: text('lead_status').notNull(),
    meetings: bigint('meetings', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.day, t.lead_status] })],
);

/**
 * The values present in a representative's rows, per field (product, status, lead_status,
 * industry), for the filter dropdowns: a few dozen rows instead of de-duplicating every row.
 * industry holds the displayed value ('Technology' when empty).
 */
export const repFieldValues = pgTable(
  'rep_field_values',
  {
    owner_key: text('owner_key').notNull(),
    field: text('field', { enum: ['product', 'status', 'lead_status', 'industry'] }).notNull(),
    value: text('value').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.field, t.value] })],
);

// --- leads ---

const leadMetadata = {
  ip: text('ip'),
  user_agent: text('user_agent'),
  consent_at: timestamp('consent_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    full_name: text('full_name').notNull(),
    company_name: text('company_name').notNull(),
    email: text('email').notNull(),
    selected_date: timestamp('selected_date', { withTimezone: true }).notNull(),
    request_type: text('request_type', { enum: ['demo', 'early_access'] }).notNull(),
    notes: text('notes'),
    ...leadMetadata,
  },
  (t) => [
    // A demo slot can be booked once; the database refuses the second booking.
    uniqueIndex('demo_requests_slot_unique')
      .on(t.selected_date)
      .where(sql`request_type = 'demo'`),
    index('demo_requests_created_idx').on(t.created_at),
  ],
);

export const teamApplications = pgTable(
  'team_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    github_link: text('github_link'),
    linkedin_link: text('linkedin_link'),
    introduction_text: text('introduction_text'),
    resume_file_path: text('resume_file_path'),
    resume_original_name: text('resume_original_name'),
    resume_content_type: text('resume_content_type'),
    resume_size: integer('resume_size'),
    ...leadMetadata,
  },
  (t) => [index('team_applications_created_idx').on(t.created_at)],
);

export const companyAnalysisSearches = pgTable(
  'company_analysis_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_name: text('company_name').notNull(),
    search_query: text('search_query').notNull(),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_analysis_searches_created_idx').on(t.created_at)],
);

export const companyAnalysisCache = pgTable('company_analysis_cache', {
  cache_key: text('cache_key').primaryKey(),
  analysis: text('analysis').notNull(),
  recommended_cards: jsonb('recommended_cards').$type<string[]>().notNull(),
  provider: text('provider').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- call analysis, jobs and the ingest API (issue 10; contract in docs/decisions/008) ---

/**
 * Every analysis ever written into an opportunity, newest last: who (a user or an API key),
 * when, which provider and model, the transcript's lines (for citations) and the validated
 * result (CallAnalysis of @nexa/domain). The opportunity's own fields hold the latest one.
 */
export const callAnalyses = pgTable(
  'call_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key: a deleted deal's analyses stay for its restore (decision 017).
    opportunity_id: integer('opportunity_id').notNull(),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    api_key_id: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    model: text('model'),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    transcript_name: text('transcript_name'),
    /** The transcript as numbered lines (index 0 is line 1); null when an integration sent results only. */
    transcript_lines: jsonb('transcript_lines').$type<string[]>(),
    result: jsonb('result').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The deal's owner ('' for none) on each call, NULL once the deal is gone: set by the database
     * (a trigger on insert, the opportunities' fold when a deal changes owner; migration 0021), never
     * written by the application. Coaching and call_score_weeks read it.
     */
    owner_key: text('owner_key'),
  },
  (t) => [
    index('call_analyses_opportunity_idx').on(t.opportunity_id, t.created_at),
    index('call_analyses_created_idx').on(t.created_at),
    // Coaching: a representative's latest calls, newest first.
    index('call_analyses_owner_created_idx')
      .on(t.owner_key, descending(t.created_at))
      .where(sql`owner_key IS NOT NULL`),
  ],
);

/**
 * Background work (transcript analysis) claimed with FOR UPDATE SKIP LOCKED, so with several
 * instances one worker takes a job, never two. A job belongs to a user or to an API key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    payload: jsonb('payload').notNull(),
    result: jsonb('result'),
    /** A safe message for the owner (never a provider's text or a stack). */
    error: text('error'),
    owner_id: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    api_key_id: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    opportunity_id: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** A running job whose lease has passed is taken again (its worker died). */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /**
     * A job that must exist once (a representative's reminder of one week): a second enqueue with
     * the same key is a no-op, whichever instance makes it and whatever became of the first job.
     */
    unique_key: text('unique_key'),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.unique_key),
    index('jobs_claim_idx').on(t.status, t.run_after),
    index('jobs_owner_idx').on(t.owner_id, t.created_at),
    index('jobs_api_key_idx').on(t.api_key_id, t.created_at),
    // The notification sweep's finished analyses (issue 37).
    index('jobs_analysis_finished_idx')
      .on(t.finished_at)
      .where(sql`kind = 'transcript_analysis' AND status = 'succeeded'`),
  ],
);

/** Keys for integrations: shown once, stored as a SHA-256 hash of the whole key. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The first characters of the key, shown in lists so a key can be recognised. */
  prefix: text('prefix').notNull(),
  key_hash: text('key_hash').notNull().unique(),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Deleted deals, kept 30 days for a restore: the row moves here whole (as JSON), so no figure, index
 * or summary of opportunities ever sees it, and comes back under the same id (decision 017).
 */
export const deletedOpportunities = pgTable(
  'deleted_opportunities',
  {
    id: integer('id').primaryKey(),
    owner_id: text('owner_id'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_by: text('deleted_by'),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    sqlForeignKey(t.deleted_by, users.id, 'set null'),
    index('deleted_opportunities_owner_deleted_at_idx').on(t.owner_id, descending(t.deleted_at)),
    index('deleted_opportunities_deleted_at_idx').on(t.deleted_at),
  ],
);

/** What a machine would have written over a person's value: offered beside the field until decided. */
export const opportunitySuggestions = pgTable(
  'opportunity_suggestions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opportunity_id: integer('opportunity_id').notNull(),
    field: text('field').notNull(),
    value: jsonb('value'),
    source: text('source').$type<ChangeSource>().notNull(),
    call_analysis_id: uuid('call_analysis_id'),
    api_key_id: uuid('api_key_id'),
    status: text('status', { enum: ['pending', 'accepted', 'dismissed'] })
      .notNull()
      .default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: text('decided_by'),
  },
  (t) => [
    sqlForeignKey(t.call_analysis_id, callAnalyses.id, 'set null'),
    sqlForeignKey(t.api_key_id, apiKeys.id, 'set null'),
    sqlForeignKey(t.decided_by, users.id, 'set null'),
    index('opportunity_suggestions_pending_idx')
      .on(t.opportunity_id, t.field)
      .where(sql`${t.status} = 'pending'`),
    check('opportunity_suggestions_status_check', sql`${t.status} IN ('pending', 'accepted', 'dismissed')`),
    check('opportunity_suggestions_source_check', sql`${t.source} IN ('import', 'ingest', 'analysis', 'system')`),
  ],
);

// --- the manager's insights (migration 0017, docs/decisions/020) ---

/**
 * Team-wide stage probabilities, risk thresholds and the forecast calls' due day (migration 0031):
 * one row, absent until a manager saves them.
 */
export const insightSettings = pgTable(
  'insight_settings',
  {
    id: smallint('id').primaryKey().default(1),
    stage_probabilities: jsonb('stage_probabilities').$type<Record<Stage, number>>().notNull(),
    risk_thresholds: jsonb('risk_thresholds').$type<{ noActivityDays: number; stuckInStageDays: number }>().notNull(),
    /** ISO weekday (1 = Monday … 7 = Sunday); null: the default (DEFAULT_CALL_DUE_DAY). */
    forecast_call_due_day: smallint('forecast_call_due_day'),
    updated_by: text('updated_by'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('insight_settings_one_row', sql`id = 1`),
    check('insight_settings_forecast_call_due_day_check', sql`forecast_call_due_day BETWEEN 1 AND 7`),
    sqlForeignKey(t.updated_by, users.id, 'set null'),
  ],
);

/** Open pipeline per owner, closing quarter, stage and forecast group, kept by triggers. */
export const forecastSummaries = pgTable(
  'forecast_summaries',
  {
    owner_key: text('owner_key').notNull(),
    quarter: date('quarter', { mode: 'string' }).notNull(),
    stage: text('stage').$type<Stage>().notNull(),
    forecast_group: text('forecast_group').$type<ForecastGroup>().notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'forecast_summaries_pk', columns: [t.owner_key, t.quarter, t.stage, t.forecast_group] })],
);

/** Per owner and week: deals recorded (and amount), deals closed (won, lost, amount won, cycle days). */
export const weeklySummaries = pgTable(
  'weekly_summaries',
  {
    owner_key: text('owner_key').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    created_deals: bigint('created_deals', { mode: 'number' }).notNull().default(0),
    created_amount: numeric('created_amount', { mode: 'number' }).notNull().default(0),
    won_deals: bigint('won_deals', { mode: 'number' }).notNull().default(0),
    won_amount: numeric('won_amount', { mode: 'number' }).notNull().default(0),
    lost_deals: bigint('lost_deals', { mode: 'number' }).notNull().default(0),
    cycle_days_sum: bigint('cycle_days_sum', { mode: 'number' }).notNull().default(0),
    cycle_count: bigint('cycle_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'weekly_summaries_pk', columns: [t.owner_key, t.week] })],
);

/** Won deals and amount per closing day and owner (migration 0021): the forecast's won-so-far, kept by triggers. */
export const wonDays = pgTable(
  'won_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    owner_key: text('owner_key').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'won_days_pk', columns: [t.day, t.owner_key] })],
);

/**
 * Call scores per owner and week (Monday, UTC; migration 0021) for the trends, kept by triggers on
 * call_analyses, so a deal's owner change moves its calls' scores too.
 */
export const callScoreWeeks = pgTable(
  'call_score_weeks',
  {
    owner_key: text('owner_key').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    technical_sum: numeric('technical_sum', { mode: 'number' }).notNull().default(0),
    technical_count: bigint('technical_count', { mode: 'number' }).notNull().default(0),
    commercial_sum: numeric('commercial_sum', { mode: 'number' }).notNull().default(0),
    commercial_count: bigint('commercial_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'call_score_weeks_pk', columns: [t.owner_key, t.week] })],
);

export const forecastSnapshotWeeks = pgTable('forecast_snapshot_weeks', {
  week: date('week', { mode: 'string' }).primaryKey(),
  taken_at: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each deal of the two forecast quarters as it stood when the week's snapshot was taken. */
export const forecastSnapshots = pgTable(
  'forecast_snapshots',
  {
    week: date('week', { mode: 'string' }).notNull(),
    opportunity_id: integer('opportunity_id').notNull(),
    owner_id: text('owner_id'),
    forecast_group: text('forecast_group').$type<ForecastGroup>().notNull(),
    amount: numeric('amount', { mode: 'number' }),
    quarter: date('quarter', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'forecast_snapshots_pk', columns: [t.week, t.opportunity_id] }),
    sqlForeignKey(t.week, forecastSnapshotWeeks.week, 'cascade'),
  ],
);

/**
 * One CSV import (migration 0028): the rows it has written so far, so that it lands whole or not
 * at all although its batches commit one by one, and the Idempotency-Key a retry sends again.
 */
export const opportunityImports = pgTable(
  'opportunity_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner_id: text('owner_id').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    /** sha256 of the request body: the same key with another file is refused. */
    body_hash: text('body_hash').notNull(),
    state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    /** Bumped when a retry takes over a failed or abandoned attempt; a batch of an older attempt is refused. */
    attempt: integer('attempt').notNull().default(1),
    /** The process writing it (a random id per process): one that is no longer writing it says so. */
    runner: text('runner').notNull(),
    row_ids: integer('row_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The answer, replayed to a retry once the import is done. */
    result: jsonb('result'),
    /** Moved by every batch: a running import whose heartbeat is old was abandoned (a crash). */
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sqlForeignKey(t.owner_id, users.id, 'cascade'),
    unique('opportunity_imports_owner_key_unique').on(t.owner_id, t.idempotency_key),
    check('opportunity_imports_state_check', sql`state IN ('running', 'done', 'failed')`),
    index('opportunity_imports_running_idx')
      .on(t.owner_id, t.heartbeat_at)
      .where(sql`state = 'running'`),
  ],
);

/**
 * A representative's weekly forecast call for a quarter (migration 0030): one per week (a second
 * submission in a week replaces the first), every week kept, and the manager's adjustment of it.
 */
export const forecastCalls = pgTable(
  'forecast_calls',
  {
    user_id: text('user_id').notNull(),
    quarter: date('quarter', { mode: 'string' }).notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    commit_amount: bigint('commit_amount', { mode: 'number' }).notNull(),
    best_case_amount: bigint('best_case_amount', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    adjusted_commit: bigint('adjusted_commit', { mode: 'number' }),
    adjusted_best_case: bigint('adjusted_best_case', { mode: 'number' }),
    adjusted_by: text('adjusted_by'),
    adjusted_at: timestamp('adjusted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'forecast_calls_pkey', columns: [t.user_id, t.quarter, t.week] }),
    sqlForeignKey(t.user_id, users.id, 'cascade'),
    sqlForeignKey(t.adjusted_by, users.id, 'set null'),
    check('forecast_calls_commit_amount_check', sql`commit_amount >= 0`),
    check('forecast_calls_check', sql`best_case_amount >= commit_amount`),
  ],
);

/**
 * What a person owes whom (issue 37, docs/decisions on tasks): a title, when it is due (an instant,
 * entered and shown in the owner's zone), an owner, an optional deal and contact, and where it came
 * from. A call's next step becomes a row only when its owner decides: accepted ('open') or dismissed
 * ('dismissed'), with the analysis, the step's index and its cited line, so a decided step is never
 * offered again. No foreign key to the deal: a deleted deal moves to deleted_opportunities and its
 * tasks stay for its restore (decision 017); every read joins the deal under the owner's scope.
 * Snoozing moves due_at and remembers the time in snoozed_until. Deletes are soft (deleted_at), for undo.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    owner_id: text('owner_id').notNull(),
    opportunity_id: integer('opportunity_id'),
    /** A contact of the deal (issue 36's contacts). */
    contact_id: integer('contact_id'),
    source: text('source', { enum: ['person', 'call', 'integration'] }).notNull(),
    call_analysis_id: uuid('call_analysis_id'),
    /** The next step's index in the analysis's nextSteps (0-based). */
    call_step: integer('call_step'),
    /** The transcript line the step cites (1-based) and its words, kept when the step was decided. */
    source_line: integer('source_line'),
    source_quote: text('source_quote'),
    status: text('status', { enum: ['open', 'done', 'dismissed'] })
      .notNull()
      .default('open'),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    snoozed_until: timestamp('snoozed_until', { withTimezone: true }),
    created_by: text('created_by'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    sqlForeignKey(t.owner_id, users.id, 'cascade'),
    sqlForeignKey(t.created_by, users.id, 'set null'),
    sqlForeignKey(t.call_analysis_id, callAnalyses.id, 'set null'),
    check('tasks_status_check', sql`${t.status} IN ('open', 'done', 'dismissed')`),
    check('tasks_source_check', sql`${t.source} IN ('person', 'call', 'integration')`),
    check('tasks_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 500`),
    // A person's lists (today, overdue, upcoming: open by due time; done by due time too), in index order.
    index('tasks_owner_status_due_idx')
      .on(t.owner_id, t.status, t.due_at, t.id)
      .where(sql`deleted_at IS NULL`),
    // The manager's overdue view: every open task by due time.
    index('tasks_open_due_idx')
      .on(t.due_at, t.id)
      .where(sql`status = 'open' AND deleted_at IS NULL`),
    // A call's next steps already decided (accepted or dismissed, deleted or not): never offered twice.
    uniqueIndex('tasks_call_step_idx').on(t.call_analysis_id, t.call_step),
    index('tasks_opportunity_idx')
      .on(t.opportunity_id)
      .where(sql`opportunity_id IS NOT NULL`),
  ],
);

/**
 * A person at a client (or, side 'seller', on the selling side of a call). E-mail stored lower case.
 * side is what a representative set for the person, remembered on every later call of the account.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id'),
    full_name: text('full_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    title: text('title'),
    language: text('language', { enum: ['en', 'fr'] }),
    time_zone: text('time_zone'),
    side: text('side').$type<ContactSide>().notNull().default('buyer'),
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The contact's id in the CRM that sent it (ingest API, POST /api/v1/contacts): a second send updates it. */
    external_id: text('external_id'),
  },
  (t) => [
    sqlForeignKey(t.account_id, clientAccounts.id, 'set null'),
    sqlForeignKey(t.created_by, users.id, 'set null'),
    uniqueIndex('contacts_external_id_idx').on(t.external_id),
    // A CRM's or a meeting tool's person found by e-mail, whatever their account.
    index('contacts_email_idx').on(t.email),
    index('contacts_account_email_idx').on(t.account_id, t.email),
    // The contact list's order (lower(full_name), id): a page is read in index order, not sorted from every row (issue 36 bench).
    index('contacts_name_idx').on(sql`lower(${t.full_name})`, t.id),
    // A manager's contact search: the trigrams of the fields it reads besides the name (decision 055;
    // the names are found in contact_names), so a text few contacts have is found without reading them all.
    index('contacts_email_title_trgm_idx').using('gin', t.email.op('gin_trgm_ops'), t.title.op('gin_trgm_ops')),
    check('contacts_side_check', sql`side IN ('buyer', 'seller')`),
    check('contacts_language_check', sql`language IN ('en', 'fr')`),
    check('contacts_email_check', sql`email = lower(email)`),
  ],
);

/**
 * Kept (db/read-models/contact-names.sql, decision 055): each sort name (lower(full_name)) some contact
 * has, with how many contacts have it, so a manager's search finds the names its text matches (from the
 * trigrams of a few distinct names), in the list's order, and reads each name's contacts from
 * contacts_name_idx in order: a page of a common name is a few index entries, not every match sorted. A
 * name no contact has any longer is removed by the statement that removed its last contact.
 */
export const contactNames = pgTable(
  'contact_names',
  {
    sort_name: text('sort_name').notNull(),
    contacts: integer('contacts').notNull(),
  },
  (t) => [
    primaryKey({ name: 'contact_names_pk', columns: [t.sort_name] }),
    index('contact_names_trgm_idx').using('gin', t.sort_name.op('gin_trgm_ops')),
  ],
);

/**
 * A deal's buying committee: its contacts and their roles (BUYING_ROLES). No foreign key to the deal:
 * a deleted deal moves to deleted_opportunities and its committee stays for its restore (decision
 * 017, as call_analyses); reads join the live deal. A contact's removal takes its rows with it.
 */
export const dealContacts = pgTable(
  'deal_contacts',
  {
    opportunity_id: integer('opportunity_id').notNull(),
    contact_id: integer('contact_id').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text('source').$type<ChangeSource>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.opportunity_id, t.contact_id] }),
    sqlForeignKey(t.contact_id, contacts.id, 'cascade'),
    index('deal_contacts_contact_idx').on(t.contact_id),
    check('deal_contacts_roles_check', sql.raw(`roles <@ ARRAY[${BUYING_ROLES.map((r) => `'${r}'`).join(', ')}]::text[]`)),
  ],
);

/**
 * The longest search text (in bytes) rep_contacts_search_idx holds. An index entry may not pass 2,704
 * bytes, and the entry holds the text and the sort name (the text's first line): 2 × 1,200 bytes and
 * the owner and id stay under it, while the fields' own limits (200 characters of a name, a title, an
 * account name, 254 of an e-mail) allow more in three-byte characters.
 */
export const SEARCH_INDEXED_BYTES = 1200;

/**
 * Kept (db/read-models/rep-contacts.sql, decision 046): each contact a representative may see by the
 * rule of accounts/scope.ts (contactsVisibleTo), with its sort name (lower(full_name)), so their contact
 * list is one range of rep_contacts_list_idx instead of every contact they may see sorted (issue 36).
 * Kept by triggers on opportunities, deal_contacts and contacts; a manager sees every contact and reads
 * `contacts` itself.
 */
export const repContacts = pgTable(
  'rep_contacts',
  {
    owner_id: text('owner_id').notNull(),
    contact_id: integer('contact_id').notNull(),
    sort_name: text('sort_name').notNull(),
    /**
     * What the list's search (`q`) reads, one line per field: the name, e-mail, title and account name
     * (lower(concat_ws(E'\n', …))); a search is single-line, so it matches within one field as the
     * search over `contacts` did, and LIKE lower(pattern) is what ILIKE evaluates (decision 047).
     */
    search: text('search').notNull(),
  },
  (t) => [
    // A contact's rows, found when it changes (its account, name, creator, searched fields) or goes.
    primaryKey({ name: 'rep_contacts_pk', columns: [t.contact_id, t.owner_id] }),
    // A representative's page: in the list's order, (sort name, id).
    index('rep_contacts_list_idx').on(t.owner_id, t.sort_name, t.contact_id),
    // Their search, in the same order, with the text it filters (decision 050): an index-only walk of
    // their range, where the table's rows are each on a page of their own. A text too long for an
    // index entry is left out of it and found through the small index after it.
    index('rep_contacts_search_idx')
      .on(t.owner_id, t.sort_name, t.contact_id, t.search)
      .where(sql.raw(`octet_length(search) <= ${SEARCH_INDEXED_BYTES}`)),
    index('rep_contacts_long_search_idx')
      .on(t.owner_id, t.sort_name, t.contact_id)
      .where(sql.raw(`octet_length(search) > ${SEARCH_INDEXED_BYTES}`)),
    // Their search's matches found at once (decision 052): the representative's entries (btree_gin)
    // and the text's trigrams (pg_trgm), so a word few of their contacts have is not a walk of
    // their whole range.
    index('rep_contacts_search_trgm_idx').using('gin', t.owner_id, t.search.op('gin_trgm_ops')),
  ],
);

/**
 * Kept (db/read-models/rep-accounts.sql, decision 047): each account a representative may see by the
 * rule of accounts/scope.ts (accountsVisibleTo: they own a live deal in it), with how many, and copies
 * of what the account list sorts and searches on (name, domain, created_at, live = not merged away),
 * so their account list is one range of an index in the list's order. Folded from opportunities with
 * the deals' other kept totals; the copies follow client_accounts' writes. A manager reads
 * client_accounts itself.
 */
export const repAccounts = pgTable(
  'rep_accounts',
  {
    owner_id: text('owner_id').notNull(),
    account_id: integer('account_id').notNull(),
    deals: integer('deals').notNull(),
    name: text('name').notNull(),
    domain: text('domain'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    live: boolean('live').notNull(),
  },
  (t) => [
    // An account's rows, found when the account is renamed or merged.
    primaryKey({ name: 'rep_accounts_pk', columns: [t.account_id, t.owner_id] }),
    // A representative's page in each of the list's orders (name or created_at, then id; both ways).
    index('rep_accounts_name_idx')
      .on(t.owner_id, t.name, t.account_id)
      .where(sql`live`),
    index('rep_accounts_created_idx')
      .on(t.owner_id, t.created_at, t.account_id)
      .where(sql`live`),
  ],
);

/**
 * Who spoke in an analysed call, as named in the transcript, and who that is: a contact (buyer side)
 * or a workspace member (seller side), with their talk time and lines.
 */
export const callSpeakers = pgTable(
  'call_speakers',
  {
    call_analysis_id: uuid('call_analysis_id').notNull(),
    speaker: text('speaker').notNull(),
    contact_id: integer('contact_id'),
    user_id: text('user_id'),
    side: text('side').$type<ContactSide>(),
    talk_seconds: real('talk_seconds'),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.call_analysis_id, t.speaker] }),
    sqlForeignKey(t.call_analysis_id, callAnalyses.id, 'cascade'),
    sqlForeignKey(t.contact_id, contacts.id, 'set null'),
    sqlForeignKey(t.user_id, users.id, 'set null'),
    index('call_speakers_contact_idx').on(t.contact_id),
    check('call_speakers_side_check', sql`side IN ('buyer', 'seller')`),
  ],
);

/**
 * A deleted contact, whole, with their committee places and the call speakers that were theirs: a
 * delete's undo for 30 days, as deleted_opportunities is a deal's (decision 017). The contact leaves
 * every list and committee; a restore brings all of it back under the same id (modules/contacts).
 */
export const deletedContacts = pgTable(
  'deleted_contacts',
  {
    id: integer('id').primaryKey(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    committee: jsonb('committee')
      .notNull()
      .default(sql`'[]'::jsonb`),
    speakers: jsonb('speakers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    deleted_by: text('deleted_by'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sqlForeignKey(t.deleted_by, users.id, 'set null'),
    index('deleted_contacts_deleted_by_at_idx').on(t.deleted_by, descending(t.deleted_at)),
    index('deleted_contacts_deleted_at_idx').on(t.deleted_at),
  ],
);

/**
 * Webhook endpoints a manager registers (issue 37, decision 036): the events it takes, its signing
 * secret (encrypted with the server's secrets key, shown once at creation), and whether it is on. An
 * endpoint that fails for a day is switched off with a reason; `failing_since` starts that day.
 * `locked_until` is the lease of the one dispatcher that delivers to it (in order, on one instance).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** AES-256-GCM of the `whsec_…` secret (secrets/box.ts); never sent back after creation. */
    secret_encrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    /** 'manual' (a manager switched it off) or 'failing' (a day of failed deliveries). */
    disabled_reason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    /** The first failure of the current run of failures; none once a delivery succeeds. */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** The dispatcher holding the lease (a random token per claim). */
    locked_by: text('locked_by'),
    /**
     * The holder's presence key: the advisory lock its process holds on a session of its own
     * (db/client.ts holdLock). When no session holds it any more, the holder is gone and the lease is
     * free at once, whatever `locked_until` says (decision 036's amendment).
     */
    locked_instance: integer('locked_instance'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_enabled_idx').on(t.enabled)],
);

/**
 * The outbox: one row per event, written in the transaction of the change that causes it (only
 * when an enabled endpoint takes its type). `id` is the Standard Webhooks `webhook-id`; `seq`
 * orders events as they were written.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id')
    .primaryKey()
    .default(sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`),
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One delivery of one event to one endpoint (a replay is a second row, `replay` true): what the
 * dispatcher works through in `id` order per endpoint, and the log a manager reads.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event_id: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    replay: boolean('replay').notNull().default(false),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    response_status: integer('response_status'),
    /** The first KB of the receiver's answer, or our own words for a failure with none (timeout, refused address). */
    response_body: text('response_body'),
    error: text('error'),
    duration_ms: integer('duration_ms'),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once_idx')
      .on(t.event_id, t.endpoint_id)
      .where(sql`not ${t.replay}`),
    index('webhook_deliveries_pending_idx')
      .on(t.endpoint_id, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.endpoint_id, t.id.desc()),
  ],
);

/**
 * Buying roles a call analysis suggests for a deal's people (issue 36), each with its cited line:
 * offered until a person accepts one (the role is then added to deal_contacts through the change
 * recorder) or dismisses it; nothing is set by itself. contact_id is the person when the speaker or
 * the name said was matched, null until a person adds them as a contact. No foreign key to the deal,
 * as for call_analyses (decision 017); an erased contact takes its suggestions (their words) with it.
 */
export const committeeSuggestions = pgTable(
  'committee_suggestions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opportunity_id: integer('opportunity_id').notNull(),
    call_analysis_id: uuid('call_analysis_id').notNull(),
    /** The transcript's speaker the role is about, when the person speaks in the call. */
    speaker: text('speaker'),
    /** The name the call gives the person ("Priya"). */
    person_name: text('person_name'),
    contact_id: integer('contact_id'),
    role: text('role').notNull(),
    lines: integer('lines')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    quote: text('quote').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'dismissed'] })
      .notNull()
      .default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: text('decided_by'),
  },
  (t) => [
    sqlForeignKey(t.call_analysis_id, callAnalyses.id, 'cascade'),
    sqlForeignKey(t.contact_id, contacts.id, 'cascade'),
    sqlForeignKey(t.decided_by, users.id, 'set null'),
    index('committee_suggestions_analysis_idx').on(t.call_analysis_id),
    index('committee_suggestions_pending_idx')
      .on(t.opportunity_id)
      .where(sql`${t.status} = 'pending'`),
    index('committee_suggestions_contact_idx').on(t.contact_id),
    check('committee_suggestions_status_check', sql`${t.status} IN ('pending', 'accepted', 'dismissed')`),
    check('committee_suggestions_role_check', sql.raw(`role IN (${BUYING_ROLES.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

// --- calendar (issue 37, decision 042) ---

/**
 * A person's CalDAV calendar: the collection URL, the user name and the app password sealed with
 * secrets/box.ts (never sent back, never logged). The sync job writes its outcome here for Settings.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    user_id: text('user_id').primaryKey(),
    url: text('url').notNull(),
    username: text('username').notNull(),
    password_encrypted: text('password_encrypted').notNull(),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    /** Our own words for the last failure (a code the web app translates), none once a sync succeeds. */
    last_error: text('last_error'),
    last_error_at: timestamp('last_error_at', { withTimezone: true }),
    /** A sync holds the connection until then, so two syncs of one calendar never run at once. */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** Which sync holds it (a token of its own): a sync whose lease lapsed and was taken writes nothing more. */
    locked_by: text('locked_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [sqlForeignKey(t.user_id, users.id, 'cascade')],
);

/**
 * Each event Nexa wrote to a person's calendar: what it stands for (a task, a deal's next meeting, a
 * demo booking — `ref_id` is the task's or deal's number, the booking's uuid, as text),
 * where it lives, and what was last written or read back (`start`, `fingerprint`, `etag`), so a
 * sync writes only what changed and tells a move in the calendar from a change in Nexa.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: text('user_id').notNull(),
    kind: text('kind', { enum: ['task', 'meeting', 'booking'] }).notNull(),
    ref_id: text('ref_id').notNull(),
    uid: text('uid').notNull(),
    href: text('href').notNull(),
    etag: text('etag'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    synced_at: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sqlForeignKey(t.user_id, users.id, 'cascade'),
    uniqueIndex('calendar_events_user_ref_idx').on(t.user_id, t.kind, t.ref_id),
    check('calendar_events_kind_check', sql`${t.kind} IN ('task', 'meeting', 'booking')`),
  ],
);

/** A person's `.ics` feed: only the SHA-256 of its secret token is kept; a new token replaces the old. */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    user_id: text('user_id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [sqlForeignKey(t.user_id, users.id, 'cascade'), uniqueIndex('calendar_feed_tokens_hash_idx').on(t.token_hash)],
);
/**
 * What a person is told (issue 37, decision 043): one row per notification, made once — the unique
 * (user_id, dedupe_key) decides, whichever instance or retry writes it. `in_app` and `email` are the
 * person's preference when it was made (notifications.ts in @nexa/domain); a row neither shown nor
 * mailed is never made. `emailed_at` is set once its e-mail (instant or in a daily summary) went out.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: text('user_id').notNull(),
    kind: text('kind').notNull(),
    dedupe_key: text('dedupe_key').notNull(),
    /** What the words need (the deal's name, who moved it, from and to…), written when it is made. */
    data: jsonb('data').notNull().default({}),
    opportunity_id: integer('opportunity_id'),
    task_id: bigint('task_id', { mode: 'number' }),
    in_app: boolean('in_app').notNull(),
    email: text('email').notNull(),
    emailed_at: timestamp('emailed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    sqlForeignKey(t.user_id, users.id, 'cascade'),
    uniqueIndex('notifications_dedupe_idx').on(t.user_id, t.dedupe_key),
    // The bell's panel: a person's shown notifications, newest first, a page at a time.
    index('notifications_inbox_idx')
      .on(t.user_id, descending(t.created_at), descending(t.id))
      .where(sql`in_app`),
    // The bell's count: only the unread rows are in this index, so counting them reads no others.
    index('notifications_unread_idx')
      .on(t.user_id)
      .where(sql`in_app AND read_at IS NULL`),
    // The daily summaries still to send.
    index('notifications_daily_idx')
      .on(t.user_id)
      .where(sql`email = 'daily' AND emailed_at IS NULL`),
    check('notifications_email_check', sql`${t.email} IN ('instant', 'daily', 'off')`),
  ],
);

/** A person's choice per kind (none: the default of notifications.ts in @nexa/domain). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: text('user_id').notNull(),
    kind: text('kind').notNull(),
    in_app: boolean('in_app').notNull(),
    email: text('email').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.kind] }),
    sqlForeignKey(t.user_id, users.id, 'cascade'),
    check('notification_preferences_email_check', sql`${t.email} IN ('instant', 'daily', 'off')`),
  ],
);

/**
 * How far each notification sweep has read (deal moves from opportunity_changes, finished analyses
 * from jobs, tasks falling due): the next sweep reads from a little before it, so a change committed
 * late is still seen, and the notifications' unique keys drop what was seen twice.
 */
export const notificationCursors = pgTable('notification_cursors', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * Notes on a deal (issue 37): plain text, its author, and the people it mentions as they were named
 * then ([{id, full_name}], resolved by the server from the ids sent). No foreign key to the deal: a
 * deleted deal's row moves to deleted_opportunities and its notes stay with its history (decision 017);
 * they go when the archive is purged. A note deleted by its author keeps its row (deleted_at) so the
 * delete can be undone, and the deal's history keeps who wrote and deleted it.
 */
export const dealNotes = pgTable(
  'deal_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opportunity_id: integer('opportunity_id').notNull(),
    author_id: text('author_id'),
    text: text('text').notNull(),
    mentions: jsonb('mentions').$type<Array<{ id: string; full_name: string }>>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    sqlForeignKey(t.author_id, users.id, 'set null'),
    // The deal page's list: a deal's live notes, newest first, a page at a time.
    index('deal_notes_opportunity_idx')
      .on(t.opportunity_id, descending(t.created_at), descending(t.id))
      .where(sql`deleted_at IS NULL`),
  ],
);
