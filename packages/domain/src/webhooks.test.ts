import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, nextAttemptAt } from './webhooks.ts';

const HOUR = 60 * 60_000;

describe('webhook retry schedule', () => {
  it('doubles the wait from the base, up to the cap', () => {
    const t0 = 1_000_000;
    const waits = [1, 2, 3, 4, 10, 20].map((failures) => nextAttemptAt(failures, t0, t0, DEFAULT_RETRY_SCHEDULE)! - t0);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 2_560_000, 2 * HOUR]);
  });

  it('tries for a day after the first failure, the last try on the day mark, then gives up', () => {
    const t0 = 0;
    let now = t0;
    let failures = 0;
    const tries: number[] = [];
    for (;;) {
      failures += 1;
      const next = nextAttemptAt(failures, t0, now, DEFAULT_RETRY_SCHEDULE);
      if (next === null) break;
      tries.push(next);
      now = next;
    }
    expect(tries.at(-1)).toBe(24 * HOUR);
    expect(now).toBe(24 * HOUR);
    // 5 s … 2 h doubling, then every 2 h: about twenty tries in the day, never two at once.
    expect(tries.length).toBeGreaterThan(15);
    expect(tries.length).toBeLessThan(30);
    for (let i = 1; i < tries.length; i += 1) expect(tries[i]!).toBeGreaterThan(tries[i - 1]!);
  });

  it('gives up at once when the day is already over', () => {
    expect(nextAttemptAt(1, 0, 24 * HOUR, DEFAULT_RETRY_SCHEDULE)).toBeNull();
    expect(nextAttemptAt(1, 0, 24 * HOUR - 1, DEFAULT_RETRY_SCHEDULE)).toBe(24 * HOUR);
  });
});
