import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { jobs, users } from '../src/db/schema.ts';
import { enqueueJob, enqueueJobOnce } from '../src/modules/jobs/queue.ts';
import { createJobWorker, JobFailure, type JobHandler } from '../src/modules/jobs/worker.ts';
import { testDatabaseKind } from './database-target.ts';
import { openTestDatabase, testConfig } from './test-app.ts';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(40);
  }
}

describe(`job queue (${testDatabaseKind()})`, () => {
  let database: Database & { url: string };
  const owner = 'job-test-user';

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(users).values({ id: owner, email: 'jobs@test.nexa', full_name: 'Job Owner' });
  });
  afterAll(() => database.close());

  const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const worker = (handlers: Record<string, JobHandler>, options: { leaseMs?: number; pollMs?: number } = {}) => {
    const w = createJobWorker({
      db: database.db,
      log: logger,
      pollMs: options.pollMs ?? 100,
      concurrency: 2,
      leaseMs: options.leaseMs ?? 5_000,
    });
    for (const [kind, handler] of Object.entries(handlers)) w.register(kind, handler);
    return w;
  };

  it('runs a job enqueued in a transaction only once it commits, with progress and a result', async () => {
    const seen: number[] = [];
    const w = worker({
      'test.ok': async (_job, context) => {
        await context.progress(40);
        seen.push((await jobRow(_job.id)).progress);
        await database.db.transaction((tx) => context.complete(tx, { result: { analysisId: null } }));
      },
    });
    w.start();
    try {
      let id = '';
      await database.db.transaction(async (tx) => {
        id = (await enqueueJob(tx, { kind: 'test.ok', payload: {}, ownerId: owner })).id;
        await sleep(300);
        // Not visible to the worker before the commit.
        expect(seen).toEqual([]);
      });
      const done = await until(
        () => jobRow(id),
        (row) => row.status === 'succeeded',
      );
      expect(done).toMatchObject({ progress: 100, attempts: 1, error: null, locked_until: null });
      expect(done.finished_at).toBeInstanceOf(Date);
      expect(seen).toEqual([40]);
    } finally {
      await w.stop();
    }
  });

  it('rolls back what a failing job wrote and keeps only its safe message', async () => {
    const w = worker({
      'test.fail': async (job) => {
        await database.db.transaction(async (tx) => {
          await tx.update(users).set({ full_name: 'Written by a failing job' }).where(eq(users.id, owner));
          throw new JobFailure(`safe message for ${job.kind}`);
        });
      },
    });
    w.start();
    try {
      const { id } = await enqueueJob(database.db, { kind: 'test.fail', payload: {}, ownerId: owner });
      const failed = await until(
        () => jobRow(id),
        (row) => row.status === 'failed',
      );
      expect(failed).toMatchObject({ error: 'safe message for test.fail', attempts: 1 });
      const [user] = await database.db.select().from(users).where(eq(users.id, owner));
      expect(user!.full_name).toBe('Job Owner');
    } finally {
      await w.stop();
    }
  });

  it('takes again a job whose worker died (lease passed), and gives up after 3 attempts', async () => {
    const runs: string[] = [];
    const w = worker({ 'test.lease': async (job) => void runs.push(`${job.id}:${job.attempts}`) });
    // Two jobs "running" on a worker that died: one after its first attempt, one after its third.
    const [again, spent] = await database.db
      .insert(jobs)
      .values([
        {
          kind: 'test.lease',
          payload: {},
          owner_id: owner,
          status: 'running',
          attempts: 1,
          locked_until: sql`now() - interval '1 second'`,
        },
        {
          kind: 'test.lease',
          payload: {},
          owner_id: owner,
          status: 'running',
          attempts: 3,
          locked_until: sql`now() - interval '1 second'`,
        },
      ])
      .returning({ id: jobs.id });
    // A live lease is left alone.
    const [held] = await database.db
      .insert(jobs)
      .values({
        kind: 'test.lease',
        payload: {},
        owner_id: owner,
        status: 'running',
        attempts: 1,
        locked_until: sql`now() + interval '1 hour'`,
      })
      .returning({ id: jobs.id });
    w.start();
    try {
      await until(
        () => jobRow(again!.id),
        (row) => row.status === 'succeeded',
      );
      const gaveUp = await until(
        () => jobRow(spent!.id),
        (row) => row.status === 'failed',
      );
      expect(gaveUp.error).toMatch(/could not be completed/);
      expect(runs).toEqual([`${again!.id}:2`]);
      await sleep(300);
      expect((await jobRow(held!.id)).status).toBe('running');
    } finally {
      await w.stop();
    }
  });

  it('retries a job that threw', async () => {
    let calls = 0;
    const w = worker({
      'test.flaky': async () => {
        calls += 1;
        if (calls < 2) throw new Error('transient');
      },
    });
    w.start();
    try {
      const { id } = await enqueueJob(database.db, { kind: 'test.flaky', payload: {}, ownerId: owner });
      const done = await until(
        () => jobRow(id),
        (row) => row.status === 'succeeded',
        20_000,
      );
      expect(done.attempts).toBe(2);
    } finally {
      await w.stop();
    }
  });

  it('hands a running job back on shutdown without counting the attempt, quickly', async () => {
    let started = false;
    const w = worker({
      'test.long': async (_job, context) => {
        started = true;
        await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    w.start();
    const { id } = await enqueueJob(database.db, { kind: 'test.long', payload: {}, ownerId: owner });
    await until(async () => started, Boolean);
    const before = Date.now();
    await w.stop();
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, locked_until: null });
    await database.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('refuses to complete a job another worker took over (its lease had passed), writing nothing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const outcome: string[] = [];
    const w = worker({
      'test.stolen': async (_job, context) => {
        await gate;
        try {
          await database.db.transaction(async (tx) => {
            await tx.update(users).set({ full_name: 'Written by a stale worker' }).where(eq(users.id, owner));
            await context.complete(tx, {});
          });
          outcome.push('completed');
        } catch {
          outcome.push('refused');
        }
      },
    });
    w.start();
    try {
      const { id } = await enqueueJob(database.db, { kind: 'test.stolen', payload: {}, ownerId: owner });
      await until(
        () => jobRow(id),
        (row) => row.status === 'running',
      );
      // Another worker claimed it after the lease passed: the attempt number moved on.
      await database.db
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, id));
      release();
      await until(
        async () => outcome.length,
        (n) => n === 1,
      );
      expect(outcome).toEqual(['refused']);
      const [user] = await database.db.select().from(users).where(eq(users.id, owner));
      expect(user!.full_name).toBe('Job Owner');
      expect((await jobRow(id)).status).toBe('running');
    } finally {
      await w.stop();
    }
  });

  it('enqueues a job with a unique key once, whatever became of the first', async () => {
    const input = { kind: 'test.unique', payload: {}, ownerId: owner };
    expect(await enqueueJobOnce(database.db, 'test.unique:1', input)).toBe(true);
    expect(await enqueueJobOnce(database.db, 'test.unique:1', input)).toBe(false);
    await database.db.update(jobs).set({ status: 'succeeded' }).where(eq(jobs.unique_key, 'test.unique:1'));
    expect(await enqueueJobOnce(database.db, 'test.unique:1', input)).toBe(false);
    expect(await enqueueJobOnce(database.db, 'test.unique:2', input)).toBe(true);
    // Jobs without a key are never in each other's way.
    await enqueueJob(database.db, input);
    await enqueueJob(database.db, input);
    expect(await database.db.$count(jobs, eq(jobs.kind, 'test.unique'))).toBe(4);
  });

  it('runs a periodic task at start and then on its interval, one run at a time, until stopped', async () => {
    const w = worker({});
    let running = 0;
    let overlapped = false;
    const ticks: Date[] = [];
    w.every('test.periodic', 60, async (now) => {
      running += 1;
      overlapped ||= running > 1;
      ticks.push(now);
      await sleep(150);
      running -= 1;
    });
    w.every('test.never', 0, async () => {
      throw new Error('an interval of 0 runs nothing');
    });
    w.start();
    await until(
      async () => ticks.length,
      (n) => n >= 3,
    );
    await w.stop();
    const stoppedAt = ticks.length;
    await sleep(200);
    expect(ticks.length).toBe(stoppedAt);
    expect(overlapped).toBe(false);
    expect(ticks.every((tick) => tick instanceof Date)).toBe(true);
  });

  it('starts a paced kind at most once per 1/rate of its clock, one at a time after a quiet spell, holding no other kind back', async () => {
    // The worker's clock stands still unless the test moves it: what runs is decided by state, not by timing.
    let now = Date.parse('2026-11-30T08:00:00Z');
    const w = createJobWorker({ db: database.db, log: logger, pollMs: 50, concurrency: 2, leaseMs: 5_000, clock: () => now });
    const runs: string[] = [];
    w.register('test.paced', async (job) => void runs.push(job.id));
    w.register('test.free', async () => {});
    w.pace(['test.paced'], 1);
    const paced: string[] = [];
    for (let i = 0; i < 4; i += 1)
      paced.push((await enqueueJob(database.db, { kind: 'test.paced', payload: { i }, ownerId: owner })).id);
    const succeeded = async () =>
      (await database.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.kind, 'test.paced'))).filter(
        (row) => row.status === 'succeeded',
      ).length;
    /** An unpaced job run to the end: the worker has looked for work since, and was free to take paced ones. */
    const looked = async () => {
      for (let round = 0; round < 2; round += 1) {
        const { id } = await enqueueJob(database.db, { kind: 'test.free', payload: {}, ownerId: owner });
        await until(
          () => jobRow(id),
          (row) => row.status === 'succeeded',
        );
      }
    };
    w.start();
    try {
      // A rested pace: one start now; then none while the clock stands still, however often the worker looks.
      await until(succeeded, (n) => n === 1);
      await looked();
      expect(await succeeded()).toBe(1);
      // A second of its clock: one more.
      now += 1_000;
      await until(succeeded, (n) => n === 2);
      await looked();
      expect(await succeeded()).toBe(2);
      // An hour of quiet grants one start, not the hour's worth (a burst of one).
      now += 3_600_000;
      await until(succeeded, (n) => n === 3);
      await looked();
      expect(await succeeded()).toBe(3);
      now += 1_000;
      await until(succeeded, (n) => n === 4);
      // None lost, none run twice.
      expect([...runs].sort()).toEqual([...paced].sort());
      const attempts = await database.db.select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, 'test.paced'));
      expect(attempts.map((row) => row.attempts)).toEqual([1, 1, 1, 1]);
    } finally {
      await w.stop();
    }
  });

  it('processes each job exactly once with two app instances on one database', async () => {
    // Two server processes: with PostgreSQL, two connection pools; PGlite has one connection.
    const second = testDatabaseKind() === 'postgres' ? await openDatabase(database.url, { poolMax: 4 }) : database;
    const config = testConfig({ JOBS_POLL_MS: '50', JOBS_CONCURRENCY: '3' });
    const apps: App[] = [
      await buildApp({ config, database, logger: false }),
      await buildApp({ config, database: second, logger: false }),
    ];
    const runs: Array<{ app: number; id: string }> = [];
    apps.forEach((app, index) =>
      app.jobWorker.register('test.once', async (job, context) => {
        runs.push({ app: index, id: job.id });
        await sleep(30);
        await database.db.transaction((tx) => context.complete(tx, {}));
      }),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1)
        ids.push((await enqueueJob(database.db, { kind: 'test.once', payload: { i }, ownerId: owner })).id);
      await until(
        () => database.db.$count(jobs, sql`${jobs.kind} = 'test.once' and ${jobs.status} = 'succeeded'`),
        (n) => n === 30,
      );
      expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
      const attempts = await database.db.select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, 'test.once'));
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
      if (testDatabaseKind() === 'postgres') expect(new Set(runs.map((r) => r.app)).size).toBe(2);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      if (second !== database) await second.close();
    }
  });
});
