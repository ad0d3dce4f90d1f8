import { describe, expect, it } from 'vitest';
import { paceWaitMs, pacedAt, restedPace, takePace, type Pace, type PaceState } from './pacing.ts';

/** Starts a worker makes at this pace, asking whenever it is told to wait, from 0 to `untilMs`. */
function starts(pace: Pace, untilMs: number, from: PaceState = restedPace(pace, 0)): number[] {
  const at: number[] = [];
  let state = from;
  let now = from.at;
  while (now <= untilMs) {
    const wait = paceWaitMs(state, now, pace);
    if (wait === 0) {
      state = takePace(state, now, pace);
      at.push(now);
    } else now += wait;
  }
  return at;
}

describe('pacing (token bucket)', () => {
  it('spaces starts by 1/rate with a burst of one', () => {
    expect(starts({ perSecond: 5, burst: 1 }, 1_000)).toEqual([0, 200, 400, 600, 800, 1_000]);
  });

  it('lets a burst go at once after a quiet spell, then the rate', () => {
    expect(starts({ perSecond: 2, burst: 3 }, 1_500)).toEqual([0, 0, 0, 500, 1_000, 1_500]);
  });

  it('takes fractional rates: 0.5 a second is one every 2 s', () => {
    expect(starts({ perSecond: 0.5, burst: 1 }, 6_000)).toEqual([0, 2_000, 4_000, 6_000]);
  });

  it('says how long to wait, rounded up so a start is never early', () => {
    const pace = { perSecond: 3, burst: 1 };
    const after = takePace(restedPace(pace, 0), 0, pace);
    expect(paceWaitMs(after, 0, pace)).toBe(334);
    expect(paceWaitMs(after, 333, pace)).toBe(1);
    expect(paceWaitMs(after, 334, pace)).toBe(0);
  });

  it('keeps no more than the burst however long it was quiet, and grants nothing when the clock goes back', () => {
    const pace = { perSecond: 10, burst: 2 };
    expect(pacedAt({ tokens: 0, at: 0 }, 3_600_000, pace).tokens).toBe(2);
    const spent = takePace(restedPace(pace, 1_000), 1_000, pace);
    expect(pacedAt(spent, 500, pace)).toEqual(spent);
    expect(paceWaitMs(takePace(spent, 1_000, pace), 900, pace)).toBe(100);
  });

  it('sends 5,000 digests at 5 a second in under 17 minutes, and within the hour from 1.4 a second', () => {
    const count = (pace: Pace, ms: number) => starts(pace, ms).length;
    expect(count({ perSecond: 5, burst: 1 }, 1_000 * 1_000)).toBe(5_001);
    expect(count({ perSecond: 1.4, burst: 1 }, 3_600_000)).toBeGreaterThan(5_000);
  });
});
