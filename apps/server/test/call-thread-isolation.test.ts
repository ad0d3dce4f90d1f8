import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_THREAD_LIMITS, configureCallThread, parseTranscriptOffThread, stopCallThread } from '../src/ai/call-thread.ts';
import { SHORT_CALL } from './call-analysis-helpers.ts';

/**
 * The process has one call-analysis worker, shared by every representative and integration
 * (issue 33). A task that overruns its deadline ends that worker; the task queued behind it, and
 * the task handed to the worker that replaces it, must still get their answer. The real worker
 * thread runs the real reader; only the deadline of the slow task is made tiny (1 ms: no worker
 * reads 2 MB that fast), so which task times out is certain, not a race.
 */

/** 2 MB of ordinary turns. */
const LARGE = Array.from(
  { length: 20_000 },
  (_, i) => `Speaker ${i % 7}: we talked about the rollout plan, the budget and the security review for week ${i}.`,
).join('\n');

// A worker runs its files in one module graph (vitest.config.ts): a server started by an earlier file
// (call-analysis-pathological's, at 1 ms) leaves the process's deadline where it set it. These tests
// give their own tasks the server's default, whatever ran before them.
const inherited = CALL_THREAD_LIMITS.deadlineMs;
beforeAll(() => configureCallThread({ deadlineMs: 20_000 }));
afterAll(async () => {
  await stopCallThread();
  configureCallThread({ deadlineMs: inherited });
});

describe('one task over its deadline fails alone', () => {
  it('the task queued behind it is read by the next worker', async () => {
    // A worker that is up and idle, as on a server that has been running.
    expect(await parseTranscriptOffThread('Warm: up', null)).toHaveLength(1);
    const slow = parseTranscriptOffThread(LARGE, null, { deadlineMs: 1 });
    const queued = parseTranscriptOffThread(SHORT_CALL, null);
    const outcomes = await Promise.allSettled([slow, queued]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/not done within/) } });
    expect(outcomes[1].status).toBe('fulfilled');
    expect((outcomes[1] as PromiseFulfilledResult<unknown[]>).value).toHaveLength(6);
  });

  it('a task handed to the replacement worker survives the old worker ending', async () => {
    expect(await parseTranscriptOffThread('Warm: up', null)).toHaveLength(1);
    await expect(parseTranscriptOffThread(LARGE, null, { deadlineMs: 1 })).rejects.toThrow(/not done within/);
    // The timed-out worker is still being ended while this one starts on its successor.
    const next = parseTranscriptOffThread(SHORT_CALL, null);
    await expect(next).resolves.toHaveLength(6);
  });

  it('several timeouts in a row leave every other task its answer', async () => {
    const tasks = Array.from({ length: 4 }, (_, i) =>
      i % 2 ? parseTranscriptOffThread(SHORT_CALL, null) : parseTranscriptOffThread(LARGE, null, { deadlineMs: 1 }),
    );
    const outcomes = await Promise.allSettled(tasks);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('the deadline counts the task’s own run, not its wait behind others or the worker’s start-up', async () => {
    await stopCallThread();
    // A fresh worker loading its modules, then 2 MB read ahead of it: longer than a second on this
    // machine; the short call's own run takes milliseconds.
    const first = parseTranscriptOffThread(LARGE, null);
    const second = parseTranscriptOffThread(SHORT_CALL, null, { deadlineMs: 1_000 });
    await expect(first).resolves.toHaveLength(20_000);
    await expect(second).resolves.toHaveLength(6);
  });
});
