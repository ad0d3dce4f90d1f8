import { useCallback, useEffect, useReducer } from 'react';
import { useDocumentVisible, usePrefersReducedMotion } from './use-media.ts';

// The landing demo's timeline, in milliseconds from the start of a run.
export const DEMO_START_DELAY_MS = 800;
export const DEMO_DURATION_MS = 8000;
export const DEMO_TICK_MS = 100;
/** Step 0 (panel open), then the send steps 1–4. */
export const DEMO_STEP_TIMES_MS = [1200, 3200, 4700, 6300, 7600] as const;
export const DEMO_LAST_STEP = 4;

export type DemoStep = 0 | 1 | 2 | 3 | 4;

export interface DealDemoState {
  /** False until the first run begins: the 'watch demo' overlay shows. */
  started: boolean;
  playing: boolean;
  /** Milliseconds into the current run; kept while paused so play resumes. */
  elapsed: number;
  step: DemoStep;
  panelOpen: boolean;
}

export type DealDemoAction =
  | { type: 'autostart' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'tick' }
  | { type: 'toggle-panel' }
  | { type: 'show-final' };

export const initialDealDemoState: DealDemoState = { started: false, playing: false, elapsed: 0, step: 0, panelOpen: false };

/** The step reached `elapsed` ms into a run: the latest step time passed, 0 before the panel opens. */
export function stepAt(elapsed: number): DemoStep {
  let step = 0;
  for (let i = 1; i < DEMO_STEP_TIMES_MS.length; i++) if (elapsed >= DEMO_STEP_TIMES_MS[i]!) step = i;
  return step as DemoStep;
}

export const progressOf = (state: Pick<DealDemoState, 'elapsed'>) => Math.min(100, (state.elapsed / DEMO_DURATION_MS) * 100);

export function dealDemoReducer(state: DealDemoState, action: DealDemoAction): DealDemoState {
  switch (action.type) {
    case 'autostart':
      // The timed start only applies to a visitor who has not acted yet.
      return state.started ? state : dealDemoReducer(state, { type: 'play' });
    case 'play': {
      if (state.playing) return state;
      // A finished or never-started run begins from zero; a paused one resumes where it stopped.
      return state.elapsed > 0
        ? { ...state, started: true, playing: true }
        : { started: true, playing: true, elapsed: 0, step: 0, panelOpen: false };
    }
    case 'pause':
      return state.playing ? { ...state, playing: false } : state;
    case 'tick': {
      if (!state.playing) return state;
      const elapsed = state.elapsed + DEMO_TICK_MS;
      // The run ends at 8 s — playing off, progress back to 0, the deal stays active.
      if (elapsed >= DEMO_DURATION_MS) return { ...state, playing: false, elapsed: 0, step: DEMO_LAST_STEP, panelOpen: true };
      return { ...state, elapsed, step: stepAt(elapsed), panelOpen: state.panelOpen || elapsed >= DEMO_STEP_TIMES_MS[0] };
    }
    case 'toggle-panel':
      // Only while idle: open shows everything (step 4), closed goes back to step 0.
      if (state.playing) return state;
      return state.panelOpen
        ? { ...state, started: true, elapsed: 0, panelOpen: false, step: 0 }
        : { ...state, started: true, elapsed: 0, panelOpen: true, step: DEMO_LAST_STEP };
    case 'show-final':
      return { started: true, playing: false, elapsed: 0, step: DEMO_LAST_STEP, panelOpen: true };
  }
}

/**
 * The landing page's product demo: starts by itself after 0.8 s, advances on a 100 ms tick,
 * stops its timers when paused or when the tab is hidden, and shows the final state without
 * moving when the visitor prefers reduced motion.
 */
export function useDealDemo() {
  const reducedMotion = usePrefersReducedMotion();
  const visible = useDocumentVisible();
  const [state, dispatch] = useReducer(dealDemoReducer, initialDealDemoState);

  useEffect(() => {
    if (reducedMotion) {
      dispatch({ type: 'show-final' });
      return;
    }
    const id = setTimeout(() => dispatch({ type: 'autostart' }), DEMO_START_DELAY_MS);
    return () => clearTimeout(id);
  }, [reducedMotion]);

  const ticking = state.playing && visible;
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => dispatch({ type: 'tick' }), DEMO_TICK_MS);
    return () => clearInterval(id);
  }, [ticking]);

  const play = useCallback(() => dispatch({ type: 'play' }), []);
  const pause = useCallback(() => dispatch({ type: 'pause' }), []);
  const togglePanel = useCallback(() => dispatch({ type: 'toggle-panel' }), []);
  return { ...state, progress: progressOf(state), play, pause, togglePanel };
}
