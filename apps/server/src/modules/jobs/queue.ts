import { EventEmitter } from 'node:events';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { dealName, ROLES, type Job } from '@nexa/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { jobs, opportunities, users } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** At most this many runs of one job; the last failure is final. */
export const MAX_ATTEMPTS = 3;

/**
 * Workers of this process listen here so an enqueue wakes them at once instead of at the next
 * poll. The job row may not be committed yet when the signal fires; workers re-check shortly.
 */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(0);

export function wakeJobWorkers(): void {
  jobSignals.emit('enqueued');
}

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  ownerId?: string | null;
  apiKeyId?: string | null;
  opportunityId?: number | null;
}

const jobValues = (input: EnqueueInput) => {
  if (!input.ownerId === !input.apiKeyId) throw new Error('a job belongs to exactly one user or one API key');
  return {
    kind: input.kind,
    payload: input.payload,
    owner_id: input.ownerId ?? null,
    api_key_id: input.apiKeyId ?? null,
    opportunity_id: input.opportunityId ?? null,
  };
};

/** Inserts a queued job; commits with the caller's transaction when given one. */
export async function enqueueJob(tx: DbOrTx, input: EnqueueInput): Promise<JobRow> {
  const [row] = await tx.insert(jobs).values(jobValues(input)).returning();
  wakeJobWorkers();
  return row!;
}

/**
 * Inserts a job that must exist once: none when a job with this key was ever enqueued (queued,
 * running, done or failed), so every instance may enqueue it and only the first counts. The unique
 * index decides, not a read before the write. Returns whether this call enqueued it.
 */
export async function enqueueJobOnce(tx: DbOrTx, uniqueKey: string, input: EnqueueInput): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({ ...jobValues(input), unique_key: uniqueKey })
    .onConflictDoNothing({ target: jobs.unique_key })
    .returning({ id: jobs.id });
  if (rows.length) wakeJobWorkers();
  return rows.length > 0;
}

/**
 * enqueueJobOnce for many jobs, a thousand per statement (a sweep's e-mails, a tick's summaries):
 * each key is enqueued unless a job with it ever was. Returns how many this call enqueued.
 */
export async function enqueueJobsOnce(
  tx: DbOrTx,
  items: ReadonlyArray<{ uniqueKey: string; input: EnqueueInput }>,
): Promise<number> {
  let made = 0;
  for (let i = 0; i < items.length; i += 1_000) {
    const rows = await tx
      .insert(jobs)
      .values(items.slice(i, i + 1_000).map((item) => ({ ...jobValues(item.input), unique_key: item.uniqueKey })))
      .onConflictDoNothing({ target: jobs.unique_key })
      .returning({ id: jobs.id });
    made += rows.length;
  }
  if (made) wakeJobWorkers();
  return made;
}

/** The deal a job analysed, as read beside it (listJobs, findJob); none for a job just enqueued. */
export interface JobDeal {
  client_company_name: string | null;
  product: string | null;
}

/** The public shape of a job (the contract's `Job`): never the payload, never a stack. */
export function toJob(row: JobRow, deal?: JobDeal | null): Job {
  const result = (row.result ?? null) as { analysisId?: string } | null;
  return {
    id: row.id,
    kind: 'transcript_analysis',
    status: row.status,
    progress: row.progress,
    opportunityId: row.opportunity_id,
    opportunityName: deal ? dealName(deal) : null,
    analysisId: result?.analysisId ?? null,
    error: row.error,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  };
}

const JOB_COLUMNS = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  progress: jobs.progress,
  result: jobs.result,
  error: jobs.error,
  opportunity_id: jobs.opportunity_id,
  created_at: jobs.created_at,
  finished_at: jobs.finished_at,
};

/**
 * The deal's name, read only where its owner still sees it: the representative who owns it, any
 * manager, or the integration that sent the call. A deal handed to someone else since is a number.
 */
const dealSeen = or(
  sql`${jobs.api_key_id} is not null`,
  eq(opportunities.owner_id, jobs.owner_id),
  eq(users.role, ROLES.manager),
);
const DEAL_COLUMNS = {
  client_company_name: sql<string | null>`case when ${dealSeen} then ${opportunities.client_company_name} end`,
  product: sql<string | null>`case when ${dealSeen} then ${opportunities.product} end`,
};

type Owner = { userId: string } | { apiKeyId: string };
/** Only the kinds the `Job` contract names are shown (its `kind` is a closed list). */
const ownedBy = (owner: Owner) =>
  and(
    'userId' in owner ? eq(jobs.owner_id, owner.userId) : eq(jobs.api_key_id, owner.apiKeyId),
    eq(jobs.kind, 'transcript_analysis'),
  );

/** The owner's newest jobs (a user's or an API key's). */
export async function listJobs(db: Db, owner: Owner, limit = 20): Promise<Job[]> {
  const rows = await db
    .select({ ...JOB_COLUMNS, ...DEAL_COLUMNS })
    .from(jobs)
    .leftJoin(opportunities, eq(opportunities.id, jobs.opportunity_id))
    .leftJoin(users, eq(users.id, jobs.owner_id))
    .where(ownedBy(owner))
    .orderBy(desc(jobs.created_at))
    .limit(limit);
  return rows.map((row) => toJob(row as unknown as JobRow, row));
}

/** One job of this owner, or null (another owner's job does not exist for them). */
export async function findJob(db: Db, owner: Owner, id: string): Promise<Job | null> {
  const [row] = await db
    .select({ ...JOB_COLUMNS, ...DEAL_COLUMNS })
    .from(jobs)
    .leftJoin(opportunities, eq(opportunities.id, jobs.opportunity_id))
    .leftJoin(users, eq(users.id, jobs.owner_id))
    .where(and(eq(jobs.id, id), ownedBy(owner)));
  return row ? toJob(row as unknown as JobRow, row) : null;
}
