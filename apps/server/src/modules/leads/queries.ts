import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Lead, LeadType } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { demoRequests, teamApplications } from '../../db/schema.ts';

export type DemoRequestRow = typeof demoRequests.$inferSelect;
export type TeamApplicationRow = typeof teamApplications.$inferSelect;

const nullableEq = (column: AnyPgColumn, value: string | null) => (value === null ? isNull(column) : eq(column, value));

/** An identical request sent within the window: the one to return instead of storing it twice. */
export async function findRecentDemoRequest(
  db: Db,
  row: Pick<DemoRequestRow, 'request_type' | 'full_name' | 'email' | 'company_name' | 'notes'> & { selected_date: Date | null },
  since: Date,
): Promise<DemoRequestRow | undefined> {
  const [found] = await db
    .select()
    .from(demoRequests)
    .where(
      and(
        eq(demoRequests.request_type, row.request_type),
        eq(demoRequests.email, row.email),
        eq(demoRequests.full_name, row.full_name),
        eq(demoRequests.company_name, row.company_name),
        nullableEq(demoRequests.notes, row.notes),
        row.selected_date ? eq(demoRequests.selected_date, row.selected_date) : undefined,
        gt(demoRequests.created_at, since),
      ),
    )
    .orderBy(desc(demoRequests.created_at))
    .limit(1);
  return found;
}

export async function findRecentTeamApplication(
  db: Db,
  row: Pick<
    TeamApplicationRow,
    'full_name' | 'email' | 'phone_number' | 'github_link' | 'linkedin_link' | 'introduction_text' | 'resume_original_name'
  >,
  since: Date,
): Promise<TeamApplicationRow | undefined> {
  const [found] = await db
    .select()
    .from(teamApplications)
    .where(
      and(
        eq(teamApplications.email, row.email),
        eq(teamApplications.full_name, row.full_name),
        nullableEq(teamApplications.phone_number, row.phone_number),
        nullableEq(teamApplications.github_link, row.github_link),
        nullableEq(teamApplications.linkedin_link, row.linkedin_link),
        nullableEq(teamApplications.introduction_text, row.introduction_text),
        nullableEq(teamApplications.resume_original_name, row.resume_original_name),
        gt(teamApplications.created_at, since),
      ),
    )
    .orderBy(desc(teamApplications.created_at))
    .limit(1);
  return found;
}

export async function bookedSlotStarts(db: Db, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .select({ at: demoRequests.selected_date })
    .from(demoRequests)
    .where(
      and(
        eq(demoRequests.request_type, 'demo'),
        sql`${demoRequests.selected_date} >= ${from.toISOString()}`,
        sql`${demoRequests.selected_date} < ${to.toISOString()}`,
      ),
    );
  return rows.map((r) => r.at.getTime());
}

export interface LeadFilter {
  type?: LeadType;
  q?: string;
}

// Demo requests, early-access requests and applications as one list, newest first.
const ALL_LEADS = sql`(
  select id::text as id, request_type as type, full_name, email, company_name, selected_date, notes,
         null::text as phone_number, null::text as github_link, null::text as linkedin_link,
         null::text as introduction_text, null::text as resume_original_name, false as has_resume, created_at
    from demo_requests
  union all
  select id::text, 'application', full_name, email, null, null, null, phone_number, github_link, linkedin_link,
         introduction_text, resume_original_name, resume_file_path is not null, created_at
    from team_applications
) as leads`;

function whereOf(filter: LeadFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(full_name ilike ${pattern} or email ilike ${pattern} or coalesce(company_name, '') ilike ${pattern}
           or coalesce(notes, '') ilike ${pattern} or coalesce(introduction_text, '') ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

function toLead(row: Record<string, unknown>): Lead {
  return {
    id: String(row.id),
    type: row.type as LeadType,
    full_name: String(row.full_name),
    email: String(row.email),
    company_name: (row.company_name as string | null) ?? null,
    selected_date: iso(row.selected_date),
    notes: (row.notes as string | null) ?? null,
    phone_number: (row.phone_number as string | null) ?? null,
    github_link: (row.github_link as string | null) ?? null,
    linkedin_link: (row.linkedin_link as string | null) ?? null,
    introduction_text: (row.introduction_text as string | null) ?? null,
    resume_original_name: (row.resume_original_name as string | null) ?? null,
    has_resume: row.has_resume === true || row.has_resume === 't',
    created_at: iso(row.created_at)!,
  };
}

export async function listLeads(db: Db, filter: LeadFilter, limit: number, offset: number): Promise<Lead[]> {
  const result = await db.execute(
    sql`select * from ${ALL_LEADS} where ${whereOf(filter)} order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(toLead);
}

export async function countLeads(db: Db, filter: LeadFilter): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from ${ALL_LEADS} where ${whereOf(filter)}`);
  return Number((result as unknown as { rows: Array<{ total: number | string }> }).rows[0]?.total ?? 0);
}

/** Holds a transaction-scoped advisory lock on one submitter's key until the transaction ends. */
export async function lockSubmitter(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function insertDemoRequest(db: Db, values: typeof demoRequests.$inferInsert): Promise<DemoRequestRow> {
  const [row] = await db.insert(demoRequests).values(values).returning();
  return row!;
}

export async function insertTeamApplication(db: Db, values: typeof teamApplications.$inferInsert): Promise<TeamApplicationRow> {
  const [row] = await db.insert(teamApplications).values(values).returning();
  return row!;
}

export async function findDemoRequest(db: Db, id: string): Promise<DemoRequestRow | undefined> {
  const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id));
  return row;
}

export async function findTeamApplication(db: Db, id: string): Promise<TeamApplicationRow | undefined> {
  const [row] = await db.select().from(teamApplications).where(eq(teamApplications.id, id));
  return row;
}

/** Which of these stored files a team application still points at. */
export async function referencedResumes(db: Db, keys: string[]): Promise<Array<string | null>> {
  const rows = await db
    .select({ key: teamApplications.resume_file_path })
    .from(teamApplications)
    .where(inArray(teamApplications.resume_file_path, keys));
  return rows.map((row) => row.key);
}
