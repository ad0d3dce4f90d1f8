import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * sonner's Toaster, fetched once the page is idle instead of with the entry chunk. Toasts
 * raised before it mounts are not lost: sonner replays active toasts to a new Toaster.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(show, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(show, 1);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" closeButton />
    </Suspense>
  );
}
