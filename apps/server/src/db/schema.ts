import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pipelineStatusSql } from '@nexa/domain';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- accounts (tables and keys as better-auth expects them; see docs/decisions/003) ---

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  // better-auth's "name" field, renamed to the specification's column.
  full_name: text('full_name').notNull().default(''),
  image: text('image'),
  role: text('role'),
  company: text('company'),
  disabled: boolean('disabled').notNull().default(false),
  ...timestamps,
});

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

/** A representative's quarterly quota in whole dollars (DESIGN §4.6; default in code). */
export const repQuotas = pgTable('rep_quotas', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quarterlyQuota: bigint('quarterly_quota', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- opportunities (the specification's secured_call_insight) ---

export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    owner_id: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    account_manager: text('account_manager'),
    product: text('product'),
    status: text('status'),
    /** normaliseStatus() computed by the database so filters and totals use an index. */
    pipeline_status: text('pipeline_status')
      .notNull()
      .generatedAlwaysAs(sql.raw(pipelineStatusSql('status'))),
    lead_status: text('lead_status'),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }),
    client_company_name: text('client_company_name'),
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('opportunities_owner_meeting_idx').on(t.owner_id, t.next_meeting_date),
    index('opportunities_owner_status_idx').on(t.owner_id, t.pipeline_status),
    index('opportunities_owner_record_idx').on(t.owner_id, t.record_date),
    index('opportunities_account_manager_idx').on(t.account_manager),
    // Equality filters of the list (product, status) then the default order, for the rep's filtered pages.
    index('opportunities_owner_product_status_meeting_idx').on(t.owner_id, t.product, t.pipeline_status, t.next_meeting_date),
  ],
);

/** Win rate per owner: closed-won ÷ (closed-won + closed-lost), DESIGN §4.6. */
export const repWinRate = pgView('rep_win_rate', {
  owner_id: text('owner_id'),
  account_manager: text('account_manager'),
  won: integer('won').notNull(),
  lost: integer('lost').notNull(),
  win_rate_percentage: real('win_rate_percentage'),
}).existing();

/**
 * Team figures per representative and pipeline status, kept equal to the opportunity rows by
 * statement-level triggers in the same transaction (migration team_summary_triggers), so the
 * manager workspace reads ~150 rows instead of grouping a million (docs/decisions/005).
 * owner_key is the owner's user id, '' for rows without an owner.
 */
export const teamSummaries = pgTable(
  'team_summaries',
  {
    owner_key: text('owner_key').notNull(),
    pipeline_status: text('pipeline_status').notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
    technical_sum: numeric('technical_sum', { mode: 'number' }).notNull().default(0),
    technical_count: bigint('technical_count', { mode: 'number' }).notNull().default(0),
    commercial_sum: numeric('commercial_sum', { mode: 'number' }).notNull().default(0),
    commercial_count: bigint('commercial_count', { mode: 'number' }).notNull().default(0),
    /** Opportunities whose lead_status says won (the manager's conversion rate). */
    won_lead_count: bigint('won_lead_count', { mode: 'number' }).notNull().default(0),
    /** Closed deals with a closing date: days from record_date (UTC) to closing_date. */
    cycle_days_sum: bigint('cycle_days_sum', { mode: 'number' }).notNull().default(0),
    cycle_count: bigint('cycle_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.pipeline_status] })],
);

/** Closed-won amount per representative and closing quarter, for quota attainment. */
export const teamQuarterWins = pgTable(
  'team_quarter_wins',
  {
    owner_key: text('owner_key').notNull(),
    quarter: date('quarter', { mode: 'string' }).notNull(),
    deals: bigint('deals', { mode: 'number' }).notNull().default(0),
    amount_sum: numeric('amount_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner_key, t.quarter] })],
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
