/**
 * Forecast calls (issue 38): each week a representative commits to two figures for the quarter —
 * commit (what they will close) and best case (what they could) — with a note; the manager sees
 * them beside what the pipeline says and may adjust them. docs/metrics.md, "Forecast calls".
 */

/** What the deals' categories say, for one representative and the quarter (the forecast's figures). */
export interface SystemFigures {
  won: number;
  commit: number;
  bestCase: number;
}

export interface CallFigures {
  commit: number;
  bestCase: number;
}

/**
 * The figures the product proposes: commit = won so far + open deals in commit; best case = that
 * + open deals in best case. A representative starts from these and changes what they believe.
 */
export function proposedCall(system: SystemFigures): CallFigures {
  const commit = system.won + system.commit;
  return { commit, bestCase: commit + system.bestCase };
}

/**
 * How close a call came to what was finally won in its quarter, 0–100: 100 − |won − called| ÷
 * called × 100, never below 0 (a call of 0 is 100 when nothing was won, else 0). The called figure
 * is the commit of the representative's last call of the quarter, as the manager adjusted it if
 * they did.
 */
export function callAccuracy(called: number, won: number): number {
  if (called <= 0) return won <= 0 ? 100 : 0;
  return Math.max(0, Math.round(100 - (Math.abs(won - called) / called) * 100));
}
