import { describe, expect, it } from 'vitest';
import { niceTicks, scaleY } from './chart-scale.ts';

describe('niceTicks', () => {
  it('counts from zero in round steps to at least the largest value', () => {
    expect(niceTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(niceTicks(870_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0.43)).toEqual([0, 0.2, 0.4, 0.6]);
  });

  it('draws an axis from 0 to 1 when there is nothing to draw', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('scaleY', () => {
  it('puts the first tick at the bottom and the last at the top', () => {
    expect(scaleY(0, [0, 50, 100], 10, 110)).toBe(110);
    expect(scaleY(100, [0, 50, 100], 10, 110)).toBe(10);
    expect(scaleY(50, [0, 50, 100], 10, 110)).toBe(60);
  });
});
