import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CALL_SETS,
  callCount,
  guardedFigures,
  loadCallSet,
  loadDevelopmentSet,
  scoreCallSet,
  type CallSetScore,
} from '../src/cli/call-eval.ts';

// The offline analyzer's figures on the development set (generated + hand-written calls) and on the
// held-out set, recomputed and held to bench/calls/scores.json (`npm run bench calls -- --record`):
// a change that makes any figure worse by more than 2 points on either set fails here. Of the
// held-out set only totals are compared and printed (docs/call-analysis.md, "Evaluation").
const RECORDED = new URL('../../../bench/calls/scores.json', import.meta.url);
const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as { development: CallSetScore; heldOut: CallSetScore };

/**
 * Every guarded figure of `now` within 2 points of the recorded one (lower is better for the
 * talk-share error): all the regressions are listed at once, so one run shows every figure that fell.
 */
function expectNoRegression(now: CallSetScore, before: CallSetScore, set: string) {
  const current = new Map(guardedFigures(now).map((f) => [f.name, f.value]));
  const regressions: string[] = [];
  for (const { name, value, better } of guardedFigures(before)) {
    const figure = current.get(name);
    if (figure === undefined) regressions.push(`${name}: no longer measured (was ${value})`);
    else if (better === 'higher' ? figure < value - 0.02 : figure > value + 0.02)
      regressions.push(`${name}: ${figure} (recorded ${value})`);
  }
  // Counts the issue wants at zero, compared while the set is the one recorded.
  if (now.calls === before.calls) {
    if (now.nextSteps.dueBeforeCall > before.nextSteps.dueBeforeCall)
      regressions.push(
        `next steps due before the call: ${now.nextSteps.dueBeforeCall} (recorded ${before.nextSteps.dueBeforeCall})`,
      );
    if (now.talkShare.reportedWithoutNames > before.talkShare.reportedWithoutNames)
      regressions.push(
        `talk share without names: ${now.talkShare.reportedWithoutNames} (recorded ${before.talkShare.reportedWithoutNames})`,
      );
  }
  expect(regressions, `${set}: figures more than 2 points below bench/calls/scores.json`).toEqual([]);
}

describe('call analysis evaluation', () => {
  it('has the development and held-out sets (counted from their folders)', async () => {
    const generated = callCount(CALL_SETS.generated);
    const handWritten = callCount(CALL_SETS.handWritten);
    const heldOut = callCount(CALL_SETS.heldOut);
    // 44 generated + 50 hand-written development calls and 40 held-out ones on 2026-11-27: issue 34
    // asks for 120 in all (met) with a third held out (40 of 134 is 30 %: five more held-out calls
    // would make it). Writers add calls, so these are floors.
    expect(generated).toBeGreaterThanOrEqual(44);
    expect(handWritten).toBeGreaterThanOrEqual(50);
    expect(heldOut).toBeGreaterThanOrEqual(40);
    expect(generated + handWritten + heldOut).toBeGreaterThanOrEqual(120);

    // The generated calls: half in each language, every format, 5 to 200 lines.
    const set = await loadCallSet(CALL_SETS.generated);
    expect(set.filter((c) => c.expected.language === 'fr')).toHaveLength(set.length / 2);
    expect(new Set(set.map((c) => c.expected.format)).size).toBe(9);
    for (const { lines } of set) {
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(lines.length).toBeLessThanOrEqual(200);
    }
  });

  it('scores the development set no more than 2 points below the recorded figures', { timeout: 60_000 }, async () => {
    const { score } = await scoreCallSet(await loadDevelopmentSet());
    expectNoRegression(score, recorded.development, 'development set');
  });

  it(
    'scores the held-out set no more than 2 points below the recorded totals, and keeps no per-call detail',
    { timeout: 60_000 },
    async () => {
      const set = await loadCallSet(CALL_SETS.heldOut);
      expect(set.every((c) => c.heldOut)).toBe(true);
      const { score, perCall } = await scoreCallSet(set);
      expect(perCall).toEqual([]);
      expectNoRegression(score, recorded.heldOut, 'held-out set (totals)');
    },
  );
});
