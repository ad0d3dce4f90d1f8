import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { databaseMilliseconds, runWithQueryClock, timedQuery } from './query-clock.ts';

/** Runs `body` as a request would (inside its clock) and answers the clock's total after it. */
const asRequest = (body: () => Promise<unknown>) =>
  new Promise<number>((resolve, reject) =>
    runWithQueryClock(() => {
      body().then(() => resolve(databaseMilliseconds()!), reject);
    }),
  );

describe('query clock', () => {
  it('counts the time statements are in flight, concurrent ones once', async () => {
    const total = await asRequest(async () => {
      await Promise.all([timedQuery(() => sleep(40)), timedQuery(() => sleep(40))]);
      await sleep(40); // the server's own work: not counted
      await timedQuery(() => sleep(20));
    });
    expect(total).toBeGreaterThanOrEqual(58);
    expect(total).toBeLessThan(100);
  });

  it('keeps each request on its own clock', async () => {
    const [a, b] = await Promise.all([
      asRequest(() => timedQuery(() => sleep(10))),
      asRequest(() => timedQuery(() => sleep(60))),
    ]);
    expect(a).toBeLessThan(50);
    expect(b).toBeGreaterThanOrEqual(58);
  });

  it('counts a failed statement and passes its error on', async () => {
    const total = await asRequest(async () => {
      await expect(timedQuery(() => sleep(20).then(() => Promise.reject(new Error('refused'))))).rejects.toThrow('refused');
    });
    expect(total).toBeGreaterThanOrEqual(18);
  });

  it('runs a statement outside any request untimed', async () => {
    expect(databaseMilliseconds()).toBeUndefined();
    await expect(timedQuery(async () => 7)).resolves.toBe(7);
  });
});
