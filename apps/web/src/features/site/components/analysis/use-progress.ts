import { useEffect, useState } from 'react';

export const PROGRESS_TICK_MS = 200;

/**
 * An honest progress figure for a call of unknown length: it climbs quickly, then slows,
 * never reaching 100 until the answer is there. Back to 0 when inactive.
 */
export function useProgress(active: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    setProgress(5);
    const id = setInterval(() => setProgress((p) => Math.min(95, p + (95 - p) * 0.08)), PROGRESS_TICK_MS);
    return () => {
      clearInterval(id);
      setProgress(0);
    };
  }, [active]);
  return Math.round(progress);
}
