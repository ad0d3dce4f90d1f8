import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { advance, setReducedMotion, setTabHidden, withTimelineClock } from './test-utils.ts';
import { DEMO_START_DELAY_MS as START, useDealDemo } from './use-deal-demo.ts';

withTimelineClock();

describe('the landing demo card timeline', () => {
  it('shows the overlay until it starts by itself at 0.8 s', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START - 1);
    expect(result.current).toMatchObject({ started: false, playing: false, panelOpen: false });
    advance(1);
    expect(result.current).toMatchObject({ started: true, playing: true, step: 0, progress: 0 });
  });

  it('opens the panel at 1.2 s and reaches each send step at its millisecond', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START);
    let now = 0;
    const goTo = (ms: number) => {
      advance(ms - now);
      now = ms;
    };
    goTo(1199);
    expect(result.current.panelOpen).toBe(false);
    goTo(1200);
    expect(result.current).toMatchObject({ panelOpen: true, step: 0 });
    for (const [time, step] of [
      [3200, 1],
      [4700, 2],
      [6300, 3],
      [7600, 4],
    ] as const) {
      goTo(time - 1);
      expect(result.current.step).toBe(step - 1);
      goTo(time);
      expect(result.current.step).toBe(step);
    }
  });

  it('updates the progress every 100 ms and ends the run at 8 s with progress back to 0', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START);
    advance(99);
    expect(result.current.progress).toBe(0);
    advance(1);
    expect(result.current.progress).toBeCloseTo(1.25);
    advance(4000 - 100);
    expect(result.current.progress).toBeCloseTo(50);
    advance(3999);
    expect(result.current).toMatchObject({ playing: true, step: 4 });
    expect(result.current.progress).toBeCloseTo(98.75);
    advance(1);
    expect(result.current).toMatchObject({ playing: false, progress: 0, step: 4, panelOpen: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pause clears the timers; play resumes where it stopped', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START);
    advance(3200);
    expect(result.current.step).toBe(1);
    act(() => result.current.pause());
    expect(result.current.playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    advance(10_000);
    expect(result.current).toMatchObject({ step: 1, playing: false });
    expect(result.current.progress).toBeCloseTo(40);
    advance(0);
    act(() => result.current.play());
    advance(1500);
    expect(result.current).toMatchObject({ playing: true, step: 2 });
  });

  it('play after a finished run starts again from the beginning', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START);
    advance(8000);
    expect(result.current.playing).toBe(false);
    act(() => result.current.play());
    expect(result.current).toMatchObject({ playing: true, step: 0, panelOpen: false, progress: 0 });
    advance(1200);
    expect(result.current.panelOpen).toBe(true);
  });

  it('clicking the idle card toggles the panel between step 4 and step 0, and does nothing while playing', () => {
    const { result } = renderHook(() => useDealDemo());
    act(() => result.current.togglePanel());
    expect(result.current).toMatchObject({ panelOpen: true, step: 4, started: true, playing: false });
    // The visitor acted first: the timed start no longer fires.
    advance(START);
    expect(result.current.playing).toBe(false);
    act(() => result.current.togglePanel());
    expect(result.current).toMatchObject({ panelOpen: false, step: 0 });
    act(() => result.current.play());
    advance(1200);
    act(() => result.current.togglePanel());
    expect(result.current).toMatchObject({ panelOpen: true, step: 0, playing: true });
  });

  it('stops ticking while the tab is hidden and goes on when it is back', () => {
    const { result } = renderHook(() => useDealDemo());
    advance(START);
    advance(1000);
    setTabHidden(true);
    expect(vi.getTimerCount()).toBe(0);
    advance(20_000);
    expect(result.current).toMatchObject({ playing: true, panelOpen: false });
    expect(result.current.progress).toBeCloseTo(12.5);
    setTabHidden(false);
    advance(200);
    expect(result.current.panelOpen).toBe(true);
  });

  it('shows the final state without any timer when reduced motion is preferred', () => {
    setReducedMotion(true);
    const { result } = renderHook(() => useDealDemo());
    expect(result.current).toMatchObject({ started: true, playing: false, step: 4, panelOpen: true, progress: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
