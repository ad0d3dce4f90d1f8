import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCallSet, scoreCallSet, type CallSetScore } from '../src/cli/call-eval.ts';

// The offline analyzer's score on the labelled set (bench/calls), recomputed: a change that makes
// it worse by more than 2 points on any figure fails here, before a rep sees it.
const SET = path.join(import.meta.dirname, '../../../bench/calls/set');
const RECORDED = path.join(import.meta.dirname, '../../../bench/calls/scores.json');

/** Every figure of a score that is a ratio (time is measured, not compared). */
function ratios(score: CallSetScore): Record<string, number> {
  const { timeMs: _time, calls: _calls, citationsDropped: _dropped, ...rest } = score;
  return Object.fromEntries(
    Object.entries(rest).flatMap(([key, value]) =>
      typeof value === 'number' ? [[key, value]] : Object.entries(value).map(([k, v]) => [`${key}.${k}`, v as number]),
    ),
  );
}

describe('call analysis evaluation set', () => {
  it('has at least 40 calls, half in each language, every format, 5 to 200 lines', async () => {
    const set = await loadCallSet(SET);
    expect(set.length).toBeGreaterThanOrEqual(40);
    expect(set.filter((c) => c.expected.language === 'fr')).toHaveLength(set.length / 2);
    expect(new Set(set.map((c) => c.expected.format)).size).toBe(9);
    for (const { lines } of set) {
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(lines.length).toBeLessThanOrEqual(200);
    }
  });

  it('scores the offline analyzer no more than 2 points below the recorded score', async () => {
    const { score } = await scoreCallSet(await loadCallSet(SET));
    const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as { offline: CallSetScore };
    const now = ratios(score);
    for (const [name, value] of Object.entries(ratios(recorded.offline))) {
      expect(now[name], name).toBeGreaterThanOrEqual(value - 0.02);
    }
    // The targets the analyzer is held to.
    expect(score.citationPrecision).toBeGreaterThanOrEqual(0.95);
    expect(score.roleAccuracy.labelsOrNames).toBe(1);
    expect(score.roleAccuracy.otherwise).toBeGreaterThanOrEqual(0.9);
    for (const item of [score.requirements, score.questions, score.nextSteps]) {
      expect(item.precision).toBeGreaterThanOrEqual(0.8);
      expect(item.recall).toBeGreaterThanOrEqual(0.7);
    }
  });
});
