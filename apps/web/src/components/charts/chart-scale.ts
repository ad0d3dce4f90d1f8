/**
 * The arithmetic of Nexa's small charts (decision 021): "nice" axis ticks from zero to a little above
 * the largest value, as a person would draw them (0, 250k, 500k… rather than 0, 237k, 474k…).
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
  // Multiplied, not added up, and rounded: 0.2 + 0.2 + 0.2 is not 0.6 in floating point.
  const steps = Math.ceil(Number((max / step).toPrecision(12)));
  return Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}

/** Where a value sits on a vertical axis from `ticks[0]` (bottom) to the last tick (top). */
export function scaleY(value: number, ticks: number[], top: number, bottom: number): number {
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  return bottom - ((value - low) / (high - low || 1)) * (bottom - top);
}
