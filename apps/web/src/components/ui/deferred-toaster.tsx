import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** How long a visitor who does nothing waits before the toaster is fetched anyway. */
export const TOASTER_DELAY_MS = 3000;
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * sonner's Toaster, fetched on the first interaction (or after 3 s) instead of with the entry
 * chunk, so it never competes with the first paint. Toasts raised before it mounts are not
 * lost: sonner replays the active toasts to a Toaster when it subscribes.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const id = setTimeout(show, TOASTER_DELAY_MS);
    for (const type of INTERACTIONS) window.addEventListener(type, show, { once: true, passive: true });
    return () => {
      clearTimeout(id);
      for (const type of INTERACTIONS) window.removeEventListener(type, show);
    };
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" closeButton />
    </Suspense>
  );
}
