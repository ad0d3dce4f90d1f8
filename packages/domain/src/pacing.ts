/**
 * Pacing of background work that must leave the requests their CPU (issue 37: a weekly digest to
 * 5,000 managers sent as fast as the worker could slowed the API's p95 by a quarter to a half on 2
 * cores). A token bucket: on average at most `perSecond` starts a second, at most `burst` at once
 * after a quiet spell. Pure: the caller keeps the state and the clock.
 */

export interface Pace {
  /** Starts per second, on average (may be a fraction: 0.5 is one every 2 s). */
  perSecond: number;
  /** Starts allowed at once after a quiet spell (at least 1). */
  burst: number;
}

export interface PaceState {
  /** Starts available (a fraction is a start in the making). */
  tokens: number;
  /** The clock (ms) the tokens were counted at. */
  at: number;
}

/** A bucket that has been quiet: `burst` starts available now. */
export const restedPace = (pace: Pace, now: number): PaceState => ({ tokens: pace.burst, at: now });

/** The bucket at `now`: refilled for the time gone by; a clock that went back grants nothing. */
export function pacedAt(state: PaceState, now: number, pace: Pace): PaceState {
  if (now <= state.at) return state;
  return { tokens: Math.min(pace.burst, state.tokens + ((now - state.at) * pace.perSecond) / 1_000), at: now };
}

/** How long until a start may go (0: now). */
export function paceWaitMs(state: PaceState, now: number, pace: Pace): number {
  const current = pacedAt(state, now, pace);
  return current.tokens >= 1 ? 0 : Math.ceil(((1 - current.tokens) * 1_000) / pace.perSecond);
}

/** Counts one start at `now` (the caller checked paceWaitMs): the bucket after it. */
export function takePace(state: PaceState, now: number, pace: Pace): PaceState {
  const current = pacedAt(state, now, pace);
  return { tokens: current.tokens - 1, at: current.at };
}
