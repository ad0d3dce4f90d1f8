import { useCallback, useEffect, useReducer } from 'react';
import { useDocumentVisible, usePrefersReducedMotion } from './use-media.ts';

// 14 scripted lines 2.5 s apart; the stage moves to 1, 2, 3 at lines 3, 7, 13.
export const CALL_LINE_COUNT = 14;
export const CALL_LINE_INTERVAL_MS = 2500;
export const CALL_STAGE_LINES = [3, 7, 13] as const;
export const CALL_REQUIREMENT_COUNT = 7;

export type CallDemoStatus = 'idle' | 'playing' | 'paused' | 'finished';

export interface CallDemoState {
  status: CallDemoStatus;
  /** How many transcript lines are shown (0–14). */
  lines: number;
  /** Counts starts, so a restart gives the first line a full interval again. */
  run: number;
}

export type CallDemoAction =
  { type: 'start' } | { type: 'tick' } | { type: 'pause' } | { type: 'resume' } | { type: 'show-final' };

export const initialCallDemoState: CallDemoState = { status: 'idle', lines: 0, run: 0 };

/** The stage counter (0–3) once `lines` lines are shown. */
export const stageAt = (lines: number) => CALL_STAGE_LINES.filter((line) => lines >= line).length;

export function callDemoReducer(state: CallDemoState, action: CallDemoAction): CallDemoState {
  switch (action.type) {
    case 'start':
      // Start and restart are one action: the first line shows at once.
      return { status: 'playing', lines: 1, run: state.run + 1 };
    case 'tick':
      if (state.status !== 'playing') return state;
      // The last line stays on screen one interval, then the call finishes.
      if (state.lines >= CALL_LINE_COUNT) return { ...state, status: 'finished' };
      return { ...state, lines: state.lines + 1 };
    case 'pause':
      return state.status === 'playing' ? { ...state, status: 'paused' } : state;
    case 'resume':
      return state.status === 'paused' ? { ...state, status: 'playing' } : state;
    case 'show-final':
      return { ...state, status: 'finished', lines: CALL_LINE_COUNT };
  }
}

/**
 * The why page's scripted call. `autoStart` begins it (e.g. when scrolled into view);
 * a hidden tab stops the clock, reduced motion shows the finished call at once.
 */
export function useCallDemo(autoStart: boolean) {
  const reducedMotion = usePrefersReducedMotion();
  const visible = useDocumentVisible();
  const [state, dispatch] = useReducer(callDemoReducer, initialCallDemoState);

  useEffect(() => {
    if (reducedMotion) dispatch({ type: 'show-final' });
  }, [reducedMotion]);

  const idle = state.status === 'idle';
  useEffect(() => {
    if (autoStart && idle && !reducedMotion) dispatch({ type: 'start' });
  }, [autoStart, idle, reducedMotion]);

  const ticking = state.status === 'playing' && visible;
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => dispatch({ type: 'tick' }), CALL_LINE_INTERVAL_MS);
    return () => clearInterval(id);
  }, [ticking, state.run]);

  return {
    ...state,
    stage: stageAt(state.lines),
    start: useCallback(() => dispatch({ type: 'start' }), []),
    pause: useCallback(() => dispatch({ type: 'pause' }), []),
    resume: useCallback(() => dispatch({ type: 'resume' }), []),
  };
}
