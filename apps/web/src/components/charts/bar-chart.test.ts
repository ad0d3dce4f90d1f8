import { describe, expect, it } from 'vitest';
import { labelLines } from './bar-chart.tsx';

// Issue 38: on a phone the team chart cut names ("Alex M…") to the width of their bar.
describe("a bar's label", () => {
  it('stays on one line when it fits', () => {
    expect(labelLines('Alex Martin', 200)).toEqual(['Alex Martin']);
  });

  it('goes on two lines, whole, when a phone narrows the bar (5 representatives at 375 px)', () => {
    expect(labelLines('Alex Martin', 52)).toEqual(['Alex', 'Martin']);
    expect(labelLines('Jordan Patel', 52)).toEqual(['Jordan', 'Patel']);
  });

  it('is cut only when a word alone is wider than the bar', () => {
    expect(labelLines('Maximilienne Delacroix-Montaigne', 52)).toEqual(['Maximil…', 'Delacro…']);
    expect(labelLines('Unassigned', 40)).toEqual(['Unass…']);
  });
});
