import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advance, setReducedMotion, setTabHidden, withTimelineClock } from './test-utils.ts';
import { CALL_LINE_INTERVAL_MS as GAP, stageAt, useCallDemo } from './use-call-demo.ts';

withTimelineClock();

describe('the why-page scripted call', () => {
  it('waits until it is asked to start', () => {
    const { result, rerender } = renderHook(({ auto }) => useCallDemo(auto), { initialProps: { auto: false } });
    advance(60_000);
    expect(result.current).toMatchObject({ status: 'idle', lines: 0, stage: 0 });
    rerender({ auto: true });
    expect(result.current).toMatchObject({ status: 'playing', lines: 1 });
  });

  it('shows the 14 lines 2.5 s apart, moves the stage at lines 3, 7 and 13, then finishes', () => {
    const { result } = renderHook(() => useCallDemo(true));
    const seen: Array<[number, number]> = [[result.current.lines, result.current.stage]];
    for (let line = 2; line <= 14; line++) {
      advance(GAP - 1);
      expect(result.current.lines).toBe(line - 1);
      advance(1);
      expect(result.current.lines).toBe(line);
      seen.push([result.current.lines, result.current.stage]);
    }
    expect(seen.map(([, stage]) => stage)).toEqual([0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3]);
    expect(result.current.status).toBe('playing');
    advance(GAP);
    expect(result.current).toMatchObject({ status: 'finished', lines: 14, stage: 3 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pauses with no timer left, resumes, and restarts from the first line', () => {
    const { result } = renderHook(() => useCallDemo(true));
    advance(GAP * 4);
    expect(result.current.lines).toBe(5);
    act(() => result.current.pause());
    expect(vi.getTimerCount()).toBe(0);
    advance(GAP * 10);
    expect(result.current).toMatchObject({ status: 'paused', lines: 5 });
    act(() => result.current.resume());
    advance(GAP);
    expect(result.current).toMatchObject({ status: 'playing', lines: 6 });
    advance(GAP - 1000);
    act(() => result.current.start());
    expect(result.current).toMatchObject({ status: 'playing', lines: 1, stage: 0 });
    // A restart gives the first line its full 2.5 s, wherever the old interval stood.
    advance(GAP - 1);
    expect(result.current.lines).toBe(1);
    advance(1);
    expect(result.current.lines).toBe(2);
  });

  it('stops while the tab is hidden', () => {
    const { result } = renderHook(() => useCallDemo(true));
    setTabHidden(true);
    advance(GAP * 5);
    expect(result.current.lines).toBe(1);
    setTabHidden(false);
    advance(GAP);
    expect(result.current.lines).toBe(2);
  });

  it('shows the finished call at once when reduced motion is preferred', () => {
    setReducedMotion(true);
    const { result } = renderHook(() => useCallDemo(true));
    expect(result.current).toMatchObject({ status: 'finished', lines: 14, stage: 3 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts stages from the number of lines shown', () => {
    expect([0, 2, 3, 6, 7, 12, 13, 14].map(stageAt)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
