import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advance, setReducedMotion, setTabHidden, withTimelineClock } from './test-utils.ts';
import { useRotation } from './use-rotation.ts';

withTimelineClock();

describe('the security table rotation', () => {
  it('moves the highlight to the next of 5 rows every 2.5 s and wraps around', () => {
    const { result } = renderHook(() => useRotation(5));
    const seen = [result.current];
    for (let i = 0; i < 6; i++) {
      advance(2499);
      expect(result.current).toBe(seen.at(-1));
      advance(1);
      seen.push(result.current);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 0, 1]);
  });

  it('holds while paused, while the tab is hidden and under reduced motion', () => {
    const { result, rerender } = renderHook(({ paused }) => useRotation(5, { paused }), { initialProps: { paused: true } });
    advance(10_000);
    expect(result.current).toBe(0);
    rerender({ paused: false });
    setTabHidden(true);
    advance(10_000);
    expect(result.current).toBe(0);
    setTabHidden(false);
    advance(2500);
    expect(result.current).toBe(1);
  });

  it('never starts a timer under reduced motion', () => {
    setReducedMotion(true);
    const { result } = renderHook(() => useRotation(5));
    advance(10_000);
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
