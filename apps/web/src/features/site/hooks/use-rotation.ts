import { useEffect, useState } from 'react';
import { useDocumentVisible, usePrefersReducedMotion } from './use-media.ts';

/** The security table highlights one of its rows in turn, every 2.5 s. */
export const ROTATION_INTERVAL_MS = 2500;

/**
 * The index (0 … count-1) highlighted now. It advances every `intervalMs` while the tab is
 * visible, the visitor allows motion and the rotation is not paused (e.g. on hover or focus).
 */
export function useRotation(count: number, { intervalMs = ROTATION_INTERVAL_MS, paused = false } = {}) {
  const reducedMotion = usePrefersReducedMotion();
  const visible = useDocumentVisible();
  const [index, setIndex] = useState(0);
  const running = visible && !reducedMotion && !paused && count > 1;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(id);
  }, [running, count, intervalMs]);
  return index;
}
