import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paceWaitMs, restedPace, takePace, type Pace, type PaceState } from '@nexa/domain/pacing';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jobSignals, MAX_ATTEMPTS, type JobRow } from './queue.ts';

/** A failure worth telling the owner as is; the job is not tried again. */
export class JobFailure extends Error {
  constructor(
    message: string,
    /** For the log: our own words, never a provider's text. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/**
 * What the log may say about a job's error: the safe detail when the error carries one (provider
 * errors wrap upstream answers that must not reach the log), else the error itself.
 */
const logged = (error: unknown) => {
  const detail = (error as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? { reason: detail } : { err: error };
};

export interface JobContext {
  /** The run number of this job (1 for the first attempt). */
  attempt: number;
  /** Aborted when the server shuts down or the lease was lost. */
  signal: AbortSignal;
  /** Records progress (0–100) and extends the lease. */
  progress(percent: number): Promise<void>;
  /**
   * Marks the job succeeded inside the handler's own transaction, so the job and what it wrote
   * commit together. Throws (rolling that transaction back) when another worker took the job.
   */
  complete(tx: DbOrTx, done: { result?: unknown; opportunityId?: number | null }): Promise<void>;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<void>;

/**
 * Work a process does on a timer, at start and then every interval while its worker runs: every
 * instance runs it, so it must be safe to run twice at once — it enqueues jobs with a unique key
 * (enqueueJobOnce), and the queue runs each of them once. `now` is the tick's time (tests pass their own).
 */
export type PeriodicTask = (now: Date) => Promise<void>;

export interface JobWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work (an enqueue in this process wakes it at once). */
  pollMs: number;
  /** Jobs run at the same time by this process; 0 runs none (the process only enqueues). */
  concurrency: number;
  /** How long a claimed job stays ours without a heartbeat before another worker may take it. */
  leaseMs: number;
  /** How long stop() waits for running jobs before leaving them to the lease. */
  shutdownMs?: number;
  /** The clock paced kinds are counted by (tests pass their own); Date.now by default. */
  clock?: () => number;
}

/** Kinds that share one pace: their jobs start at most at its rate, whichever kind. */
interface PacedGroup {
  pace: Pace;
  state: PaceState;
}

class LeaseLostError extends Error {}

const GENERIC_FAILURE = 'The job could not be completed. Please try again.';

/**
 * A worker loop over the `jobs` table (docs/decisions/008): claims with FOR UPDATE SKIP LOCKED so
 * two instances never take the same job, holds a lease it renews while working, retries a job
 * whose worker died, and gives up after MAX_ATTEMPTS.
 */
export function createJobWorker(options: JobWorkerOptions) {
  const { db, log, pollMs, concurrency, leaseMs, shutdownMs = 5_000, clock = Date.now } = options;
  const handlers = new Map<string, JobHandler>();
  const paced = new Map<string, PacedGroup>();
  /** When a paced kind held back at the last claim may start (the next look), or null. */
  let pacedUntil: number | null = null;
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let again = false;
  const periodic: Array<{ name: string; everyMs: number; task: PeriodicTask; timer?: NodeJS.Timeout; run?: Promise<void> }> = [];

  const leaseSql = sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  async function claim(): Promise<JobRow | null> {
    // A paced kind whose pace has no start left is not asked for: its jobs wait queued, others go on.
    const now = clock();
    pacedUntil = null;
    const kinds = [...handlers.keys()].filter((kind) => {
      const group = paced.get(kind);
      const wait = group ? paceWaitMs(group.state, now, group.pace) : 0;
      if (wait > 0) pacedUntil = Math.min(pacedUntil ?? Infinity, now + wait);
      return wait === 0;
    });
    if (!kinds.length) return null;
    // Queued and due, or running with a lease that passed (its worker died or hung); the row comes
    // back from the claim itself, one statement a job.
    const [row] = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, locked_until: leaseSql, updated_at: sql`now()` })
      .where(
        sql`${jobs.id} = (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_after, created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )`,
      )
      .returning();
    if (!row) return null;
    const group = paced.get(row.kind);
    if (group) group.state = takePace(group.state, clock(), group.pace);
    return row;
  }

  const mine = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));

  async function fail(job: JobRow, message: string) {
    await db
      .update(jobs)
      .set({ status: 'failed', error: message, locked_until: null, finished_at: sql`now()`, updated_at: sql`now()` })
      .where(mine(job));
  }

  async function run(job: JobRow, abort: AbortController) {
    const handler = handlers.get(job.kind)!;
    let completed = false;
    // Renewed by progress() too; this covers a long silent step (one slow model call).
    const heartbeat = setInterval(
      () => {
        db.update(jobs)
          .set({ locked_until: leaseSql })
          .where(mine(job))
          .returning({ id: jobs.id })
          .then((rows) => {
            if (!rows.length) abort.abort(new LeaseLostError());
          })
          .catch(() => {});
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const context: JobContext = {
      attempt: job.attempts,
      signal: abort.signal,
      async progress(percent) {
        const rows = await db
          .update(jobs)
          .set({ progress: Math.max(0, Math.min(100, Math.round(percent))), locked_until: leaseSql, updated_at: sql`now()` })
          .where(mine(job))
          .returning({ id: jobs.id });
        if (!rows.length) throw new LeaseLostError('lease lost');
      },
      async complete(tx, done) {
        const rows = await tx
          .update(jobs)
          .set({
            status: 'succeeded',
            progress: 100,
            result: done.result ?? null,
            ...(done.opportunityId !== undefined ? { opportunity_id: done.opportunityId } : {}),
            error: null,
            locked_until: null,
            finished_at: sql`now()`,
            updated_at: sql`now()`,
          })
          .where(mine(job))
          .returning({ id: jobs.id });
        if (!rows.length) throw new LeaseLostError('lease lost');
        completed = true;
      },
    };
    try {
      if (job.attempts > MAX_ATTEMPTS) {
        await fail(job, GENERIC_FAILURE);
        return;
      }
      await handler(job, context);
      if (!completed) await context.complete(db, {});
      log.info({ event: 'job.succeeded', jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job succeeded');
    } catch (error) {
      if (error instanceof LeaseLostError || abort.signal.reason instanceof LeaseLostError) {
        log.warn({ event: 'job.lease_lost', jobId: job.id }, 'job taken over by another worker');
      } else if (stopping && abort.signal.aborted) {
        // Shutting down: hand the job back without counting this run.
        await db
          .update(jobs)
          .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, locked_until: null, updated_at: sql`now()` })
          .where(mine(job))
          .catch(() => {});
      } else if (error instanceof JobFailure || job.attempts >= MAX_ATTEMPTS) {
        const message = error instanceof JobFailure ? error.message : GENERIC_FAILURE;
        log.warn({ event: 'job.failed', jobId: job.id, kind: job.kind, attempt: job.attempts, ...logged(error) }, 'job failed');
        await fail(job, message).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'could not record a job failure'));
      } else {
        log.warn(
          { event: 'job.retry', jobId: job.id, kind: job.kind, attempt: job.attempts, ...logged(error) },
          'job will be retried',
        );
        await db
          .update(jobs)
          .set({
            status: 'queued',
            locked_until: null,
            run_after: sql`now() + ${`${job.attempts * 2} seconds`}::interval`,
            updated_at: sql`now()`,
          })
          .where(mine(job))
          .catch(() => {});
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Whether the last look left jobs due that no slot could take. When it did not (it found nothing
   * more to start, or only paced kinds with no start left), a slot freeing needs no look of its own:
   * the next poll, the pace's next start or an enqueue's signal looks again.
   */
  let slotsWereFull = false;
  /** When a look last found no job due of any kind it could start (the worker's clock). */
  let lastEmptyLook = -Infinity;

  /**
   * Claims until every slot is busy or nothing is due. A look the pace's timer started (not `full`)
   * stops after the paced job it came for while a look within the poll interval found nothing else
   * due: a paced digest then costs one claim, not two, and other kinds are looked for at the poll's
   * pace, as when idle (an enqueue in this process still looks at once).
   */
  async function fill(full: boolean): Promise<number> {
    let claimed = 0;
    slotsWereFull = false;
    while (!stopping) {
      if (running.size >= concurrency) {
        slotsWereFull = true;
        break;
      }
      const job = await claim();
      if (!job) {
        lastEmptyLook = clock();
        break;
      }
      claimed += 1;
      const abort = new AbortController();
      const promise = run(job, abort).finally(() => {
        running.delete(job.id);
        // A slot freed while jobs were left waiting for one: look for the next now, not at the next poll.
        if (!stopping && slotsWereFull) tick();
      });
      running.set(job.id, { promise, abort });
      const group = paced.get(job.kind);
      const now = clock();
      if (group && !full && now - lastEmptyLook < pollMs) {
        pacedUntil = now + paceWaitMs(group.state, now, group.pace);
        break;
      }
    }
    return claimed;
  }

  function schedule(ms: number) {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => tick(false), ms);
    timer.unref();
  }

  /** Whether a look asked for since the last began must look for every kind (an enqueue, a slot freed). */
  let fullWanted = false;

  /** Looks for work now; `full` false only for the timer's look (the poll, the pace's next start). */
  function tick(full = true) {
    if (full) fullWanted = true;
    if (stopping || !started) return;
    if (ticking) {
      again = true;
      return;
    }
    const look = fullWanted;
    fullWanted = false;
    ticking = fill(look)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn({ event: 'job.poll_failed', err: error }, 'could not look for jobs');
      })
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          tick(false);
        } else schedule(pacedUntil === null ? pollMs : Math.min(pollMs, Math.max(1, pacedUntil - clock())));
      });
  }

  /** One run of a periodic task; a run still going when the next is due is not doubled. */
  function runPeriodic(entry: (typeof periodic)[number]) {
    if (stopping || entry.run) return;
    entry.run = entry
      .task(new Date())
      .catch((error: unknown) => log.warn({ event: 'job.periodic_failed', task: entry.name, err: error }, 'periodic task failed'))
      .finally(() => {
        entry.run = undefined;
      });
  }

  // The enqueuing transaction may commit a moment after the signal: look again shortly.
  const onEnqueued = () => {
    tick();
    for (const delay of [30, 150, 600]) setTimeout(() => tick(), delay).unref();
  };

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /**
     * Starts jobs of these kinds at most `perSecond` a second in this process, all kinds together (a
     * burst of one: evenly spaced), so a batch of thousands leaves the requests their CPU; the other
     * kinds are not held back. 0 leaves them unpaced.
     */
    pace(kinds: readonly string[], perSecond: number) {
      if (perSecond <= 0) return;
      const pace = { perSecond, burst: 1 };
      const group: PacedGroup = { pace, state: restedPace(pace, clock()) };
      for (const kind of kinds) paced.set(kind, group);
    },
    /** Runs `task` at start and every `everyMs` while this worker runs (none when everyMs is 0). */
    every(name: string, everyMs: number, task: PeriodicTask) {
      if (everyMs > 0) periodic.push({ name, everyMs, task });
    },
    start(): void {
      if (started || concurrency <= 0) return;
      started = true;
      jobSignals.on('enqueued', onEnqueued);
      tick();
      for (const entry of periodic) {
        runPeriodic(entry);
        entry.timer = setInterval(() => runPeriodic(entry), entry.everyMs);
        entry.timer.unref();
      }
    },
    /** Stops claiming, aborts running jobs and waits for them (bounded), so shutdown stays quick. */
    async stop() {
      if (stopping) return;
      stopping = true;
      jobSignals.off('enqueued', onEnqueued);
      if (timer) clearTimeout(timer);
      for (const entry of periodic) clearInterval(entry.timer);
      const inFlight = [...running.values()];
      for (const entry of inFlight) entry.abort.abort();
      const all = Promise.allSettled([ticking, ...inFlight.map((entry) => entry.promise), ...periodic.map((entry) => entry.run)]);
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((resolve) => (bound = setTimeout(resolve, shutdownMs)))]);
      clearTimeout(bound);
    },
    /** Looks for work now (tests, and callers that enqueued outside this process). */
    wake: () => tick(),
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
